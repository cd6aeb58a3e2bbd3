/// Any kind of brush, as saved with each stroke.
public enum AnyBrush: Hashable, Codable, Sendable {
    /// A textured or round brush.
    case brush(Brush)
    /// A glowing line: a core inside a halo.
    case glowing(GlowingBrush)
    /// An eraser.
    case eraser(Eraser)
    /// Images placed along the line.
    case chartlet(ChartletBrush)

    /// The common brush properties of whichever kind this is.
    public var base: Brush {
        get {
            switch self {
            case .brush(let brush): brush
            case .glowing(let glowing): glowing.brush
            case .eraser(let eraser): eraser.brush
            case .chartlet(let chartlet): chartlet.brush
            }
        }
        set {
            switch self {
            case .brush: self = .brush(newValue)
            case .glowing(var glowing): glowing.brush = newValue; self = .glowing(glowing)
            case .eraser(var eraser): eraser.brush = newValue; self = .eraser(eraser)
            case .chartlet(var chartlet): chartlet.brush = newValue; self = .chartlet(chartlet)
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, brush, glowing, eraser, chartlet }

    /// Reads a brush as it is stored in documents and MaLiang folders.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "brush": self = .brush(try container.decode(Brush.self, forKey: .brush))
        case "glowing": self = .glowing(try container.decode(GlowingBrush.self, forKey: .glowing))
        case "eraser": self = .eraser(try container.decode(Eraser.self, forKey: .eraser))
        case "chartlet": self = .chartlet(try container.decode(ChartletBrush.self, forKey: .chartlet))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown brush kind \"\(other)\"")
        }
    }

    /// Writes the brush as documents store it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .brush(let brush):
            try container.encode("brush", forKey: .kind)
            try container.encode(brush, forKey: .brush)
        case .glowing(let glowing):
            try container.encode("glowing", forKey: .kind)
            try container.encode(glowing, forKey: .glowing)
        case .eraser(let eraser):
            try container.encode("eraser", forKey: .kind)
            try container.encode(eraser, forKey: .eraser)
        case .chartlet(let chartlet):
            try container.encode("chartlet", forKey: .kind)
            try container.encode(chartlet, forKey: .chartlet)
        }
    }
}
