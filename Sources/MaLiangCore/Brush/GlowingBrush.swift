/// A brush with a bright core inside a halo of the brush colour.
///
/// Every stamp position gets a halo stamp (full size, brush colour) and a core stamp (``coreProportion`` of the
/// size, ``coreColor``) at the same place, so the core never lags the halo. The renderer accumulates halos with
/// a maximum, so slow strokes glow no more than fast ones.
@dynamicMemberLookup
public struct GlowingBrush: Hashable, Codable, Sendable {
    public var brush: Brush
    /// Core diameter as a fraction of the halo's, 0…1.
    public var coreProportion: Double
    public var coreColor: Color

    public init(
        brush: Brush = Brush(name: "glow", hardness: 0, opacity: 0.8, pointSize: 20), coreProportion: Double = 0.25,
        coreColor: Color = .white
    ) {
        self.brush = brush
        self.coreProportion = coreProportion
        self.coreColor = coreColor
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Brush, Value>) -> Value {
        get { brush[keyPath: keyPath] }
        set { brush[keyPath: keyPath] = newValue }
    }

    enum CodingKeys: String, CodingKey { case brush, coreProportion = "core_proportion", coreColor = "core_color" }
}

/// A brush whose stamps remove paint (destination-out): erased pixels keep no colour.
@dynamicMemberLookup
public struct Eraser: Hashable, Codable, Sendable {
    public var brush: Brush

    public init(brush: Brush = Brush(name: "eraser", opacity: 1, pointSize: 20)) { self.brush = brush }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Brush, Value>) -> Value {
        get { brush[keyPath: keyPath] }
        set { brush[keyPath: keyPath] = newValue }
    }
}

/// A brush that places images (chartlets) along the stroke, one every `pointSize × pointRate` pixels.
@dynamicMemberLookup
public struct ChartletBrush: Hashable, Codable, Sendable {
    public enum RenderStyle: String, Codable, Sendable {
        /// Cycle through the textures in order, starting with the first.
        case ordered
        /// A seeded random texture per stamp.
        case random
    }

    public var brush: Brush
    /// The images, by texture id.
    public var textureIDs: [String]
    public var renderStyle: RenderStyle
    /// Distance between images as a multiple of their size.
    public var pointRate: Double

    public init(
        textureIDs: [String], renderStyle: RenderStyle = .ordered, pointRate: Double = 1.5,
        brush: Brush = Brush(name: "chartlet", opacity: 1, pointSize: 40)
    ) {
        self.brush = brush
        self.textureIDs = textureIDs
        self.renderStyle = renderStyle
        self.pointRate = pointRate
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Brush, Value>) -> Value {
        get { brush[keyPath: keyPath] }
        set { brush[keyPath: keyPath] = newValue }
    }

    enum CodingKeys: String, CodingKey {
        case brush, textureIDs = "texture_ids", renderStyle = "render_style", pointRate = "point_rate"
    }
}
