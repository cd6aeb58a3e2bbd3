/// How a panel is fitted to its window besides the window's size: its controls' size, the desktop's text scale,
/// and how far it is scrolled.
public struct PanelFit: Equatable, Sendable {
    /// What the controls are sized for: a pen or a mouse, or a finger.
    public var controls: ControlSize
    /// How much larger the desktop's text is than the panels' own (``TextScale``).
    public var textScale: Double
    /// Panel units scrolled past the panel's top. A finger's panel taller than the window's room scrolls rather
    /// than shrink its controls below a finger's size; a pen's and a mouse's shrinks, and never scrolls.
    public var scroll: Double

    public init(controls: ControlSize = .pointer, textScale: Double = 1, scroll: Double = 0) {
        self.controls = controls
        self.textScale = textScale
        self.scroll = scroll
    }

    /// Whether a panel `width` wide at full size stacks its columns: a finger's, in a window too narrow for them
    /// side by side at the text scale (a pen's shrinks instead).
    func stacksColumns(width: Double, windowWidth: Double) -> Bool {
        controls == .touch && windowWidth.isFinite && windowWidth < width * TextScale.clamped(textScale)
    }
}
