import MaLiangCore

/// The brush the next stroke uses: one of the toolbar's brushes as the user has set it (size, opacity, the brush
/// editor's settings, or a saved brush taken into its place), and the colour.
public struct BrushStyle: Equatable, Sendable {
    /// The toolbar's brushes, in order. The last, "stickers", places the document's images along the stroke.
    public static let presets = ["pen", "pencil", "marker", "airbrush", "chalk", "glow", "eraser", "stickers"]
    public static let eraserIndex = 6
    public static let stickersIndex = 7
    /// Diameter of a sticker before any change, document pixels.
    static let stickerSize = 48.0
    /// Sizes a brush can be given, document pixels.
    public static let sizes: ClosedRange<Double> = 0.5...1000
    /// Opacities a brush can be given.
    public static let opacities: ClosedRange<Double> = 0.02...1

    public var preset = 0
    public var color = Color.black
    /// Each toolbar brush as set now, colour aside (black), by index into ``presets``.
    public private(set) var slots: [AnyBrush] = BrushStyle.presets.map { BrushStyle.builtIn($0) }
    /// The saved brush each toolbar brush was last set from, by index (none: the built-in one).
    public internal(set) var savedNames: [Int: String] = [:]
    /// A program's own brush, used instead of the preset (but not for the pen's eraser end) when set.
    public var custom: AnyBrush?

    public init() {}

    /// The built-in brush called `name`, black; the stickers' is a plain brush of their size.
    static func builtIn(_ name: String) -> AnyBrush {
        if name == "stickers" { return .brush(Brush(name: "stickers", opacity: 1, pointSize: stickerSize)) }
        return BrushPresets.brush(named: name) ?? .brush(Brush())
    }

    /// The toolbar brush chosen now, colour aside.
    public var current: AnyBrush {
        get { slots[preset] }
        set { setSlot(preset, newValue) }
    }

    /// Sets toolbar brush `index` (its size and opacity kept within ``sizes`` and ``opacities``).
    mutating func setSlot(_ index: Int, _ brush: AnyBrush) {
        guard slots.indices.contains(index) else { return }
        var brush = brush
        var base = brush.base
        base.pointSize = Limits.clamp(base.pointSize, to: Self.sizes)
        base.opacity = Limits.clamp(base.opacity, to: Self.opacities)
        base.color = .black
        brush.base = base
        slots[index] = brush
    }

    /// Toolbar brush `index` back as built in.
    mutating func resetSlot(_ index: Int) {
        guard slots.indices.contains(index) else { return }
        slots[index] = Self.builtIn(Self.presets[index])
        savedNames[index] = nil
    }

    /// The brush for a stroke: the eraser when `eraser` (the pen's eraser end) or the eraser preset is chosen;
    /// `images`, the document's images, feed the stickers brush (nil when it has none).
    public func brush(eraser: Bool, images: [String] = []) -> AnyBrush? {
        if let custom, !eraser { return custom }
        let index = eraser ? Self.eraserIndex : preset
        var brush = slots[index]
        guard index != Self.stickersIndex else {
            guard !images.isEmpty else { return nil }
            var base = brush.base
            base.opacity = 1
            return .chartlet(ChartletBrush(textureIDs: images, brush: base))
        }
        if index != Self.eraserIndex {
            // The colour as the built-in brush takes it (the glow shows black as its blue).
            brush.base.color = BrushPresets.brush(named: Self.presets[index], color: color)?.base.color ?? color
        }
        return brush
    }

    mutating func smaller() { scaleSize(by: 1 / 1.25) }
    mutating func larger() { scaleSize(by: 1.25) }
    mutating func lighter() { scaleOpacity(by: 1 / 1.3) }
    mutating func darker() { scaleOpacity(by: 1.3) }

    private mutating func scaleSize(by factor: Double) {
        var brush = current
        brush.base.pointSize *= factor
        current = brush
    }

    private mutating func scaleOpacity(by factor: Double) {
        guard preset != Self.eraserIndex, preset != Self.stickersIndex else { return }
        var brush = current
        brush.base.opacity *= factor
        current = brush
    }
}
