import MaLiangCore

/// The panels under the toolbar — colours, the brush editor, New, layers — and what each keeps. They open one at a
/// time: opening one, by a button or a key, closes the others, and closing one drops any text being typed on it.
public struct PanelState {
    public enum Panel: Equatable, Sendable {
        case color, brushEditor, newDrawing, layers
    }

    /// The panel open, if any.
    public internal(set) var open: Panel?
    /// The toolbar's menu (the buttons a narrow window has no room for) is open below the strip.
    public internal(set) var isMenuOpen = false

    // The colour panel.
    /// The current colour as the wheel holds it: a grey keeps the hue it came from.
    var wheelColor = HSVColor(hue: 0, saturation: 0, value: 0)
    /// Hex digits typed and not applied yet.
    var hexDraft: String?
    /// The last colours painted with, most recent first, at most ``ColorPanel/recentCount``.
    var recentColors: [Color] = [] {
        didSet { recentColors = Array(recentColors.prefix(ColorPanel.recentCount)) }
    }

    // The brush editor.
    /// The brushes kept in files (the shell reads them at start and writes them when the editor saves or deletes).
    var savedBrushes: [BrushFile] = []
    /// A name being typed for the brush (saved under it with Return).
    var brushNameDraft: String?
    /// Which page of saved brushes the editor lists, when there are more than it shows.
    var savedPage = 0

    // The New panel.
    /// The choices: indices into ``NewDrawingPanel/sizes`` and ``NewDrawingPanel/papers``.
    var newDrawingChoice = (size: 0, paper: 0)

    // The layer panel.
    /// The current layer's new name while it is typed; nil when no name is being typed.
    var layerNameDraft: String?
    /// The first row the panel shows (0: the top layer), for a stack longer than the panel.
    var layerListTop = 0

    /// Whether `panel` is open.
    func isOpen(_ panel: Panel) -> Bool { open == panel }

    /// Closes `panel` if it is open, dropping what is being typed on it.
    mutating func close(_ panel: Panel) {
        if open == panel { open = nil }
        switch panel {
        case .color: hexDraft = nil
        case .brushEditor: brushNameDraft = nil
        case .layers: layerNameDraft = nil
        case .newDrawing: break
        }
    }

    /// Closes every panel but `kept` (all of them when nil).
    mutating func closeAll(except kept: Panel? = nil) {
        for panel in [Panel.color, .brushEditor, .newDrawing, .layers] where panel != kept { close(panel) }
    }

    /// Opens `panel` (closing the others), or closes it when it is open; either way what was typed on it goes.
    /// Returns whether it is open now.
    @discardableResult
    mutating func toggle(_ panel: Panel) -> Bool {
        let opening = open != panel
        closeAll(except: panel)
        close(panel)
        if opening { open = panel }
        return opening
    }
}

extension EditingSession {
    /// The colour panel (wheel, hex value, recent colours) is open below the strip.
    public var isColorPanelOpen: Bool { panels.isOpen(.color) }
    /// The brush editor (sliders, stamp, pressure curve, saved brushes) is open below the strip.
    public var isBrushEditorOpen: Bool { panels.isOpen(.brushEditor) }
    /// The New panel (the new drawing's size and paper) is open below the strip.
    public var isNewDrawingPanelOpen: Bool { panels.isOpen(.newDrawing) }
    /// Whether the layer panel is open.
    public var isLayerPanelOpen: Bool { panels.isOpen(.layers) }
    /// The toolbar's menu is open below the strip.
    public var isToolbarMenuOpen: Bool { panels.isMenuOpen }

    /// The current colour as the wheel holds it: a grey keeps the hue it came from.
    public internal(set) var wheelColor: HSVColor {
        get { panels.wheelColor }
        set { panels.wheelColor = newValue }
    }
    /// The last colours painted with, most recent first, at most ``ColorPanel/recentCount`` (the shell keeps them
    /// between sessions).
    public var recentColors: [Color] {
        get { panels.recentColors }
        set { panels.recentColors = newValue }
    }
    /// Hex digits typed into the open colour panel and not applied yet.
    public internal(set) var hexDraft: String? {
        get { panels.hexDraft }
        set { panels.hexDraft = newValue }
    }
    /// The brushes kept in files (the shell reads them at start and writes them when the editor saves or deletes).
    public var savedBrushes: [BrushFile] {
        get { panels.savedBrushes }
        set { panels.savedBrushes = newValue }
    }
    /// A name being typed for the brush in the editor (saved under it with Return).
    public internal(set) var brushNameDraft: String? {
        get { panels.brushNameDraft }
        set { panels.brushNameDraft = newValue }
    }
    /// The current layer's new name while it is typed on the layer panel; nil when no name is being typed.
    public internal(set) var layerNameDraft: String? {
        get { panels.layerNameDraft }
        set { panels.layerNameDraft = newValue }
    }
    /// The first row the layer panel shows (0: the top layer), for a stack longer than the panel.
    public internal(set) var layerListTop: Int {
        get { panels.layerListTop }
        set { panels.layerListTop = newValue }
    }
    /// The New panel's choices: indices into ``NewDrawingPanel/sizes`` and ``NewDrawingPanel/papers``.
    public internal(set) var newDrawingChoice: (size: Int, paper: Int) {
        get { panels.newDrawingChoice }
        set { panels.newDrawingChoice = newValue }
    }

    /// Which page of saved brushes the editor lists.
    var savedPage: Int {
        get { panels.savedPage }
        set { panels.savedPage = newValue }
    }

    /// Closes every panel but `kept` (all of them when nil).
    func closePanels(except kept: PanelState.Panel? = nil) { panels.closeAll(except: kept) }
}
