import Foundation

/// Identifies a layer of a document. Ids are never reused within a document.
public struct LayerID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The number.
    public var rawValue: Int64

    /// The id `rawValue`.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// The layer every document starts with, and the one elements of a file without layers are on.
    public static let first = LayerID(1)

    /// Whether `a` was made before `b`.
    public static func < (a: LayerID, b: LayerID) -> Bool { a.rawValue < b.rawValue }
    /// The id as `layer N`.
    public var description: String { "layer \(rawValue)" }
}

/// How a layer's paint combines with what is under it (the W3C compositing formulas, on premultiplied colour).
public enum LayerBlend: String, CaseIterable, Codable, Sendable {
    /// Paint over what is under it.
    case normal
    /// Darkens: the colours multiplied (white leaves what is under it as it was).
    case multiply
    /// Lightens: the inverse of multiplying the inverses (black leaves what is under it as it was).
    case screen
    /// Multiply where what is under it is dark, screen where it is light: contrast.
    case overlay

    /// The mode's name as people read it.
    public var title: String {
        switch self {
        case .normal: "Normal"
        case .multiply: "Multiply"
        case .screen: "Screen"
        case .overlay: "Overlay"
        }
    }
}

/// A layer: a stack of elements composed as one picture onto the layers under it.
public struct Layer: Hashable, Codable, Sendable {
    /// Longest name kept, in characters.
    public static let maximumNameLength = 64

    /// The layer's id in its document.
    public var id: LayerID
    /// What the artist calls it.
    public var name: String
    /// Whether it is shown (and exported).
    public var isVisible: Bool
    /// Whether painting, erasing and moving images on it is refused.
    public var isLocked: Bool
    /// How much of it shows, 0…1.
    public var opacity: Double
    /// How it combines with the layers under it.
    public var blend: LayerBlend

    /// A layer named `name`: shown, unlocked, opaque, normal.
    public init(
        id: LayerID, name: String, isVisible: Bool = true, isLocked: Bool = false, opacity: Double = 1,
        blend: LayerBlend = .normal
    ) {
        self.id = id
        self.name = name
        self.isVisible = isVisible
        self.isLocked = isLocked
        self.opacity = opacity
        self.blend = blend
    }

    /// Whether it shows exactly as its paint: visible, opaque and normal (one such layer alone needs no composing).
    public var isPlain: Bool { isVisible && opacity >= 1 && blend == .normal }

    /// The layer within bounds: opacity in 0…1 (NaN: 1), a name of at most ``maximumNameLength`` characters
    /// without line breaks or control characters (empty: "Layer N").
    public func clamped() -> Layer {
        var result = self
        result.opacity = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        let cleaned = String(
            name.unicodeScalars.filter { !$0.properties.generalCategory.isControl }.map(Character.init)
        )
        .trimmingCharacters(in: .whitespaces)
        result.name = cleaned.isEmpty ? "Layer \(id.rawValue)" : String(cleaned.prefix(Self.maximumNameLength))
        return result
    }

    /// Whether every value is within bounds (what the store writes and reads).
    public var isValid: Bool { self == clamped() }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
        default: false
        }
    }
}
