import MaLiangCore

/// The brush the next stroke uses: a built-in preset, a colour, and the size and opacity the user dialled in.
public struct BrushStyle: Equatable, Sendable {
    /// The toolbar's brushes, in order. The last, "stickers", places the document's images along the stroke.
    public static let presets = ["pen", "pencil", "marker", "airbrush", "chalk", "glow", "eraser", "stickers"]
    public static let eraserIndex = 6
    public static let stickersIndex = 7
    /// Diameter of a sticker at size factor 1, document pixels.
    static let stickerSize = 48.0

    public var preset = 0
    public var color = Color.black
    /// Multiplies the preset's size ([ and ]), 0.1…20.
    public var sizeFactor = 1.0
    /// Multiplies the preset's opacity, 0.05…1.
    public var opacityFactor = 1.0
    /// A program's own brush, used instead of the preset (but not for the pen's eraser end) when set.
    public var custom: AnyBrush?

    public init() {}

    /// The brush for a stroke: the eraser when `eraser` (the pen's eraser end) or the eraser preset is chosen;
    /// `images`, the document's images, feed the stickers brush (nil when it has none).
    public func brush(eraser: Bool, images: [String] = []) -> AnyBrush? {
        if let custom, !eraser { return custom }
        let name = eraser ? "eraser" : Self.presets[preset == Self.stickersIndex ? 0 : preset]
        var brush = BrushPresets.brush(named: name, color: color) ?? .brush(Brush())
        var base = brush.base
        base.pointSize = max(base.pointSize * sizeFactor, 0.5)
        if !eraser { base.opacity = min(max(base.opacity * opacityFactor, 0.02), 1) }
        brush.base = base
        guard !eraser, preset == Self.stickersIndex else { return brush }
        guard !images.isEmpty else { return nil }
        base.pointSize = Self.stickerSize * sizeFactor
        base.opacity = 1
        return .chartlet(ChartletBrush(textureIDs: images, brush: base))
    }

    mutating func smaller() { sizeFactor = max(sizeFactor / 1.25, 0.1) }
    mutating func larger() { sizeFactor = min(sizeFactor * 1.25, 20) }
    mutating func lighter() { opacityFactor = max(opacityFactor / 1.3, 0.05) }
    mutating func darker() { opacityFactor = min(opacityFactor * 1.3, 1) }
}
