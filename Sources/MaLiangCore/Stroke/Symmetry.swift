import Foundation

/// How a stroke paints copies of itself about a centre: mirrored across a vertical line, a horizontal line or both,
/// or turned about the centre as the spokes of a wheel. The copies are part of the one stroke: drawn with it live,
/// one element, one undo step, stamped from its samples alike.
public struct Symmetry: Hashable, Codable, Sendable {
    /// Which copies a stroke paints.
    public enum Mode: Hashable, Codable, Sendable {
        /// Mirrored across the vertical line through the centre: left and right.
        case vertical
        /// Mirrored across the horizontal line through the centre: top and bottom.
        case horizontal
        /// Both mirrors: four copies, one in each quarter.
        case both
        /// Turned about the centre by whole shares of a turn: `spokes` copies (``Symmetry/spokes``).
        case radial(spokes: Int)
    }

    /// The number of spokes a radial symmetry can have.
    public static let spokes = 2...12

    /// Which copies a stroke paints.
    public var mode: Mode
    /// Where the mirror lines cross, or what the spokes turn about, in document pixels.
    public var center: Point

    /// A symmetry of `mode` about `center`; spokes are clamped into ``spokes``, a centre that is not finite is the
    /// origin.
    public init(_ mode: Mode, center: Point) {
        if case .radial(let spokes) = mode {
            self.mode = .radial(spokes: min(max(spokes, Self.spokes.lowerBound), Self.spokes.upperBound))
        } else {
            self.mode = mode
        }
        self.center = center.isFinite ? center : Point(x: 0, y: 0)
    }

    private enum CodingKeys: String, CodingKey { case mode, center }

    /// Decodes a symmetry, holding it to what ``init(_:center:)`` allows.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Mode.self, forKey: .mode), center: try container.decode(Point.self, forKey: .center))
    }

    /// Every copy a stroke paints, the stroke itself (the identity) first.
    public var copies: [SymmetryCopy] {
        let identity = SymmetryCopy(turn: 0, mirrored: false, center: center)
        switch mode {
        case .vertical: return [identity, SymmetryCopy(turn: .pi, mirrored: true, center: center)]
        case .horizontal: return [identity, SymmetryCopy(turn: 0, mirrored: true, center: center)]
        case .both:
            return [
                identity, SymmetryCopy(turn: .pi, mirrored: true, center: center),
                SymmetryCopy(turn: 0, mirrored: true, center: center),
                SymmetryCopy(turn: .pi, mirrored: false, center: center),
            ]
        case .radial(let spokes):
            return (0..<spokes).map {
                SymmetryCopy(turn: 2 * .pi * Double($0) / Double(spokes), mirrored: false, center: center)
            }
        }
    }

    /// The lines the copies are mirrored across, or the spokes' directions, in radians from +x toward +y: what a
    /// guide shows (a mirror line both ways from the centre, a spoke one way).
    public var guideAngles: [Double] {
        switch mode {
        case .vertical: [.pi / 2]
        case .horizontal: [0]
        case .both: [0, .pi / 2]
        case .radial(let spokes): (0..<spokes).map { -Double.pi / 2 + 2 * .pi * Double($0) / Double(spokes) }
        }
    }

    /// Whether the guide's lines are whole mirror lines (through the centre both ways) rather than spokes.
    public var guidesAreMirrorLines: Bool {
        if case .radial = mode { return false }
        return true
    }

    /// The mode in words: "vertical", "radial, 6 spokes".
    public var name: String {
        switch mode {
        case .vertical: "vertical"
        case .horizontal: "horizontal"
        case .both: "vertical and horizontal"
        case .radial(let spokes): "radial, \(spokes) spokes"
        }
    }
}

/// One copy of a symmetric stroke: a turn about the centre, after a mirror across the horizontal line through it when
/// `mirrored` (a mirror across the line at angle a is the horizontal mirror turned by 2a).
public struct SymmetryCopy: Hashable, Sendable {
    /// Radians from +x toward +y.
    public var turn: Double { didSet { (cosine, sine) = (cos(turn), sin(turn)) } }
    /// Whether the copy is mirrored across the horizontal line through the centre before it is turned.
    public var mirrored: Bool
    /// What the copy turns about, document pixels.
    public var center: Point
    /// The turn's cosine and sine, kept: a symmetric stroke applies its copies to every stamp.
    package private(set) var cosine: Double
    package private(set) var sine: Double

    /// A copy turned by `turn` radians about `center`, after a mirror across the horizontal line through it when
    /// `mirrored`.
    public init(turn: Double, mirrored: Bool, center: Point) {
        self.turn = turn
        self.mirrored = mirrored
        self.center = center
        cosine = cos(turn)
        sine = sin(turn)
    }

    /// Where the copy puts a point.
    public func apply(_ point: Point) -> Point {
        let dx = point.x - center.x
        let dy = mirrored ? center.y - point.y : point.y - center.y
        return Point(x: center.x + cosine * dx - sine * dy, y: center.y + sine * dx + cosine * dy)
    }

    /// The copy of a stamp: its centre moved, its angle turned (and mirrored) with it.
    public func apply(_ stamp: Stamp) -> Stamp {
        var copy = stamp
        let moved = apply(Point(x: Double(stamp.x), y: Double(stamp.y)))
        copy.x = Float(moved.x)
        copy.y = Float(moved.y)
        let angle = (mirrored ? -Double(stamp.angle) : Double(stamp.angle)) + turn
        copy.angle = Float(angle.truncatingRemainder(dividingBy: 2 * .pi))
        return copy
    }
}
