import MaLiangVulkan

/// A Vulkan device to draw canvases with. Canvases made on one GPU share it; each canvas makes its own otherwise.
public final class GPU {
    let context: VulkanContext
    /// Whether canvases on it can show on Wayland surfaces.
    let presenting: Bool

    /// Picks a device: a discrete GPU first, an integrated one next, lavapipe (the CPU) last. With `presenting`, the
    /// device must be able to show canvases on Wayland surfaces.
    public init(presenting: Bool = false) throws {
        var options = VulkanContext.Options()
        if presenting {
            options.instanceExtensions = Swapchain.instanceExtensions
            options.deviceExtensions = Swapchain.deviceExtensions
            options.optionalDeviceExtensions = Swapchain.optionalDeviceExtensions
        }
        self.presenting = presenting
        do { context = try VulkanContext(options: options) } catch { throw CanvasError("no usable GPU: \(error)") }
    }

    /// The device's name, as its driver reports it ("llvmpipe (LLVM 15.0.6, 256 bits)", "NVIDIA H200").
    public var name: String { context.deviceName }
}
