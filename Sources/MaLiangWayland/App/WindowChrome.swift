import MaLiangEditor
import MaLiangVulkan

/// The window's own drawing over the canvas — the toolbar, the status strip, the list of keys — in the desktop's
/// light or dark look, with what the toolbar's tooltip and the status strip's messages wait on.
final class WindowChrome {
    let toolbar: Toolbar
    let statusStrip: StatusStrip
    let shortcutSheet: ShortcutSheet
    var theme = WindowTheme.dark {
        didSet { toolbar.theme = theme }
    }
    /// Whether the list of keys and gestures is shown (F1 or ?).
    var showsShortcuts = false
    /// The toolbar button the pointer or a hovering pen rests on, and since when (its tooltip shows after a while).
    var hover: (action: ToolbarLayout.Action, since: UInt64)?
    /// The timer that shows the tooltip.
    var tooltipTimer: Int?
    /// The timer that clears the status strip when its message runs out.
    var statusTimer: (token: Int, at: UInt64)?
    /// The rounded corners cut out of a floating window's frame, made for the window's scale.
    var corners: WindowCorners?

    init(renderer: CanvasRenderer) throws {
        toolbar = try Toolbar(renderer: renderer)
        statusStrip = StatusStrip(renderer: renderer)
        shortcutSheet = ShortcutSheet(renderer: renderer)
    }
}
