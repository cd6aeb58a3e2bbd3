import Foundation

/// Document pixels → target pixels: scale (zoom), rotation about the document origin, then offset.
public struct ViewTransform: Equatable, Sendable {
    /// Target pixels per document pixel (MaLiang allowed 1…5; we allow 0.1…32).
    public var scale: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    /// Target pixel where the document origin lands.
    public var offsetX: Double
    /// Vertical offset in buffer pixels, after zoom and rotation.
    public var offsetY: Double

    /// The zooms a view can have.
    public static var zoomRange: ClosedRange<Double> { Limits.zoom }

    /// A view: document pixels × `scale`, turned by `rotation` radians, then moved by the offset.
    public init(scale: Double = 1, rotation: Double = 0, offsetX: Double = 0, offsetY: Double = 0) {
        self.scale = scale
        self.rotation = rotation
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// Where document point (`x`, `y`) is on screen, in buffer pixels.
    public func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        let c = cos(rotation) * scale
        let s = sin(rotation) * scale
        return (c * x - s * y + offsetX, s * x + c * y + offsetY)
    }

    /// The bounding box of a document rectangle in target pixels.
    public func apply(_ rect: DocumentRect) -> DocumentRect {
        let points = [
            apply(rect.x, rect.y), apply(rect.x + rect.width, rect.y), apply(rect.x, rect.y + rect.height),
            apply(rect.x + rect.width, rect.y + rect.height),
        ]
        let xs = points.map(\.0)
        let ys = points.map(\.1)
        let left = xs.min() ?? 0
        let top = ys.min() ?? 0
        return DocumentRect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }

    /// Target pixel → document pixel.
    public func invert(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = x - offsetX
        let dy = y - offsetY
        let c = cos(rotation) / scale
        let s = sin(rotation) / scale
        return (c * dx + s * dy, -s * dx + c * dy)
    }
}
