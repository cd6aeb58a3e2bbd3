/// How much larger the desktop's text is than the panels' own: the panels are drawn larger by as much, words and
/// controls together (their words are laid out for ``bodyPoints``), as far as the window has room.
public enum TextScale {
    /// The panels' words at scale 1, points.
    public static let bodyPoints = 9.0
    /// The largest scale: a panel twice its size still fits a 1280×800 window.
    static let largest = 2.0

    /// The scale for the desktop's font of `points`, times its text-scaling factor: the panels' words at the
    /// desktop's size, never smaller than their own.
    public static func forDesktopFont(points: Double, factor: Double = 1) -> Double {
        clamped(points * (factor.isFinite && factor > 0 ? factor : 1) / bodyPoints)
    }

    /// `scale` within 1…``largest``; 1 for what is no scale.
    static func clamped(_ scale: Double) -> Double { scale.isFinite ? min(max(scale, 1), largest) : 1 }
}
