/// A brush: how a stroke's stamps look and respond to the pen.
///
/// A value: each finished stroke keeps a copy, so editing a brush later never changes old strokes.
/// Sizes and steps are in document pixels at canvas scale 1 (see ``scaleWithCanvas``).
public struct Brush: Hashable, Codable, Sendable {
    /// The name strokes refer to in MaLiang folders; stable across runs.
    public var name: String
    /// Alpha-mask texture of the stamp; `nil` draws a procedural round stamp with ``hardness``.
    public var textureID: String?
    /// Edge of the procedural round stamp: 1 is a crisp, antialiased disc; 0 fades from the centre. 0…1.
    public var hardness: Double
    /// What the finished stroke shows, 0…1; overlapping stamps inside one stroke never exceed it.
    public var opacity: Double
    /// Per-stamp build-up inside the stroke, 0…1 (1: every stamp reaches full ``opacity`` at its centre).
    public var flow: Double
    /// Stamp diameter, in pixels, at full pressure.
    public var pointSize: Double
    /// Distance between stamps along the stroke: pixels, or a fraction of the current size when
    /// ``spacingRelativeToSize`` is set. Never below ``minimumStep`` pixels, nor ``minimumRelativeStep`` of the size.
    public var pointStep: Double
    /// When set, ``pointStep`` is a fraction of the stamp size (0.1 = stamps every tenth of a diameter).
    public var spacingRelativeToSize: Bool
    /// Exponent on the pressure curve's output for size: 0 ignores pressure, 1 follows the curve. 0…4.
    public var forceSensitive: Double
    /// Maps pressure before it reaches size (and flow, when ``pressureControlsFlow``).
    public var pressureCurve: PressureCurve
    /// When set, pressure (through the curve) also scales each stamp's flow.
    public var pressureControlsFlow: Bool
    /// When `false`, a stroke drawn while zoomed keeps its on-screen size (smaller in the document);
    /// when `true`, the size is in document pixels whatever the zoom. MaLiang's semantics.
    public var scaleWithCanvas: Bool
    /// Pressure used for a tap on a device that reports no pressure, 0…1.
    public var forceOnTap: Double
    /// The colour the stamps paint with (its alpha multiplies ``opacity``).
    public var color: Color
    /// How each stamp's texture is turned.
    public var rotation: Rotation
    /// How much tilt enlarges the stamp: size × (1 + tiltToSize × sin(tilt)). 0…4; 0 ignores tilt.
    public var tiltToSize: Double
    /// When set, the stamp angle follows the direction the pen leans toward (when it leans more than 5°).
    public var tiltToAngle: Bool
    /// When set, the pen's barrel rotation is added to the stamp angle.
    public var barrelRotationToAngle: Bool
    /// How much the paper's grain shows, 0…1: each stamp lays less paint where the paper's tooth is low, the same
    /// tooth under every stroke (it belongs to the page, not the stamp), so a pencil or chalk line breaks up as on
    /// rough paper. 1: the deepest valleys take no paint; nil or 0: none.
    public var grain: Double?

    /// Smallest distance between stamps, in pixels: bounds the stamp count of any stroke.
    public static let minimumStep = 0.25
    /// Smallest distance between stamps as a fraction of their size: closer dabs look the same, and without it a
    /// 1,000 px brush at the minimum step would cover 3 gigapixels in a 1,000 px stroke (work, not paint).
    public static let minimumRelativeStep = 0.01

    /// A brush; the defaults are MaLiang's (opacity 0.3, 4 px, a stamp every pixel, no pressure).
    public init(
        name: String = "pen", textureID: String? = nil, hardness: Double = 1, opacity: Double = 0.3,
        flow: Double = 1, pointSize: Double = 4, pointStep: Double = 1, spacingRelativeToSize: Bool = false,
        forceSensitive: Double = 0, pressureCurve: PressureCurve = .linear, pressureControlsFlow: Bool = false,
        scaleWithCanvas: Bool = false, forceOnTap: Double = 1, color: Color = .black, rotation: Rotation = .fixed(0),
        tiltToSize: Double = 0, tiltToAngle: Bool = false, barrelRotationToAngle: Bool = false, grain: Double? = nil
    ) {
        self.name = name
        self.textureID = textureID
        self.hardness = hardness
        self.opacity = opacity
        self.flow = flow
        self.pointSize = pointSize
        self.pointStep = pointStep
        self.spacingRelativeToSize = spacingRelativeToSize
        self.forceSensitive = forceSensitive
        self.pressureCurve = pressureCurve
        self.pressureControlsFlow = pressureControlsFlow
        self.scaleWithCanvas = scaleWithCanvas
        self.forceOnTap = forceOnTap
        self.color = color
        self.rotation = rotation
        self.tiltToSize = tiltToSize
        self.tiltToAngle = tiltToAngle
        self.barrelRotationToAngle = barrelRotationToAngle
        self.grain = grain
    }

    // Explicit on-disk names: renaming a Swift property never changes saved files.
    enum CodingKeys: String, CodingKey {
        case name, textureID = "texture_id", hardness, opacity, flow, pointSize = "point_size"
        case pointStep = "point_step", spacingRelativeToSize = "spacing_relative", forceSensitive = "force_sensitive"
        case pressureCurve = "pressure_curve", pressureControlsFlow = "pressure_flow"
        case scaleWithCanvas = "scale_with_canvas", forceOnTap = "force_on_tap", color, rotation
        case tiltToSize = "tilt_size", tiltToAngle = "tilt_angle", barrelRotationToAngle = "barrel_angle"
        case grain
    }
}

extension Brush {
    /// The angle each stamp's texture is turned by. Angles are radians, measured from +x toward +y (clockwise
    /// on screen, since y grows downward).
    public enum Rotation: Hashable, Codable, Sendable {
        /// Every stamp at the same angle.
        case fixed(Double)
        /// A random angle per stamp, drawn from the stroke's saved seed, so a re-render is identical.
        case random
        /// Along the direction of travel.
        case ahead

        private enum CodingKeys: String, CodingKey { case mode, angle }

        /// Reads a rotation as documents store it.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .mode) {
            case "fixed": self = .fixed(try container.decodeIfPresent(Double.self, forKey: .angle) ?? 0)
            case "random": self = .random
            case "ahead": self = .ahead
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .mode, in: container, debugDescription: "unknown rotation mode \"\(other)\"")
            }
        }

        /// Writes the rotation as documents store it.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .fixed(let angle):
                try container.encode("fixed", forKey: .mode)
                try container.encode(angle, forKey: .angle)
            case .random: try container.encode("random", forKey: .mode)
            case .ahead: try container.encode("ahead", forKey: .mode)
            }
        }
    }
}
