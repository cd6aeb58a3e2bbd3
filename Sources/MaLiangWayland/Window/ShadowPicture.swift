import Foundation

/// The shadow our own decorations draw around the window, as GNOME's windows have one: a thin dark outline at the
/// window's rounded edge and a soft shade falling a little below it, on a transparent margin. Inside the window's
/// rounded outline it is transparent, so the window's cut corners show the shadow beyond the arc, not a dark square.
struct ShadowPicture {
    /// How far the shadow reaches past the window, logical pixels (the sub-surface's margin on every side).
    static let margin = 24.0
    /// The window's corner radius, logical pixels.
    static let radius = 8.0
    /// How far past the window's edge the mouse still resizes it, logical pixels.
    static let resizeReach = 10.0

    /// The window's size, logical pixels, and buffer pixels per logical pixel.
    var width: Double
    var height: Double
    var scale: Double

    /// The picture's size in buffer pixels: the window and the margin on every side.
    var pixelWidth: Int { Int(((width + 2 * Self.margin) * scale).rounded(.up)) }
    var pixelHeight: Int { Int(((height + 2 * Self.margin) * scale).rounded(.up)) }

    /// Writes the picture as premultiplied BGRA rows into `bytes` (at least pixelWidth × pixelHeight × 4).
    func draw(into bytes: UnsafeMutableRawBufferPointer) {
        let columns = pixelWidth
        let rows = pixelHeight
        guard bytes.count >= columns * rows * 4, let base = bytes.baseAddress else { return }
        memset(base, 0, columns * rows * 4)
        // Pixels between the rounded corners' rows have the window beside them, not above: only the left and right
        // margins are worked out there (a big window at scale 2 has millions of pixels, most of them inside).
        let straightTop = Int(((Self.margin + Self.radius) * scale).rounded(.up))
        let straightBottom = Int(((Self.margin + height - Self.radius) * scale).rounded(.down))
        let side = Int(((Self.margin + 1) * scale).rounded(.up))
        for row in 0..<rows {
            let straight = row >= straightTop && row < straightBottom
            let spans = straight ? [0..<min(side, columns), max(columns - side, 0)..<columns] : [0..<columns]
            for span in spans {
                for column in span {
                    let alpha = shade(atX: column, y: row)
                    base.storeBytes(
                        of: UInt8((alpha * 255).rounded()), toByteOffset: (row * columns + column) * 4 + 3,
                        as: UInt8.self)
                }
            }
        }
    }

    /// The shadow's opacity at buffer pixel (x, y), 0…1.
    func shade(atX x: Int, y: Int) -> Double {
        let pointX = (Double(x) + 0.5) / scale - Self.margin
        let pointY = (Double(y) + 0.5) / scale - Self.margin
        let distance = roundedDistance(x: pointX, y: pointY, dropping: 0)
        // Inside the window: nothing (its edge anti-aliased over a buffer pixel).
        let outside = min(max(distance * scale + 0.5, 0), 1)
        guard outside > 0 else { return 0 }
        // A crisp outline a logical pixel wide, then a soft shade dropped 2 px, grown 1 px, fading over ~12 px.
        let outline = distance < 1 ? 0.2 : 0
        let dropped = max(roundedDistance(x: pointX, y: pointY, dropping: 2) - 1, 0)
        let soft = 0.16 * exp(-(dropped * dropped) / (2 * 5.5 * 5.5))
        return outside * (outline + soft * (1 - outline))
    }

    /// The distance from a point (logical, the window's top-left at 0, 0) to the window's rounded outline moved
    /// `dropping` down: negative inside.
    private func roundedDistance(x: Double, y: Double, dropping: Double) -> Double {
        let radius = Self.radius
        let dx = abs(x - width / 2) - (width / 2 - radius)
        let dy = abs(y - dropping - height / 2) - (height / 2 - radius)
        let outside = (max(dx, 0) * max(dx, 0) + max(dy, 0) * max(dy, 0)).squareRoot()
        return outside + min(max(dx, dy), 0) - radius
    }
}
