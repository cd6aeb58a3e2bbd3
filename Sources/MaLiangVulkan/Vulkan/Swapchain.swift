import CVulkan

/// A Vulkan swapchain on a Wayland surface. MAILBOX when offered (never blocks on a hidden window), else FIFO;
/// images are acquired with a finite timeout; the caller paces frames with wl_surface frame callbacks.
public final class Swapchain: FrameSurface {
    /// Instance extensions a context needs for ``Swapchain``.
    public static let instanceExtensions = ["VK_KHR_surface", "VK_KHR_wayland_surface"]
    /// Device extensions a context needs for ``Swapchain``.
    public static let deviceExtensions = ["VK_KHR_swapchain"]
    /// Used when offered: tells the compositor which part of a frame changed (wl_surface.damage_buffer).
    public static let optionalDeviceExtensions = ["VK_KHR_incremental_present"]

    let context: VulkanContext
    private var surface: VkSurfaceKHR?
    private(set) var swapchain: VkSwapchainKHR?
    /// The images to draw into, by index.
    private(set) var targets: [RenderTarget] = []
    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var format = PixelFormat.bgra8
    /// Whether the compositor reads the images' alpha (premultiplied): a window can then leave pixels transparent
    /// (its rounded corners); otherwise every pixel shows opaque.
    public private(set) var showsAlpha = false
    private var presentMode = VK_PRESENT_MODE_FIFO_KHR
    /// The surface changed under the chain (out of date): it is made again before the next frame, even at the same
    /// size, or no image would ever be acquired again.
    public private(set) var isOutOfDate = false
    private var fence: VkFence?

    /// Creates the Vulkan surface for `wlSurface` on `wlDisplay` (raw `wl_display*` / `wl_surface*`); nil when the
    /// device cannot present to it (its driver needs a buffer protocol the compositor lacks: ``SharedMemoryFrames``
    /// can show the frames instead).
    public init?(context: VulkanContext, wlDisplay: OpaquePointer, wlSurface: OpaquePointer) throws(VulkanError) {
        self.context = context
        var info = VkWaylandSurfaceCreateInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_WAYLAND_SURFACE_CREATE_INFO_KHR
        info.display = wlDisplay
        info.surface = wlSurface
        var created: VkSurfaceKHR?
        try check(vkCreateWaylandSurfaceKHR(context.instance, &info, nil, &created), "vkCreateWaylandSurfaceKHR")
        guard let created else { throw VulkanError("no surface") }
        // Destroyed here on failure and forgotten: the failed object's deinit must not destroy it a second time
        // (NVIDIA's driver crashes on that).
        func letSurfaceGo() {
            vkDestroySurfaceKHR(context.instance, created, nil)
            surface = nil
        }
        surface = created
        var supported: VkBool32 = 0
        vkGetPhysicalDeviceSurfaceSupportKHR(context.physicalDevice, context.queueFamily, created, &supported)
        guard supported != 0 else {
            letSurfaceGo()
            return nil
        }
        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        let result = vkCreateFence(context.device, &fenceInfo, nil, &fence)
        guard result == VK_SUCCESS else {
            letSurfaceGo()
            throw VulkanError("vkCreateFence", result)
        }
    }

    deinit { close() }

    /// Destroys the images, then the Vulkan surface, in that order; call before the Wayland surface and the
    /// connection go (Mesa's presentation still refers to them). Nothing can be presented afterwards.
    public func close() {
        guard let surface else { return }
        vkDeviceWaitIdle(context.device)
        destroyChain()
        vkDestroyFence(context.device, fence, nil)
        fence = nil
        vkDestroySurfaceKHR(context.instance, surface, nil)
        self.surface = nil
    }

    /// (Re)creates the images for a surface of `width`×`height` buffer pixels.
    public func resize(width: Int, height: Int) throws(VulkanError) {
        guard width > 0, height > 0, let surface else { return }
        if width == self.width && height == self.height && swapchain != nil && !isOutOfDate { return }
        vkDeviceWaitIdle(context.device)
        var capabilities = VkSurfaceCapabilitiesKHR()
        try check(
            vkGetPhysicalDeviceSurfaceCapabilitiesKHR(context.physicalDevice, surface, &capabilities),
            "surface capabilities")
        let largest = capabilities.maxImageExtent
        guard width <= Int(largest.width), height <= Int(largest.height) else {
            throw VulkanError(
                "a window of \(width)×\(height) pixels is larger than \(context.deviceName) can show "
                    + "(\(largest.width)×\(largest.height))")
        }
        var modeCount: UInt32 = 0
        vkGetPhysicalDeviceSurfacePresentModesKHR(context.physicalDevice, surface, &modeCount, nil)
        var modes = [VkPresentModeKHR](repeating: VK_PRESENT_MODE_FIFO_KHR, count: Int(modeCount))
        vkGetPhysicalDeviceSurfacePresentModesKHR(context.physicalDevice, surface, &modeCount, &modes)
        presentMode =
            modes.contains(VK_PRESENT_MODE_MAILBOX_KHR) ? VK_PRESENT_MODE_MAILBOX_KHR : VK_PRESENT_MODE_FIFO_KHR
        var formatCount: UInt32 = 0
        vkGetPhysicalDeviceSurfaceFormatsKHR(context.physicalDevice, surface, &formatCount, nil)
        var formats = [VkSurfaceFormatKHR](repeating: VkSurfaceFormatKHR(), count: Int(formatCount))
        vkGetPhysicalDeviceSurfaceFormatsKHR(context.physicalDevice, surface, &formatCount, &formats)
        // UNORM: the paint is blended in sRGB-encoded values already; an _SRGB format would encode it twice.
        let chosen =
            formats.first { $0.format == VK_FORMAT_B8G8R8A8_UNORM } ?? formats.first {
                $0.format == VK_FORMAT_R8G8B8A8_UNORM
            } ?? formats.first
        guard let chosen else { throw VulkanError("the surface offers no format") }
        format = PixelFormat(chosen.format)
        var info = VkSwapchainCreateInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR
        info.surface = surface
        info.minImageCount = max(capabilities.minImageCount, 2)
        if capabilities.maxImageCount > 0 { info.minImageCount = min(info.minImageCount, capabilities.maxImageCount) }
        info.imageFormat = chosen.format
        info.imageColorSpace = chosen.colorSpace
        info.imageExtent = VkExtent2D(width: UInt32(width), height: UInt32(height))
        info.imageArrayLayers = 1
        info.imageUsage = VkImageUsageFlags(
            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue)
        info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR
        // Premultiplied where offered (every frame is opaque but for what the window leaves out on purpose), else
        // opaque.
        let premultiplied = VK_COMPOSITE_ALPHA_PRE_MULTIPLIED_BIT_KHR
        showsAlpha = capabilities.supportedCompositeAlpha & VkCompositeAlphaFlagsKHR(premultiplied.rawValue) != 0
        info.compositeAlpha =
            showsAlpha
            ? premultiplied
            : capabilities.supportedCompositeAlpha
                & VkCompositeAlphaFlagsKHR(VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR.rawValue) != 0
                ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR : VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR
        info.presentMode = presentMode
        info.clipped = VkBool32(VK_TRUE)
        info.oldSwapchain = swapchain
        var created: VkSwapchainKHR?
        let result = vkCreateSwapchainKHR(context.device, &info, nil, &created)
        // The old chain is retired even when creation fails: nothing may be acquired from it again.
        destroyChain()
        try check(result, "vkCreateSwapchainKHR(\(width)×\(height))")
        swapchain = created
        self.width = width
        self.height = height
        isOutOfDate = false
        var count: UInt32 = 0
        vkGetSwapchainImagesKHR(context.device, created, &count, nil)
        var handles = [VkImage?](repeating: nil, count: Int(count))
        vkGetSwapchainImagesKHR(context.device, created, &count, &handles)
        for case let image? in handles {
            var viewInfo = VkImageViewCreateInfo()
            viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
            viewInfo.image = image
            viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D
            viewInfo.format = chosen.format
            viewInfo.subresourceRange = GPUImage.range()
            var view: VkImageView?
            let result = vkCreateImageView(context.device, &viewInfo, nil, &view)
            guard result == VK_SUCCESS else {
                destroyChain()
                throw VulkanError("swapchain image view", result)
            }
            if let view {
                targets.append(RenderTarget(vkImage: image, vkView: view, width: width, height: height, format: format))
            }
        }
    }

    public func image(_ index: Int) -> FrameImage { FrameImage(kind: .presentable(targets[index])) }

    /// The next image to draw, or nil when none came within `timeout` nanoseconds or the chain is out of date.
    public func acquire(timeout: UInt64 = 100_000_000) throws(VulkanError) -> Int? {
        guard let swapchain else { return nil }
        var index: UInt32 = 0
        let result = vkAcquireNextImageKHR(context.device, swapchain, timeout, nil, fence, &index)
        if result == VK_ERROR_OUT_OF_DATE_KHR { isOutOfDate = true }
        if result == VK_TIMEOUT || result == VK_NOT_READY || result == VK_ERROR_OUT_OF_DATE_KHR { return nil }
        guard result == VK_SUCCESS || result == VK_SUBOPTIMAL_KHR else {
            throw VulkanError("vkAcquireNextImageKHR", result)
        }
        try check(vkWaitForFences(context.device, 1, [fence], VkBool32(VK_TRUE), UInt64.max), "acquire fence")
        vkResetFences(context.device, 1, [fence])
        return Int(index)
    }

    /// Presents image `index`; with `damage` and VK_KHR_incremental_present, the compositor is told only those
    /// rectangles changed.
    public func present(_ index: Int, damage: [BufferRect]? = nil) throws(VulkanError) {
        guard let swapchain else { return }
        let arena = CArena()
        var info = VkPresentInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR
        info.swapchainCount = 1
        info.pSwapchains = UnsafePointer(arena.keep(Optional(swapchain)))
        info.pImageIndices = UnsafePointer(arena.keep(UInt32(index)))
        let rectangles = (damage ?? []).compactMap { rect -> VkRectLayerKHR? in
            guard let clipped = rect.clipped(width: width, height: height) else { return nil }
            return VkRectLayerKHR(
                offset: VkOffset2D(x: Int32(clipped.x), y: Int32(clipped.y)),
                extent: VkExtent2D(width: UInt32(clipped.width), height: UInt32(clipped.height)), layer: 0)
        }
        if damage != nil, !rectangles.isEmpty,
            context.enabledOptionalExtensions.contains("VK_KHR_incremental_present")
        {
            var regions = VkPresentRegionsKHR()
            regions.sType = VK_STRUCTURE_TYPE_PRESENT_REGIONS_KHR
            regions.swapchainCount = 1
            regions.pRegions = UnsafePointer(
                arena.keep(
                    VkPresentRegionKHR(
                        rectangleCount: UInt32(rectangles.count), pRectangles: UnsafePointer(arena.keep(rectangles)))))
            info.pNext = UnsafeRawPointer(arena.keep(regions))
        }
        let result = vkQueuePresentKHR(context.queue, &info)
        // Suboptimal still shows; only a chain out of date must be made again (some drivers say suboptimal for
        // as long as the window lives, and remaking the chain every frame would cost more than it gains).
        if result == VK_ERROR_OUT_OF_DATE_KHR { isOutOfDate = true }
        if result == VK_ERROR_OUT_OF_DATE_KHR || result == VK_SUBOPTIMAL_KHR { return }
        try check(result, "vkQueuePresentKHR")
    }

    /// How frames reach the screen: "mailbox" (the newest replaces one waiting) or "fifo" (each waits its turn).
    public var presentModeName: String { presentMode == VK_PRESENT_MODE_MAILBOX_KHR ? "mailbox" : "fifo" }

    private func destroyChain() {
        for target in targets { vkDestroyImageView(context.device, target.vkView, nil) }
        targets = []
        if let swapchain { vkDestroySwapchainKHR(context.device, swapchain, nil) }
        swapchain = nil
        width = 0
        height = 0
    }
}
