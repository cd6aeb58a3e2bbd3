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
        try prepareFrame(view: view, width: swapchain.width, height: swapchain.height)
        let image = swapchain.images[index]
        // `repaint`: only this rectangle of the image (which still holds an earlier frame) is drawn again.
        try context.submitAndWait { commands throws(VulkanError) in
            transition(
                commands, image, from: repaint == nil ? VK_IMAGE_LAYOUT_UNDEFINED : VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
                to: VK_IMAGE_LAYOUT_GENERAL)
            try recordWindowFrame(
                image: image, imageView: swapchain.views[index], width: swapchain.width, height: swapchain.height,
                format: swapchain.format, view: view, windowColor: windowColor, overlays: overlays, region: repaint,
                commands)
            transition(commands, image, from: VK_IMAGE_LAYOUT_GENERAL, to: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR)
        }
        painter.arena.reset()
        try swapchain.present(index, damage: damage)
    }

    /// A 1×1 image of the document's background colour, stretched under the paint.
    /// Side of one of the checks under a transparent paper, window pixels.
    static let checkSide = 12.0

    /// Two by two grey checks, 8 texels each (sampled repeating, they tile the page).
    func transparencyChecksOverlay() throws(VulkanError) -> OverlayImage {
        if let transparencyChecks { return transparencyChecks }
        var bytes: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                let level: UInt8 = (x < 8) == (y < 8) ? 204 : 153
                bytes += [level, level, level, 255]
            }
        }
        let overlay = try makeOverlay(premultiplied: bytes, width: 16, height: 16)
        transparencyChecks = overlay
        return overlay
    }

    /// A 1×1 opaque image of `color`, kept while the colour stays the same.
    func solidOverlay(_ color: (Float, Float, Float)) throws(VulkanError) -> OverlayImage {
        func byte(_ value: Float) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        let bytes = [byte(color.0), byte(color.1), byte(color.2), 255]
        if let solid, solid.bytes == bytes { return solid.overlay }
        let overlay = try makeOverlay(premultiplied: bytes, width: 1, height: 1)
        solid = (bytes, overlay)
        return overlay
    }

    func paperOverlay() throws(VulkanError) -> OverlayImage {
        let color = document.background
        if let cached = paper, cached.color == color { return cached.overlay }
        let overlay = try makeOverlay(PNGImage(width: 1, height: 1, pixels: .rgba8(paperBytes)))
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
