import MaLiangEditor
import MaLiangVulkan

/// The strip at the bottom of the window that says what went wrong (and what went right): a failed save with how
/// many changes wait, a failed export, paste or drop, a drawing error. Empty when there is nothing to say.
final class StatusStrip {
    /// Logical height.
    static let height = 28.0
    private let renderer: CanvasRenderer
    private let background: OverlayImage?
    private let errorBackground: OverlayImage?
    /// The text drawn last, and for which width and scale (redrawn only when one changes).
    private var cached: (key: String, image: OverlayImage, width: Int, height: Int)?

    init(renderer: CanvasRenderer) {
        self.renderer = renderer
        background = try? renderer.makeOverlay(premultiplied: [28, 28, 32, 235], width: 1, height: 1)
        errorBackground = try? renderer.makeOverlay(premultiplied: [120, 24, 24, 240], width: 1, height: 1)
    }

    /// The strip's overlays for a window of `width`×`height` buffer pixels, or none when it has nothing to say.
    func overlays(status: StatusLine, now: UInt64, width: Double, height: Double, scale: Double) throws
        -> [OverlayPlacement]
    {
        guard let (text, severity) = status.text(at: now) else { return [] }
        let stripHeight = Self.height * scale
        let top = height - stripHeight
        var placements: [OverlayPlacement] = []
        if let fill = severity == .error ? errorBackground : background {
            placements.append(OverlayPlacement(fill, x: 0, y: top, width: width, height: stripHeight))
        }
        let margin = 10 * scale
        let key = "\(text)|\(Int(width))|\(scale)"
        if cached?.key != key {
            cached = nil
            if let line = TextLine(
                text, scale: scale, color: (0.95, 0.95, 0.95, 1), maxWidth: Int(width - 2 * margin))
            {
                let image = try renderer.makeOverlay(premultiplied: line.pixels, width: line.width, height: line.height)
                cached = (key, image, line.width, line.height)
            }
        }
        if let cached {
            placements.append(
                OverlayPlacement(
                    cached.image, x: margin, y: top + (stripHeight - Double(cached.height)) / 2,
                    width: Double(cached.width), height: Double(cached.height)))
        }
        return placements
    }
}
