import Foundation

/// Document pixels → target pixels: a mirror (when the view is mirrored), scale (zoom), rotation about the
/// document origin, then offset.
public struct ViewTransform: Equatable, Sendable {
    /// Target pixels per document pixel (MaLiang allowed 1…5; we allow 0.1…32).
    public var scale: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    /// Target pixel where the document origin lands.
    public var offsetX: Double
    /// Vertical offset in buffer pixels, after zoom and rotation.
    public var offsetY: Double
    /// Whether the view shows the document mirrored left to right (document x negated before the turn): the
    /// drawing is unchanged, only shown the other way round.
    public var mirrored: Bool

    /// The zooms a view can have.
    public static var zoomRange: ClosedRange<Double> { Limits.zoom }

    /// A view: document pixels × `scale`, turned by `rotation` radians, then moved by the offset.
    public init(scale: Double = 1, rotation: Double = 0, offsetX: Double = 0, offsetY: Double = 0) {
        self.init(scale: scale, rotation: rotation, offsetX: offsetX, offsetY: offsetY, mirrored: false)
    }

    /// A view that shows the document mirrored left to right when `mirrored` (document x negated first).
    public init(scale: Double, rotation: Double, offsetX: Double, offsetY: Double, mirrored: Bool) {
        self.scale = scale
        self.rotation = rotation
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.mirrored = mirrored
    }

    /// Whether document axes stay target axes, in the same directions: neither turned nor mirrored.
    public var isUnturned: Bool { rotation == 0 && !mirrored }

    /// The view flipped left to right about the vertical target line at `x`: what was shown right of it is shown
    /// as far left of it. Flipping twice about the same line gives the view back.
    public func flipped(aboutX x: Double) -> ViewTransform {
        // Negating target x after the turn is negating document x before a turn the other way.
        ViewTransform(
            scale: scale, rotation: -rotation, offsetX: 2 * x - offsetX, offsetY: offsetY, mirrored: !mirrored)
    }

    /// Where document point (`x`, `y`) is on screen, in buffer pixels.
    public func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        let x = mirrored ? -x : x
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
        let x = c * dx + s * dy
        return (mirrored ? -x : x, -s * dx + c * dy)
    }
}
