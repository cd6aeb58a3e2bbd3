import WaylandClient

/// What the desktop offers the window besides Wayland: the session bus and the portals on it (the file dialogs,
/// the light or dark preference), the windows of other drawings, and the files kept between sessions (recent
/// colours, saved brushes).
final class DesktopServices {
    let bus: SessionBus
    /// The desktop's light or dark preference, followed as it changes.
    let settings: DesktopSettings
    /// The desktop's file dialogs.
    let fileChooser: FileChooser
    /// Starts the windows of other drawings (new, open).
    let launcher = WindowLauncher()
    /// The colour panel's recent colours, kept between sessions.
    let recentColors = RecentColorsFile()
    /// The toolbar's brushes and colour, kept between sessions.
    let brushStyle = BrushStyleFile()
    /// The brushes the user saved from the brush editor.
    let brushFolder = BrushFolder()
    /// What each tablet's pad does.
    let padSettings = PadSettingsFile()
    /// The last window's size.
    let windowSize = WindowSizeFile()

    init(loop: EventLoop) {
        bus = SessionBus(loop: loop)
        settings = DesktopSettings(bus: bus)
        fileChooser = FileChooser(bus: bus)
    }
}
