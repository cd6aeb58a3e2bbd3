import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// The brush editor's preview: one stroke of the brush being edited across a strip of paper, pressure rising and
/// falling and the pen leaning more as it goes, so size, flow, pressure curve and tilt all show. Stamped by the
/// same engine as the drawing, in a small document and renderer of its own.
final class BrushPreview {
    /// Widest stamp shown: a larger brush is shown at this size (its size is in the slider's words).
    static let largestStamp = 56.0

    private let context: VulkanContext
    private var shown: (brush: AnyBrush, scale: Double, image: OverlayImage)?
    /// The strip's own document and renderer, kept between previews.
    private var strip: (document: Document, renderer: CanvasRenderer)?

    init(context: VulkanContext) { self.context = context }

    /// The preview of `brush` for a strip `width`×`height` logical pixels at `scale`, as an overlay made by
    /// `target`.
    func image(of brush: AnyBrush, width: Double, height: Double, scale: Double, on target: CanvasRenderer) throws
        -> OverlayImage
    {
        if let shown, shown.brush == brush, shown.scale == scale { return shown.image }
        let (document, renderer) = try strip(width: width, height: height)
        // The strip's strokes replaced without history, and stamped afresh: a fraction of what making a renderer
        // each time costs.
        document.load(
            elements: strokes(brush, width: width, height: height).map { .stroke($0) }, textures: [:])
        try renderer.reload()
        let image = try target.makeOverlay(try renderer.export(scale: scale))
        shown = (brush, scale, image)
        return image
    }

    private func strip(width: Double, height: Double) throws -> (Document, CanvasRenderer) {
        if let strip, strip.document.size == Size(width: width, height: height) { return strip }
        let document = try Document(size: Size(width: width, height: height), background: .white)
        let renderer = try CanvasRenderer(document: document, context: context, undo: false)
        strip = (document, renderer)
        return (document, renderer)
    }

    private func strokes(_ brush: AnyBrush, width: Double, height: Double) -> [Stroke] {
        var brush = brush
        brush.base.pointSize = min(brush.base.pointSize, Self.largestStamp)
        let count = 48
        let samples = (0...count).map { index -> InputSample in
            let t = Double(index) / Double(count)
            return InputSample(
                position: Point(x: 20 + (width - 40) * t, y: height / 2 + height * 0.22 * sin(t * 2 * .pi)),
                pressure: sin(t * .pi), tiltX: 50 * t, tiltY: 0, rotation: 360 * t,
                time: UInt64(index) * 8000)
        }
        var strokes: [Stroke] = []
        if case .eraser = brush {
            // Something to erase: a band of grey under the eraser's path.
            let band = AnyBrush.brush(
                Brush(
                    hardness: 1, opacity: 1, pointSize: height * 0.6, pointStep: 1,
                    color: Color(red: 0.35, green: 0.35, blue: 0.4)))
            let line = [0.0, 1.0].map { t in
                InputSample(
                    position: Point(x: 10 + (width - 20) * t, y: height / 2), pressure: 1, time: UInt64(t * 1e5))
            }
            strokes.append(Stroke(id: ElementID(1), brush: band, seed: 1, samples: line))
        }
        strokes.append(Stroke(id: ElementID(2), brush: brush, seed: 7, samples: samples))
        return strokes
    }
}
