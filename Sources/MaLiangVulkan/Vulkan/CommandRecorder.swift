import CVulkan

/// Records commands into an open command buffer: the only place above the device's setup that speaks Vulkan.
///
/// Every image stays in the GENERAL layout (see ``GPUImage``), so copies, clears and passes take no layouts; the
/// renderer orders them with ``barrier()``. Window images move to and from their presentation layout with
/// ``prepareForDrawing(_:keepingContents:)`` and ``prepareForPresenting(_:)``.
struct CommandRecorder {
    let vkCommandBuffer: VkCommandBuffer
    /// Kept for the function that pushes descriptors, which the device gives out.
    let context: VulkanContext

    // MARK: - Ordering

    /// A full memory barrier between passes: every earlier write is visible to every later read or write. The
    /// renderer works in few, large passes, so precision here would buy nothing.
    func barrier() {
        var barrier = VkMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        barrier.srcAccessMask = VkAccessFlags(VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
        barrier.dstAccessMask = VkAccessFlags(VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
        vkCmdPipelineBarrier(
            vkCommandBuffer, Self.allCommands, Self.allCommands, 0, 1, &barrier, 0, nil, 0, nil)
    }

    /// Moves every level and layer of a new image from UNDEFINED to GENERAL (contents discarded) — once, after
    /// creation.
    func initializeLayout(_ image: GPUImage) {
        transition(
            image.vkImage, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_GENERAL,
            range: GPUImage.range(levels: image.mipLevels, layers: image.layers),
            after: (VkPipelineStageFlags(VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT.rawValue), 0),
            before: VkAccessFlags(
                VK_ACCESS_TRANSFER_WRITE_BIT.rawValue | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT.rawValue
                    | VK_ACCESS_SHADER_READ_BIT.rawValue))
    }

    /// Makes a window image ready to draw into: its earlier frame kept (a partial redraw), or discarded.
    func prepareForDrawing(_ target: some RenderableImage, keepingContents: Bool) {
        transition(
            target.vkImage, from: keepingContents ? VK_IMAGE_LAYOUT_PRESENT_SRC_KHR : VK_IMAGE_LAYOUT_UNDEFINED,
            to: VK_IMAGE_LAYOUT_GENERAL, range: GPUImage.range(), after: Self.anyWrite, before: Self.anyAccess)
    }

    /// Hands a window image drawn into back for presenting.
    func prepareForPresenting(_ target: some RenderableImage) {
        transition(
            target.vkImage, from: VK_IMAGE_LAYOUT_GENERAL, to: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, range: GPUImage.range(),
            after: Self.anyWrite, before: Self.anyAccess)
    }

    /// A layout change of `range` of `image`, after the stage and accesses given, before `access` anywhere.
    private func transition(
        _ image: VkImage, from old: VkImageLayout, to new: VkImageLayout, range: VkImageSubresourceRange,
        after source: (stage: VkPipelineStageFlags, access: VkAccessFlags), before access: VkAccessFlags
    ) {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = source.access
        barrier.dstAccessMask = access
        barrier.oldLayout = old
        barrier.newLayout = new
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = image
        barrier.subresourceRange = range
        vkCmdPipelineBarrier(vkCommandBuffer, source.stage, Self.allCommands, 0, 0, nil, 0, nil, 1, &barrier)
    }

    private static let anyWrite = (
        stage: allCommands, access: VkAccessFlags(VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
    )
    private static let anyAccess = VkAccessFlags(
        VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
    private static let allCommands = VkPipelineStageFlags(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue)

    // MARK: - Clearing and copying

    /// Clears every level and layer of `image` to `color` (premultiplied).
    func clear(_ image: GPUImage, to color: (Float, Float, Float, Float) = (0, 0, 0, 0)) {
        var value = VkClearColorValue(float32: color)
        var range = GPUImage.range(levels: image.mipLevels, layers: image.layers)
        vkCmdClearColorImage(vkCommandBuffer, image.vkImage, VK_IMAGE_LAYOUT_GENERAL, &value, 1, &range)
    }

    /// Copies `regions` of `source` into `destination`.
    func copy(_ source: some DeviceImage, to destination: some DeviceImage, _ regions: [ImageRegion]) {
        guard !regions.isEmpty else { return }
        var copies = regions.map { region in
            var copy = VkImageCopy()
            copy.srcSubresource = Self.layers(level: region.sourceLevel)
            copy.dstSubresource = Self.layers(level: region.destinationLevel)
            copy.srcOffset = VkOffset3D(x: Int32(region.sourceX), y: Int32(region.sourceY), z: 0)
            copy.dstOffset = VkOffset3D(x: Int32(region.destinationX), y: Int32(region.destinationY), z: 0)
            copy.extent = VkExtent3D(width: UInt32(region.width), height: UInt32(region.height), depth: 1)
            return copy
        }
        vkCmdCopyImage(
            vkCommandBuffer, source.vkImage, VK_IMAGE_LAYOUT_GENERAL, destination.vkImage, VK_IMAGE_LAYOUT_GENERAL,
            UInt32(copies.count), &copies)
    }

    /// Copies level 0 of one image into another of its size.
    func copyLevel0(from source: GPUImage, to destination: GPUImage) {
        copy(source, to: destination, [ImageRegion(width: source.width, height: source.height)])
    }

    /// Copies `regions` of `image` into `buffer`.
    func copy(_ image: some DeviceImage, to buffer: GPUBuffer, _ regions: [BufferImageRegion]) {
        guard !regions.isEmpty else { return }
        var copies = regions.map(Self.bufferImageCopy)
        vkCmdCopyImageToBuffer(
            vkCommandBuffer, image.vkImage, VK_IMAGE_LAYOUT_GENERAL, buffer.vkBuffer, UInt32(copies.count), &copies)
    }

    /// Copies `regions` of `buffer` into `image`.
    func copy(_ buffer: GPUBuffer, to image: some DeviceImage, _ regions: [BufferImageRegion]) {
        guard !regions.isEmpty else { return }
        var copies = regions.map(Self.bufferImageCopy)
        vkCmdCopyBufferToImage(
            vkCommandBuffer, buffer.vkBuffer, image.vkImage, VK_IMAGE_LAYOUT_GENERAL, UInt32(copies.count), &copies)
    }

    /// Copies `level` of `image` whole into `buffer` at byte `offset`, its rows packed.
    func copy(level: Int, of image: GPUImage, to buffer: GPUBuffer, at offset: Int) {
        copy(
            image, to: buffer,
            [
                BufferImageRegion(
                    bufferOffset: offset, level: level, width: max(image.width >> level, 1),
                    height: max(image.height >> level, 1))
            ])
    }

    /// Fills levels 1… of `image` by halving level 0 with linear blits.
    func generateMipmaps(_ image: GPUImage) {
        var width = Int32(image.width)
        var height = Int32(image.height)
        for level in 1..<max(image.mipLevels, 1) {
            barrier()
            let nextWidth = max(width / 2, 1)
            let nextHeight = max(height / 2, 1)
            var blit = VkImageBlit()
            blit.srcSubresource = Self.layers(level: level - 1, count: image.layers)
            blit.dstSubresource = Self.layers(level: level, count: image.layers)
            blit.srcOffsets.1 = VkOffset3D(x: width, y: height, z: 1)
            blit.dstOffsets.1 = VkOffset3D(x: nextWidth, y: nextHeight, z: 1)
            vkCmdBlitImage(
                vkCommandBuffer, image.vkImage, VK_IMAGE_LAYOUT_GENERAL, image.vkImage, VK_IMAGE_LAYOUT_GENERAL, 1,
                &blit, VK_FILTER_LINEAR)
            width = nextWidth
            height = nextHeight
        }
        barrier()
    }

    private static func layers(level: Int, first: Int = 0, count: Int = 1) -> VkImageSubresourceLayers {
        VkImageSubresourceLayers(
            aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: UInt32(level),
            baseArrayLayer: UInt32(first), layerCount: UInt32(count))
    }

    private static func bufferImageCopy(_ region: BufferImageRegion) -> VkBufferImageCopy {
        var copy = VkBufferImageCopy()
        copy.bufferOffset = VkDeviceSize(region.bufferOffset)
        copy.bufferRowLength = UInt32(region.bufferRowLength)
        copy.imageSubresource = layers(level: region.level, first: region.layer)
        copy.imageOffset = VkOffset3D(x: Int32(region.x), y: Int32(region.y), z: 0)
        copy.imageExtent = VkExtent3D(width: UInt32(region.width), height: UInt32(region.height), depth: 1)
        return copy
    }

    // MARK: - Passes

    /// Starts a pass drawing into the whole of `target` (level 0), keeping its contents unless `clear` is given;
    /// the viewport and scissor cover the target.
    func beginRendering(_ target: some RenderableImage, clear: (Float, Float, Float, Float)? = nil) {
        var attachment = VkRenderingAttachmentInfo()
        attachment.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO
        attachment.imageView = target.vkView
        attachment.imageLayout = VK_IMAGE_LAYOUT_GENERAL
        attachment.loadOp = clear == nil ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR
        attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE
        if let clear { attachment.clearValue.color = VkClearColorValue(float32: clear) }
        let extent = VkExtent2D(width: UInt32(target.width), height: UInt32(target.height))
        var info = VkRenderingInfo()
        info.sType = VK_STRUCTURE_TYPE_RENDERING_INFO
        info.renderArea = VkRect2D(offset: VkOffset2D(x: 0, y: 0), extent: extent)
        info.layerCount = 1
        info.colorAttachmentCount = 1
        withUnsafePointer(to: &attachment) { pointer in
            info.pColorAttachments = pointer
            vkCmdBeginRendering(vkCommandBuffer, &info)
        }
        var viewport = VkViewport(
            x: 0, y: 0, width: Float(target.width), height: Float(target.height), minDepth: 0, maxDepth: 1)
        vkCmdSetViewport(vkCommandBuffer, 0, 1, &viewport)
        var scissor = VkRect2D(offset: VkOffset2D(x: 0, y: 0), extent: extent)
        vkCmdSetScissor(vkCommandBuffer, 0, 1, &scissor)
    }

    func endRendering() { vkCmdEndRendering(vkCommandBuffer) }

    /// Limits the pass's drawing to `rect` of the target.
    func setScissor(_ rect: BufferRect) {
        var scissor = rect.vkRect
        vkCmdSetScissor(vkCommandBuffer, 0, 1, &scissor)
    }

    /// Fills `rects` of the pass's target with `color`, whatever the scissor.
    func clear(_ rects: [BufferRect], to color: (Float, Float, Float, Float)) {
        guard !rects.isEmpty else { return }
        var attachment = VkClearAttachment()
        attachment.aspectMask = VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue)
        attachment.colorAttachment = 0
        attachment.clearValue.color = VkClearColorValue(float32: color)
        var clearRects = rects.map { VkClearRect(rect: $0.vkRect, baseArrayLayer: 0, layerCount: 1) }
        vkCmdClearAttachments(vkCommandBuffer, 1, &attachment, UInt32(clearRects.count), &clearRects)
    }

    // MARK: - Drawing and dispatching

    func bind(_ pipeline: Pipeline) { vkCmdBindPipeline(vkCommandBuffer, pipeline.bindPoint, pipeline.vkPipeline) }

    /// Binds sampled images' sets, from set 0, for the graphics pipeline of `layout`.
    func bind(_ sets: [DescriptorSet], layout: PipelineLayout) {
        var handles: [VkDescriptorSet?] = sets.map(\.vkSet)
        vkCmdBindDescriptorSets(
            vkCommandBuffer, VK_PIPELINE_BIND_POINT_GRAPHICS, layout.vkLayout, 0, UInt32(handles.count), &handles, 0,
            nil)
    }

    /// Binds one sampled image's set as set 0 (most draws: no array made per draw).
    func bind(_ set: DescriptorSet, layout: PipelineLayout) {
        var handle: VkDescriptorSet? = set.vkSet
        vkCmdBindDescriptorSets(
            vkCommandBuffer, VK_PIPELINE_BIND_POINT_GRAPHICS, layout.vkLayout, 0, 1, &handle, 0, nil)
    }

    /// Binds instance data at `offset` of `buffer`.
    func bindInstances(_ buffer: GPUBuffer, offset: Int) {
        var handle: VkBuffer? = buffer.vkBuffer
        var start = VkDeviceSize(offset)
        vkCmdBindVertexBuffers(vkCommandBuffer, 0, 1, &handle, &start)
    }

    /// Sets the push constants of `layout` to the bytes of `value`, a plain struct (an array's elements go through
    /// ``push(_:layout:)-([Float],_)``: an array's own bytes are only its reference).
    func push<Value>(_ value: Value, layout: PipelineLayout) {
        withUnsafeBytes(of: value) { push(bytes: $0, layout: layout) }
    }

    /// Sets the push constants of `layout` to `values`.
    func push(_ values: [Float], layout: PipelineLayout) {
        values.withUnsafeBytes { push(bytes: $0, layout: layout) }
    }

    private func push(bytes: UnsafeRawBufferPointer, layout: PipelineLayout) {
        vkCmdPushConstants(
            vkCommandBuffer, layout.vkLayout, layout.pushStages, 0, UInt32(bytes.count), bytes.baseAddress)
    }

    func draw(vertices: Int, instances: Int = 1, firstInstance: Int = 0) {
        vkCmdDraw(vkCommandBuffer, UInt32(vertices), UInt32(instances), 0, UInt32(firstInstance))
    }

    /// Binds `descriptors` to the compute pipeline of `layout` without a set (VK_KHR_push_descriptor).
    func push(_ descriptors: [PushedDescriptor], layout: PipelineLayout) throws(VulkanError) {
        guard let pushDescriptors = context.pushDescriptorFunction else {
            throw VulkanError("the device cannot push descriptors")
        }
        // Each write points at its own buffer or image info: both arrays are filled first, then pointed into.
        var bufferInfos: [VkDescriptorBufferInfo] = []
        var imageInfos: [VkDescriptorImageInfo] = []
        var writes: [(write: VkWriteDescriptorSet, info: Int)] = []
        for descriptor in descriptors {
            var write = VkWriteDescriptorSet()
            write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
            write.descriptorCount = 1
            switch descriptor {
            case .storageBuffer(let binding, let buffer):
                write.dstBinding = UInt32(binding)
                write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                writes.append((write, bufferInfos.count))
                bufferInfos.append(
                    VkDescriptorBufferInfo(buffer: buffer.vkBuffer, offset: 0, range: VkDeviceSize(VK_WHOLE_SIZE)))
            case .sampledImage(let binding, let image, let sampler):
                write.dstBinding = UInt32(binding)
                write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
                writes.append((write, imageInfos.count))
                imageInfos.append(
                    VkDescriptorImageInfo(
                        sampler: sampler.vkSampler, imageView: image.vkView, imageLayout: VK_IMAGE_LAYOUT_GENERAL))
            case .storageImage(let binding, let image):
                write.dstBinding = UInt32(binding)
                write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                writes.append((write, imageInfos.count))
                imageInfos.append(
                    VkDescriptorImageInfo(
                        sampler: nil, imageView: try image.baseLevelView(), imageLayout: VK_IMAGE_LAYOUT_GENERAL))
            }
        }
        bufferInfos.withUnsafeBufferPointer { buffers in
            imageInfos.withUnsafeBufferPointer { images in
                var pointed = writes.map { entry in
                    var write = entry.write
                    if write.descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER {
                        write.pBufferInfo = buffers.baseAddress.map { $0 + entry.info }
                    } else {
                        write.pImageInfo = images.baseAddress.map { $0 + entry.info }
                    }
                    return write
                }
                pushDescriptors(
                    vkCommandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, layout.vkLayout, 0, UInt32(pointed.count),
                    &pointed)
            }
        }
    }

    func dispatch(groupsX: Int, groupsY: Int, groupsZ: Int = 1) {
        vkCmdDispatch(vkCommandBuffer, UInt32(groupsX), UInt32(groupsY), UInt32(groupsZ))
    }
}

/// A part of one image level copied to another image's: where it starts in each, its size.
struct ImageRegion {
    var sourceLevel = 0
    var destinationLevel = 0
    var sourceX = 0
    var sourceY = 0
    var destinationX = 0
    var destinationY = 0
    var width: Int
    var height: Int
}

/// A rectangle of one image level (and array layer) and where its texels lie in a buffer: from `bufferOffset`, rows
/// of `bufferRowLength` texels (0: packed, as wide as the rectangle).
struct BufferImageRegion {
    var bufferOffset = 0
    var bufferRowLength = 0
    var level = 0
    var layer = 0
    var x = 0
    var y = 0
    var width: Int
    var height: Int
}

/// A resource bound to a compute pipeline for one dispatch.
enum PushedDescriptor {
    case storageBuffer(binding: Int, GPUBuffer)
    case sampledImage(binding: Int, GPUImage, Sampler)
    /// Level 0 of the image, read and written.
    case storageImage(binding: Int, GPUImage)
}

extension BufferRect {
    var vkRect: VkRect2D {
        VkRect2D(
            offset: VkOffset2D(x: Int32(x), y: Int32(y)),
            extent: VkExtent2D(width: UInt32(max(width, 0)), height: UInt32(max(height, 0))))
    }
}
