import Foundation

/// Document pixels → target pixels: scale (zoom), rotation about the document origin, then offset.
public struct ViewTransform: Equatable, Sendable {
    /// Target pixels per document pixel (MaLiang allowed 1…5; we allow 0.1…32).
    public var scale: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    /// Target pixel where the document origin lands.
    public var offsetX: Double
    public var offsetY: Double

    public static let zoomRange = 0.1...32.0

    public init(scale: Double = 1, rotation: Double = 0, offsetX: Double = 0, offsetY: Double = 0) {
        self.scale = scale
        self.rotation = rotation
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    public func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        let c = cos(rotation) * scale
        let s = sin(rotation) * scale
        return (c * x - s * y + offsetX, s * x + c * y + offsetY)
    }

    /// Target pixel → document pixel.
    public func invert(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = x - offsetX
        let dy = y - offsetY
        let c = cos(rotation) / scale
        let s = sin(rotation) / scale
        return (c * dx + s * dy, -s * dx + c * dy)
    }

    /// The corners of an axis-aligned document rectangle.
    func corners(x: Double, y: Double, width: Double, height: Double) -> QuadPainter.Corners {
        QuadPainter.Corners(points: [
            apply(x, y), apply(x + width, y), apply(x, y + height), apply(x + width, y + height),
        ])
    }

    /// The corners of a rotated rectangle (a chartlet) given by centre, size and angle in the document.
    func corners(centerX: Double, centerY: Double, width: Double, height: Double, angle: Double) -> QuadPainter.Corners
    {
        let c = cos(angle)
        let s = sin(angle)
        let points = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { u, v -> (Double, Double) in
            let x = u * width
            let y = v * height
            return apply(centerX + c * x - s * y, centerY + s * x + c * y)
        }
        return QuadPainter.Corners(points: points)
    }
}
