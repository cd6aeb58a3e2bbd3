import MaLiangVulkan

/// The rounded corners of a floating window with our own decorations: four small images whose alpha says how much
/// of the frame each corner pixel loses (drawn last, destination-out), leaving the shadow under it to show.
struct WindowCorners {
    /// The corners' radius in buffer pixels.
    let radius: Int
    /// Top left, top right, bottom left, bottom right.
    private let images: [OverlayImage]

    /// The corners' radius in buffer pixels at `scale`.
    static func radius(atScale scale: Double) -> Int { max(Int((ShadowPicture.radius * scale).rounded()), 1) }

    init(scale: Double, renderer: CanvasRenderer) throws {
        let radius = Self.radius(atScale: scale)
        self.radius = radius
        images = try [(false, false), (true, false), (false, true), (true, true)].map { flipX, flipY in
            var pixels = [UInt8](repeating: 0, count: radius * radius * 4)
            for y in 0..<radius {
                for x in 0..<radius {
                    let cut = Self.cut(x: flipX ? radius - 1 - x : x, y: flipY ? radius - 1 - y : y, radius: radius)
                    pixels[(y * radius + x) * 4 + 3] = UInt8((cut * 255).rounded())
                }
            }
            return try renderer.makeOverlay(premultiplied: pixels, width: radius, height: radius)
        }
    }

    /// How much of top-left corner pixel (x, y) lies outside the window's rounded outline, 0…1 (anti-aliased over
    /// a pixel).
    static func cut(x: Int, y: Int, radius: Int) -> Double {
        let r = Double(radius)
        let dx = r - (Double(x) + 0.5)
        let dy = r - (Double(y) + 0.5)
        let outside = (dx * dx + dy * dy).squareRoot() - r
        return min(max(outside + 0.5, 0), 1)
    }

    /// The four cuts placed in a frame of `width`×`height` buffer pixels.
    func placements(width: Double, height: Double) -> [OverlayPlacement] {
        let side = Double(radius)
        let origins = [(0, 0), (width - side, 0), (0, height - side), (width - side, height - side)]
        return zip(images, origins).map { image, origin in
            var placement = OverlayPlacement(image, x: origin.0, y: origin.1, width: side, height: side)
            placement.cutsOut = true
            return placement
        }
    }
}
