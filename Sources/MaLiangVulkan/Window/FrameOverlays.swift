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
    /// Radians the rectangle is turned by about its centre, clockwise on screen (a guide line at an angle).
    public var turn: Double
    /// Takes away what is under it by the image's alpha (destination-out) instead of drawing over it: a window's
    /// rounded corners cut out of the frame.
    public var cutsOut = false

    public init(
        _ image: OverlayImage, x: Double, y: Double, width: Double, height: Double, opacity: Float = 1,
        turn: Double = 0
    ) {
        self.image = image
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.opacity = opacity
        self.turn = turn
    }

    /// Its corners in the window.
    var corners: QuadPainter.Corners {
        guard turn != 0 else { return .rectangle(x: x, y: y, width: width, height: height) }
        let c = cos(turn)
        let s = sin(turn)
        let centerX = x + width / 2
        let centerY = y + height / 2
        return QuadPainter.Corners(
            points: [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { u, v in
                let dx = u * width
                let dy = v * height
                return (centerX + c * dx - s * dy, centerY + s * dx + c * dy)
            })
    }
}

/// The small images frames are drawn with besides the paint: the paper (a 1×1 image of the document's background,
/// stretched under the paint), the grey checks under a paper that is not opaque, one colour for what an eraser in
/// progress uncovers past the page, and the window's own overlays.
final class FrameOverlays {
    private let resources: RenderResources
    private let document: Document
    /// Counts overlays so each gets its own id.
    private var made = 0
    private var paperImage: (color: Color, overlay: OverlayImage)?
    private var solidImage: (bytes: [UInt8], overlay: OverlayImage)?
    private var checks: OverlayImage?

    /// Side of one of the checks under a transparent paper, window pixels.
    static let checkSide = 12.0

    init(_ resources: RenderResources, document: Document) {
        self.resources = resources
        self.document = document
    }

    /// Uploads an image for overlays (straight alpha in, premultiplied on the GPU).
    func make(_ picture: PNGImage) throws(VulkanError) -> OverlayImage {
        let png: Data
        do { png = try PNG.encode(picture) } catch { throw VulkanError("cannot encode an overlay: \(error)") }
        made += 1
        let id = "overlay-\(made)"
        let images = ChartletImages(resources.context, resources.pipelines, source: { [id: png] })
        guard let image = try images.image(id) else { throw VulkanError("cannot upload an overlay") }
        return OverlayImage(image: image)
    }

    /// Uploads an image for overlays from premultiplied RGBA8 pixels, `width`×`height`.
    func make(premultiplied pixels: [UInt8], width: Int, height: Int) throws(VulkanError) -> OverlayImage {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw VulkanError("an overlay of \(width)×\(height) pixels needs \(width * height * 4) bytes")
        }
        return OverlayImage(
            image: try resources.chartletImages.upload(premultiplied: pixels, width: width, height: height))
    }

    /// The document's background as RGBA bytes, as the paper shows it.
    var paperBytes: [UInt8] {
        let color = document.background
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return [byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha)]
    }

    /// The paper, made again when the document's background changes.
    func paper() throws(VulkanError) -> OverlayImage {
        let color = document.background
        if let paperImage, paperImage.color == color { return paperImage.overlay }
        let overlay = try make(PNGImage(width: 1, height: 1, pixels: .rgba8(paperBytes)))
        paperImage = (color, overlay)
        return overlay
    }

    /// Two by two grey checks, 8 texels each (sampled repeating, they tile the page).
    func transparencyChecks() throws(VulkanError) -> OverlayImage {
        if let checks { return checks }
        var bytes: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                let level: UInt8 = (x < 8) == (y < 8) ? 204 : 153
                bytes += [level, level, level, 255]
            }
        }
        let overlay = try make(premultiplied: bytes, width: 16, height: 16)
        checks = overlay
        return overlay
    }

    /// A 1×1 opaque image of `color`, kept while the colour stays the same.
    func solid(_ color: (Float, Float, Float)) throws(VulkanError) -> OverlayImage {
        func byte(_ value: Float) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        let bytes = [byte(color.0), byte(color.1), byte(color.2), 255]
        if let solidImage, solidImage.bytes == bytes { return solidImage.overlay }
        let overlay = try make(premultiplied: bytes, width: 1, height: 1)
        solidImage = (bytes, overlay)
        return overlay
    }
}
