/// An axis-aligned rectangle in document pixels (or, after ``ViewTransform/apply(_:)-(DocumentRect)``, in the
/// view's target pixels).
public struct DocumentRect: Hashable, Sendable {
    /// Left edge, document pixels.
    public var x: Double
    /// Top edge, document pixels.
    public var y: Double
    /// Width, document pixels.
    public var width: Double
    /// Height, document pixels.
    public var height: Double

    /// The rectangle from (`x`, `y`), `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding a circle of `radius` about each point.
    public init?(covering points: some Sequence<(x: Double, y: Double, radius: Double)>) {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x - point.radius)
            maxX = max(maxX, point.x + point.radius)
            minY = min(minY, point.y - point.radius)
            maxY = max(maxY, point.y + point.radius)
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: DocumentRect) -> DocumentRect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return DocumentRect(
            x: left, y: top, width: max(x + width, other.x + other.width) - left,
            height: max(y + height, other.y + other.height) - top)
    }

    /// Grown by `amount` on every side.
    public func expanded(by amount: Double) -> DocumentRect {
        DocumentRect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
