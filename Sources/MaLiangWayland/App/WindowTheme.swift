/// The window's own colours around the drawing — the toolbar and what surrounds the page — dark or light, as the
/// desktop prefers (``DesktopSettings``). The drawing's colours never change with it.
enum WindowTheme: Hashable {
    case dark, light

    init(_ scheme: DesktopSettings.ColorScheme) { self = scheme == .light ? .light : .dark }

    /// Around the page.
    var surroundings: (Float, Float, Float) {
        switch self {
        case .dark: (0.18, 0.18, 0.2)
        case .light: (0.82, 0.82, 0.85)
        }
    }

    /// The toolbar strip, its menu and the panels, premultiplied RGBA8: opaque, so no stroke shows behind words.
    var toolbar: [UInt8] {
        switch self {
        case .dark: [40, 40, 46, 255]
        case .light: [200, 200, 206, 255]
        }
    }

    /// Words on the toolbar (its readout).
    var toolbarText: (Double, Double, Double, Double) {
        switch self {
        case .dark: (0.85, 0.85, 0.88, 1)
        case .light: (0.15, 0.15, 0.18, 1)
        }
    }

    /// A menu row's key, quieter than its words and still 4.5:1 against the menu.
    var shortcutText: (Double, Double, Double, Double) {
        switch self {
        case .dark: (0.68, 0.68, 0.72, 1)
        case .light: (0.3, 0.3, 0.34, 1)
        }
    }
}
