import Foundation
import MaLiangVulkan
import WaylandClient
import WaylandProtocol

/// How the window's frames reach the compositor: a Vulkan swapchain, or shared memory where the device cannot
/// present to the compositor's surfaces (a driver that needs a GPU buffer protocol the compositor lacks).
/// `MALIANG_PRESENTATION=shm` asks for shared memory whatever the device can do.
enum WindowFrameSurface {
    /// The frame surface for `surface`, and a note for the user when frames go through shared memory though a
    /// swapchain was wanted.
    static func make(
        context: VulkanContext, connection: WaylandConnection, surface: WlSurface, shm: WlShm,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (any FrameSurface, note: String?) {
        guard let pointer = surface.proxy else {
            throw PaintingApp.LaunchError(description: "the window surface is gone")
        }
        func sharedMemory() -> SharedMemoryFrames {
            SharedMemoryFrames(context: context, delivery: SharedMemoryPresentation(shm: shm, surface: surface))
        }
        if environment["MALIANG_PRESENTATION"] == "shm" { return (sharedMemory(), nil) }
        if let swapchain = try Swapchain(context: context, wlDisplay: connection.display, wlSurface: pointer) {
            return (swapchain, nil)
        }
        return (
            sharedMemory(),
            "\(context.deviceName) cannot present to this compositor's surfaces: frames are copied to shared memory "
                + "instead, which is slower"
        )
    }
}
