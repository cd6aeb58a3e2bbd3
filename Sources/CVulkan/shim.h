// The Wayland platform types (VkWaylandSurfaceCreateInfoKHR) are only declared when this macro is set before
// vulkan.h, and a module map cannot define macros: hence this shim.
#include <wayland-client-core.h>
#define VK_USE_PLATFORM_WAYLAND_KHR 1
#include <vulkan/vulkan.h>
