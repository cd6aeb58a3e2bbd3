import CVulkan

/// A device-local 2D image (or array) with a view and, when sampled, a descriptor set to bind it.
///
/// Kept in VK_IMAGE_LAYOUT_GENERAL throughout: it is drawn to, sampled and copied, and the renderer orders those
/// uses with barriers.
final class GPUImage {
    let context: VulkanContext
    let image: VkImage
    let view: VkImageView
    private let memory: ImageMemorySlabs.Allocation
    let width: Int
    let height: Int
    let layers: Int
    let mipLevels: Int
    let format: VkFormat
    /// The descriptor set that binds the image for sampling, once ``Pipelines/bind(_:nearest:)`` made one; it goes
    /// back to its pool with the image.
    var descriptor: (set: VkDescriptorSet, pool: DescriptorPool)?
    /// A view of level 0 alone, for binding as a storage image; made on first use.
    private var levelZeroView: VkImageView?

    init(
        _ context: VulkanContext, width: Int, height: Int, format: VkFormat, layers: Int = 1, mipLevels: Int = 1,
        usage: VkImageUsageFlagBits
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
        info.format = format
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
        viewInfo.format = format
        viewInfo.subresourceRange = Self.range(levels: mipLevels, layers: layers)
        var createdView: VkImageView?
        let bound = vkBindImageMemory(context.device, created, memory.memory, VkDeviceSize(memory.offset))
        let result = bound == VK_SUCCESS ? vkCreateImageView(context.device, &viewInfo, nil, &createdView) : bound
        guard result == VK_SUCCESS, let createdView else {
            vkDestroyImage(context.device, created, nil)
            context.imageMemory.release(memory)
            throw VulkanError(bound == VK_SUCCESS ? "vkCreateImageView" : "vkBindImageMemory", result)
        }
        image = created
        view = createdView
    }

    deinit {
        if let descriptor { descriptor.pool.free(descriptor.set) }
        if let levelZeroView { vkDestroyImageView(context.device, levelZeroView, nil) }
        vkDestroyImageView(context.device, view, nil)
        vkDestroyImage(context.device, image, nil)
        context.imageMemory.release(memory)
    }

    /// The view of level 0 alone (storage images bind a single level; ``view`` covers them all).
    func baseLevelView() throws(VulkanError) -> VkImageView {
        if mipLevels == 1 && layers == 1 { return view }
        if let levelZeroView { return levelZeroView }
        var info = VkImageViewCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
        info.image = image
        info.viewType = VK_IMAGE_VIEW_TYPE_2D
        info.format = format
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

    /// Moves every level and layer from UNDEFINED to GENERAL (contents discarded) — once, after creation.
    func initializeLayout(_ commands: VkCommandBuffer) {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = 0
        barrier.dstAccessMask = VkAccessFlags(
            VK_ACCESS_TRANSFER_WRITE_BIT.rawValue | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT.rawValue
                | VK_ACCESS_SHADER_READ_BIT.rawValue)
        barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED
        barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = image
        barrier.subresourceRange = Self.range(levels: mipLevels, layers: layers)
        vkCmdPipelineBarrier(
            commands, VkPipelineStageFlags(VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT.rawValue),
            VkPipelineStageFlags(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue), 0, 0, nil, 0, nil, 1, &barrier)
    }

    /// Clears every level to transparent (or `color`).
    func clear(_ commands: VkCommandBuffer, color: (Float, Float, Float, Float) = (0, 0, 0, 0)) {
        var value = VkClearColorValue(float32: color)
        var range = Self.range(levels: mipLevels, layers: layers)
        vkCmdClearColorImage(commands, image, VK_IMAGE_LAYOUT_GENERAL, &value, 1, &range)
    }
}

/// A full memory barrier between passes: every earlier write is visible to every later read or write. The renderer
/// works in few, large passes, so precision here would buy nothing.
func fullBarrier(_ commands: VkCommandBuffer) {
    var barrier = VkMemoryBarrier()
    barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
    barrier.srcAccessMask = VkAccessFlags(VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
    barrier.dstAccessMask = VkAccessFlags(VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
    vkCmdPipelineBarrier(
        commands, VkPipelineStageFlags(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue),
        VkPipelineStageFlags(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue), 0, 1, &barrier, 0, nil, 0, nil)
}
