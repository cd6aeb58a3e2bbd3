import Foundation

/// A move, scale, turn, flip or any mix of them, in document pixels: a point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty). What a selection does to the elements it holds.
public struct DocumentTransform: Hashable, Codable, Sendable {
    /// How far x moves across per unit of x.
    public var a: Double
    /// How far y moves down per unit of x.
    public var b: Double
    /// How far x moves across per unit of y.
    public var c: Double
    /// How far y moves down per unit of y.
    public var d: Double
    /// The move across, document pixels.
    public var tx: Double
    /// The move down, document pixels.
    public var ty: Double

    /// The transform with these coefficients (see the type's summary).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Leaves every point where it is.
    public static let identity = DocumentTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by (`dx`, `dy`).
    public static func translation(dx: Double, dy: Double) -> DocumentTransform {
        DocumentTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// Scales by `sx` across and `sy` down, about `center` (negative: a flip).
    public static func scale(x sx: Double, y sy: Double, about center: Point) -> DocumentTransform {
        DocumentTransform(a: sx, b: 0, c: 0, d: sy, tx: center.x - sx * center.x, ty: center.y - sy * center.y)
    }

    /// Turns by `angle` radians (from +x toward +y) about `center`.
    public static func rotation(_ angle: Double, about center: Point) -> DocumentTransform {
        let (cosine, sine) = (cos(angle), sin(angle))
        return DocumentTransform(
            a: cosine, b: sine, c: -sine, d: cosine, tx: center.x - cosine * center.x + sine * center.y,
            ty: center.y - sine * center.x - cosine * center.y)
    }

    /// This transform, then `next`.
    public func then(_ next: DocumentTransform) -> DocumentTransform {
        DocumentTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b, c: next.a * c + next.c * d,
            d: next.b * c + next.d * d, tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty
        )
    }

    /// Where the transform puts `point`.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Where the transform turns a direction (no move).
    public func applyToVector(_ vector: Point) -> Point {
        Point(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }

    /// The area's factor; negative when the transform flips.
    public var determinant: Double { a * d - b * c }
    /// Whether the transform flips (a mirror image).
    public var flips: Bool { determinant < 0 }
    /// How much a round dab grows: the square root of the area's factor (the scale, for a proportional one).
    public var sizeScale: Double { abs(determinant).squareRoot() }

    /// The most the transform stretches any direction (its largest singular value).
    public var largestStretch: Double {
        let sum = a * a + b * b + c * c + d * d
        let det = determinant
        return ((sum + (max(sum * sum - 4 * det * det, 0)).squareRoot()) / 2).squareRoot()
    }

    /// Whether it leaves every point where it is.
    public var isIdentity: Bool { self == .identity }

    /// The transform that undoes this one; nil when it flattens the plane.
    public var inverted: DocumentTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return DocumentTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The factor by which areas may grow or shrink at most, and the least any side may keep: a transform past
    /// them cannot be stored.
    public static let scaleLimit: ClosedRange<Double> = 1.0 / 4096...4096

    /// Whether every coefficient is finite, the coordinates within ``Limits/coordinate``, and each direction
    /// scaled within ``scaleLimit`` (none flattened): what an element can keep.
    public var isValid: Bool {
        let values = [a, b, c, d, tx, ty]
        guard values.allSatisfy(\.isFinite), abs(tx) <= 4 * Limits.coordinate, abs(ty) <= 4 * Limits.coordinate
        else { return false }
        let largest = largestStretch
        let smallest = largest > 0 ? abs(determinant) / largest : 0
        return Self.scaleLimit.contains(largest) && Self.scaleLimit.contains(smallest)
    }
}
