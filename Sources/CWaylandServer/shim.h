#include <wayland-server-core.h>

// wl_resource_post_error is variadic, which Swift cannot call.
static inline void mlwl_resource_post_error_message(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
