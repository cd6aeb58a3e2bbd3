/// A brush with a bright core inside a halo of the brush colour.
///
/// Every stamp position gets a halo stamp (full size, brush colour) and a core stamp (``coreProportion`` of the
/// size, ``coreColor``) at the same place, so the core never lags the halo. The renderer accumulates halos with
/// a maximum, so slow strokes glow no more than fast ones.
@dynamicMemberLookup
public struct GlowingBrush: Hashable, Codable, Sendable {
    /// The halo: size, opacity, colour and the rest of the brush.
    public var brush: Brush
    /// Core diameter as a fraction of the halo's, 0…1.
    public var coreProportion: Double
    /// The core's colour.
    public var coreColor: Color

    /// A glowing brush: a soft halo of `brush` and a core of `coreProportion` of its size in `coreColor`.
    public init(
        brush: Brush = Brush(name: "glow", hardness: 0, opacity: 0.8, pointSize: 20), coreProportion: Double = 0.25,
        coreColor: Color = .white
    ) {
        self.brush = brush
        self.coreProportion = coreProportion
        self.coreColor = coreColor
    }

    /// The halo brush's properties, as if they were the glowing brush's own (`glow.pointSize = 20`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Brush, Value>) -> Value {
        get { brush[keyPath: keyPath] }
        set { brush[keyPath: keyPath] = newValue }
    }

    enum CodingKeys: String, CodingKey { case brush, coreProportion = "core_proportion", coreColor = "core_color" }
}

/// A brush whose stamps remove paint (destination-out): erased pixels keep no colour.
@dynamicMemberLookup
public struct Eraser: Hashable, Codable, Sendable {
    /// The brush whose stamps' shape and size remove paint.
    public var brush: Brush

    /// An eraser of `brush`'s shape and size.
    public init(brush: Brush = Brush(name: "eraser", opacity: 1, pointSize: 20)) { self.brush = brush }

    /// The eraser brush's properties, as if they were the eraser's own (`eraser.pointSize = 30`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Brush, Value>) -> Value {
        get { brush[keyPath: keyPath] }
        set { brush[keyPath: keyPath] = newValue }
    }
}

/// A brush that places images (chartlets) along the stroke, one every `pointSize × pointRate` pixels.
@dynamicMemberLookup
public struct ChartletBrush: Hashable, Codable, Sendable {
    /// Which image each stamp of a ``ChartletBrush`` places.
    public enum RenderStyle: String, Codable, Sendable {
        /// Cycle through the textures in order, starting with the first.
        case ordered
        /// A seeded random texture per stamp.
        case random
    }

    /// Size, spacing and the rest of the line's brush.
    public var brush: Brush
    /// The images, by texture id.
    public var textureIDs: [String]
    /// Which image each stamp places.
    public var renderStyle: RenderStyle
    /// Distance between images as a multiple of their size.
    public var pointRate: Double
    /// Whether each image keeps its proportions inside the stamp's square (a fill's picture), rather than filling
    /// it (MaLiang's stickers).
    public var keepsProportions = false

    /// A brush placing the images `textureIDs` along the line, `pointRate` sizes apart.
    public init(
        textureIDs: [String], renderStyle: RenderStyle = .ordered, pointRate: Double = 1.5,
        brush: Brush = Brush(name: "chartlet", opacity: 1, pointSize: 40)
    ) {
        self.brush = brush
        self.textureIDs = textureIDs
        self.renderStyle = renderStyle
        self.pointRate = pointRate
    }

    /// The line brush's properties, as if they were the chartlet brush's own.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Brush, Value>) -> Value {
        get { brush[keyPath: keyPath] }
        set { brush[keyPath: keyPath] = newValue }
    }

    enum CodingKeys: String, CodingKey {
        case brush, textureIDs = "texture_ids", renderStyle = "render_style", pointRate = "point_rate"
        case keepsProportions = "keeps_proportions"
    }

    /// Decodes a chartlet brush; one saved before images could keep their proportions fills the square.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        brush = try container.decode(Brush.self, forKey: .brush)
        textureIDs = try container.decode([String].self, forKey: .textureIDs)
        renderStyle = try container.decode(RenderStyle.self, forKey: .renderStyle)
        pointRate = try container.decode(Double.self, forKey: .pointRate)
        keepsProportions = try container.decodeIfPresent(Bool.self, forKey: .keepsProportions) ?? false
    }

    /// Encodes the brush (the proportions only when they are kept, so other brushes read as before).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(brush, forKey: .brush)
        try container.encode(textureIDs, forKey: .textureIDs)
        try container.encode(renderStyle, forKey: .renderStyle)
        try container.encode(pointRate, forKey: .pointRate)
        if keepsProportions { try container.encode(true, forKey: .keepsProportions) }
    }
}
