import CVulkan

/// A pixel format of images and window targets, by the names the renderer uses.
public struct PixelFormat: Hashable, Sendable {
    let vkFormat: VkFormat

    init(_ format: VkFormat) { vkFormat = format }

    public static func == (a: PixelFormat, b: PixelFormat) -> Bool { a.vkFormat.rawValue == b.vkFormat.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(vkFormat.rawValue) }

    /// Paint: premultiplied RGBA, 16 bits a channel.
    static let rgba16 = PixelFormat(VK_FORMAT_R16G16B16A16_UNORM)
    static let rgba8 = PixelFormat(VK_FORMAT_R8G8B8A8_UNORM)
    static let bgra8 = PixelFormat(VK_FORMAT_B8G8R8A8_UNORM)
    /// Brush masks: one channel of 8 bits.
    static let r8 = PixelFormat(VK_FORMAT_R8_UNORM)
    static let undefined = PixelFormat(VK_FORMAT_UNDEFINED)

    /// Whether its bytes come blue first (most window formats).
    var isBlueFirst: Bool {
        vkFormat == VK_FORMAT_B8G8R8A8_UNORM || vkFormat == VK_FORMAT_B8G8R8A8_SRGB
    }
}

/// What an image is made for.
struct ImageUsage: OptionSet {
    let rawValue: UInt32

    static let sampled = ImageUsage(rawValue: VK_IMAGE_USAGE_SAMPLED_BIT.rawValue)
    /// Drawn into by passes.
    static let drawn = ImageUsage(rawValue: VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue)
    static let copiedFrom = ImageUsage(rawValue: VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue)
    static let copiedTo = ImageUsage(rawValue: VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue)
    /// Read and written by compute shaders.
    static let storage = ImageUsage(rawValue: VK_IMAGE_USAGE_STORAGE_BIT.rawValue)
}

/// An image commands can copy to and from.
protocol DeviceImage {
    var vkImage: VkImage { get }
}

/// An image a pass can draw into, whole.
protocol RenderableImage: DeviceImage {
    var vkView: VkImageView { get }
    var width: Int { get }
    var height: Int { get }
    var format: PixelFormat { get }
}

/// An image the renderer draws into but does not own: a window's swapchain image.
struct RenderTarget: RenderableImage {
    let vkImage: VkImage
    let vkView: VkImageView
    let width: Int
    let height: Int
    let format: PixelFormat
}

/// A device-local 2D image (or array) with a view and, when sampled, a descriptor set to bind it.
///
/// Kept in VK_IMAGE_LAYOUT_GENERAL throughout: it is drawn to, sampled and copied, and the renderer orders those
/// uses with barriers.
final class GPUImage: RenderableImage {
    let context: VulkanContext
    let vkImage: VkImage
    let vkView: VkImageView
    private let memory: ImageMemorySlabs.Allocation
    let width: Int
    let height: Int
    let layers: Int
    let mipLevels: Int
    let format: PixelFormat
    /// The descriptor set that binds the image for sampling, once ``Pipelines/bind(_:nearest:repeating:)`` made
    /// one; it goes back to its pool with the image.
    var descriptor: DescriptorSet?
    /// A view of level 0 alone, for binding as a storage image; made on first use.
    private var levelZeroView: VkImageView?

    init(
        _ context: VulkanContext, width: Int, height: Int, format: PixelFormat, layers: Int = 1, mipLevels: Int = 1,
        usage: ImageUsage
    ) throws(VulkanError) {
        self.context = context
        self.width = width
        self.height = height
        self.layers = layers
        self.mipLevels = mipLevels
        self.format = format
        var info = VkImageCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO
        info.imageType = VK_IMAGE_TYPE_2D
        info.format = format.vkFormat
        info.extent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
        info.mipLevels = UInt32(mipLevels)
        info.arrayLayers = UInt32(layers)
        info.samples = VK_SAMPLE_COUNT_1_BIT
        info.tiling = VK_IMAGE_TILING_OPTIMAL
        info.usage = VkImageUsageFlags(usage.rawValue)
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED
        var created: VkImage?
        try check(vkCreateImage(context.device, &info, nil, &created), "vkCreateImage(\(width)×\(height))")
        guard let created else { throw VulkanError("no image") }
        var requirements = VkMemoryRequirements()
        vkGetImageMemoryRequirements(context.device, created, &requirements)
        do {
            memory = try context.imageMemory.allocate(requirements)
        } catch {
            vkDestroyImage(context.device, created, nil)
            throw error
        }
        var viewInfo = VkImageViewCreateInfo()
        viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
        viewInfo.image = created
        viewInfo.viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D
        viewInfo.format = format.vkFormat
        viewInfo.subresourceRange = Self.range(levels: mipLevels, layers: layers)
        var createdView: VkImageView?
        let bound = vkBindImageMemory(context.device, created, memory.memory, VkDeviceSize(memory.offset))
        let result = bound == VK_SUCCESS ? vkCreateImageView(context.device, &viewInfo, nil, &createdView) : bound
        guard result == VK_SUCCESS, let createdView else {
            vkDestroyImage(context.device, created, nil)
            context.imageMemory.release(memory)
            throw VulkanError(bound == VK_SUCCESS ? "vkCreateImageView" : "vkBindImageMemory", result)
        }
        vkImage = created
        vkView = createdView
    }

    deinit {
        descriptor = nil
        if let levelZeroView { vkDestroyImageView(context.device, levelZeroView, nil) }
        vkDestroyImageView(context.device, vkView, nil)
        vkDestroyImage(context.device, vkImage, nil)
        context.imageMemory.release(memory)
    }

    /// The view of level 0 alone (storage images bind a single level; ``vkView`` covers them all).
    func baseLevelView() throws(VulkanError) -> VkImageView {
        if mipLevels == 1 && layers == 1 { return vkView }
        if let levelZeroView { return levelZeroView }
        var info = VkImageViewCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
        info.image = vkImage
        info.viewType = VK_IMAGE_VIEW_TYPE_2D
        info.format = format.vkFormat
        info.subresourceRange = Self.range(levels: 1, layers: 1)
        var created: VkImageView?
        try check(vkCreateImageView(context.device, &info, nil, &created), "vkCreateImageView(level 0)")
        guard let created else { throw VulkanError("no image view") }
        levelZeroView = created
        return created
    }

    static func range(baseLevel: Int = 0, levels: Int = 1, layers: Int = 1) -> VkImageSubresourceRange {
        VkImageSubresourceRange(
            aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), baseMipLevel: UInt32(baseLevel),
            levelCount: UInt32(levels), baseArrayLayer: 0, layerCount: UInt32(layers))
    }
}
