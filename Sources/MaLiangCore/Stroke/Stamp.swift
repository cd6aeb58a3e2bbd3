/// One dab of paint: what the renderer draws as a rotated, textured quad.
///
/// Float fields keep the per-stamp stream compact (40 bytes); positions are document pixels.
public struct Stamp: Hashable, Sendable {
    /// Centre, document pixels.
    public var x: Float
    /// Centre, document pixels.
    public var y: Float
    /// Diameter, document pixels.
    public var size: Float
    /// Radians from +x toward +y.
    public var angle: Float
    /// Straight-alpha sRGB colour, 0…1 (unused by the eraser).
    public var red: Float
    /// Green, 0…1.
    public var green: Float
    /// Blue, 0…1.
    public var blue: Float
    /// Opacity the stamp reaches, 0…1.
    public var alpha: Float
    /// Per-dab build-up, 0…1.
    public var flow: Float
    /// Index into the stroke's texture list (a chartlet brush's images); 0 for single-texture brushes.
    public var textureSlot: UInt16
    /// Which pass draws it (paint, glow halo, glow core, eraser, chartlet).
    public var layer: StampLayer

    /// A stamp; see the properties for units.
    public init(
        x: Float, y: Float, size: Float, angle: Float, red: Float, green: Float, blue: Float, alpha: Float,
        flow: Float, textureSlot: UInt16 = 0, layer: StampLayer = .paint
    ) {
        self.x = x
        self.y = y
        self.size = size
        self.angle = angle
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.flow = flow
        self.textureSlot = textureSlot
        self.layer = layer
    }
}

/// Where and how a stamp is composited.
public enum StampLayer: UInt8, Sendable, CaseIterable {
    /// Normal paint, drawn into the stroke layer and composited "over" at the stroke's opacity.
    case paint
    /// A glow's halo: accumulated with a maximum so overlapping halos do not build up.
    case glowHalo
    /// A glow's bright core, drawn over the halo.
    case glowCore
    /// Removes paint (destination-out).
    case erase
    /// An image from a chartlet brush, drawn with its own colours.
    case chartlet
}

extension DocumentRect {
    /// The document area `stamps` can change (a rotated quad's reach, plus the antialiasing pixel).
    public init?(covering stamps: [Stamp]) {
        self.init(covering: stamps.lazy.map { (Double($0.x), Double($0.y), $0.reach) })
    }

    /// The document area one stamp can change.
    package init(reachOf stamp: Stamp) {
        let reach = stamp.reach
        self.init(x: Double(stamp.x) - reach, y: Double(stamp.y) - reach, width: 2 * reach, height: 2 * reach)
    }
}

extension Stamp {
    /// How far from its centre a stamp can change pixels: a rotated quad's half diagonal and the antialiasing pixel.
    var reach: Double { Double(size) * 0.7072 + 1 }
}
