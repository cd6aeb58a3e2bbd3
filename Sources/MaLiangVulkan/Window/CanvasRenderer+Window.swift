import CVulkan
import Foundation
import MaLiangCore
import PNGCodec

/// An image drawn above the canvas in window pixels (the toolbar, swatches, highlights): premultiplied RGBA8.
public final class OverlayImage {
    let image: GPUImage
    public var width: Int { image.width }
    public var height: Int { image.height }

    init(image: GPUImage) { self.image = image }
}

/// Where an overlay goes in the window, in buffer pixels.
public struct OverlayPlacement {
    public var image: OverlayImage
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var opacity: Float

    public init(_ image: OverlayImage, x: Double, y: Double, width: Double, height: Double, opacity: Float = 1) {
        self.image = image
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.opacity = opacity
    }
}

extension CanvasRenderer {
    /// Uploads an image for overlays (straight alpha in, premultiplied on the GPU).
    public func makeOverlay(_ picture: PNGImage) throws(VulkanError) -> OverlayImage {
        let png: Data
        do { png = try PNG.encode(picture) } catch { throw VulkanError("cannot encode an overlay: \(error)") }
        let id = "overlay-\(ObjectIdentifier(picture as AnyObject).hashValue)-\(overlayCounter.next())"
        let images = ChartletImages(context, pipelines, source: { [id: png] })
        guard let image = try images.image(id) else { throw VulkanError("cannot upload an overlay") }
        return OverlayImage(image: image)
    }

    /// Uploads an image for overlays from premultiplied RGBA8 pixels, `width`×`height`.
    public func makeOverlay(premultiplied pixels: [UInt8], width: Int, height: Int) throws(VulkanError) -> OverlayImage
    {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw VulkanError("an overlay of \(width)×\(height) pixels needs \(width * height * 4) bytes")
        }
        return OverlayImage(image: try chartletImages.upload(premultiplied: pixels, width: width, height: height))
    }

    /// Draws one window frame into swapchain image `index` and presents it: the window background, the paper
    /// through `view`, the paint, the stroke in progress, chartlets, then `overlays` in window pixels. `damage`: the
    /// buffer rectangles that differ from the previous frame (nil: all of it), passed on to the compositor.
    public func drawFrame(
        into swapchain: Swapchain, index: Int, view: ViewTransform, windowColor: (Float, Float, Float),
        overlays: [OverlayPlacement], damage: [BufferRect]? = nil, repaint: BufferRect? = nil
    ) throws(VulkanError) {
        let image = swapchain.images[index]
        let target = swapchain.views[index]
        let width = swapchain.width
        let height = swapchain.height
        let format = swapchain.format
        let quads = QuadPainter(pipelines: pipelines)
        let paper = try paperOverlay()
        // `repaint`: only this rectangle of the image (which still holds an earlier frame) is drawn again.
        let region = repaint.flatMap { $0.clipped(width: width, height: height) }.map { rect in
            VkRect2D(
                offset: VkOffset2D(x: Int32(rect.x), y: Int32(rect.y)),
                extent: VkExtent2D(width: UInt32(rect.width), height: UInt32(rect.height)))
        }
        try context.submitAndWait { commands throws(VulkanError) in
            if paint.needsMipmapRefresh(forViewScale: view.scale) { paint.refreshMipmaps(commands) }
            if var region {
                transition(commands, image, from: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, to: VK_IMAGE_LAYOUT_GENERAL)
                beginRendering(commands, view: target, width: width, height: height)
                vkCmdSetScissor(commands, 0, 1, &region)
                var attachment = VkClearAttachment()
                attachment.aspectMask = VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue)
                attachment.clearValue.color = VkClearColorValue(
                    float32: (windowColor.0, windowColor.1, windowColor.2, 1))
                var rect = VkClearRect(rect: region, baseArrayLayer: 0, layerCount: 1)
                vkCmdClearAttachments(commands, 1, &attachment, 1, &rect)
            } else {
                transition(commands, image, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_GENERAL)
                beginRendering(
                    commands, view: target, width: width, height: height,
                    clear: (windowColor.0, windowColor.1, windowColor.2, 1))
            }
            let corners = view.corners(x: 0, y: 0, width: document.size.width, height: document.size.height)
            try quads.draw(
                paper.image, corners: corners, targetWidth: width, targetHeight: height, format: format, blend: .over,
                commands)
            try drawFrame(
                layer: paint, transform: view, width: width, height: height, format: format, within: region, commands)
            for overlay in overlays {
                try quads.draw(
                    overlay.image.image,
                    corners: .rectangle(x: overlay.x, y: overlay.y, width: overlay.width, height: overlay.height),
                    targetWidth: width, targetHeight: height, format: format, blend: .over, opacity: overlay.opacity,
                    commands)
            }
            vkCmdEndRendering(commands)
            transition(commands, image, from: VK_IMAGE_LAYOUT_GENERAL, to: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR)
        }
        painter.arena.reset()
        try swapchain.present(index, damage: damage)
    }

    /// A 1×1 image of the document's background colour, stretched under the paint.
    private func paperOverlay() throws(VulkanError) -> OverlayImage {
        let color = document.background
        if let cached = paper, cached.color == color { return cached.overlay }
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        let overlay = try makeOverlay(
            PNGImage(
                width: 1, height: 1,
                pixels: .rgba8([byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha)])))
        paper = (color, overlay)
        return overlay
    }
}

/// Counts overlays so each gets its own id.
final class Counter {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

func transition(_ commands: VkCommandBuffer, _ image: VkImage, from old: VkImageLayout, to new: VkImageLayout) {
    var barrier = VkImageMemoryBarrier()
    barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
    barrier.srcAccessMask = VkAccessFlags(VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
    barrier.dstAccessMask = VkAccessFlags(VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
    barrier.oldLayout = old
    barrier.newLayout = new
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
    barrier.image = image
    barrier.subresourceRange = GPUImage.range()
    vkCmdPipelineBarrier(
        commands, VkPipelineStageFlags(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue),
        VkPipelineStageFlags(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue), 0, 0, nil, 0, nil, 1, &barrier)
}
