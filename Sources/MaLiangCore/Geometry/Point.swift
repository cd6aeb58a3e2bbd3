/// A position or offset in document pixels. The document's origin is its top-left corner; y grows downward,
/// as in Wayland surface coordinates.
public struct Point: Hashable, Codable, Sendable {
    /// Horizontal, growing rightwards.
    public var x: Double
    /// Vertical, growing downwards.
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean length when the point is read as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double { (other - self).length }

    /// The sum, coordinate by coordinate.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, coordinate by coordinate.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The point scaled by `s` from the origin.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    /// The point halfway between `a` and `b`.
    public static func midpoint(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) * 0.5, y: (a.y + b.y) * 0.5) }
}
