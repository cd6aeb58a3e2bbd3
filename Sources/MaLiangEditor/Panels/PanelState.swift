import MaLiangCore

/// The panels under the toolbar — colours, the brush editor, New, layers — and what each keeps. They open one at a
/// time: opening one, by a button or a key, closes the others, and closing one drops any text being typed on it.
public struct PanelState {
    public enum Panel: Equatable, Sendable {
        case color, brushEditor, newDrawing, layers, pad
    }

    /// The panel open, if any.
    public internal(set) var open: Panel?
    /// How the panels fit the window: their controls' size (the last contact's device, a finger or not), the
    /// desktop's text scale, and how far the open one is scrolled.
    public internal(set) var fit = PanelFit()
    /// What the panels' controls are sized for.
    public var controls: ControlSize { fit.controls }
    /// How much larger than their own the desktop's text is (``TextScale``): the panels grow by it.
    public var textScale: Double { fit.textScale }
    /// The toolbar's menu (the buttons a narrow window has no room for) is open below the strip.
    public internal(set) var isMenuOpen = false {
        didSet { if !isMenuOpen { menuFocus = nil } }
    }
    /// The menu's item the keyboard is on (an index into ``ToolbarLayout/menu``); nil when the arrows have not
    /// been used since it opened.
    public internal(set) var menuFocus: Int?

    // The colour panel.
    /// The current colour as the wheel holds it: a grey keeps the hue it came from.
    public internal(set) var wheelColor = HSVColor(hue: 0, saturation: 0, value: 0)
    /// Hex digits typed and not applied yet.
    public internal(set) var hexDraft: String?

    // The brush editor.
    /// A name being typed for the brush (saved under it with Return).
    public internal(set) var brushNameDraft: String?
    /// Which page of saved brushes the editor lists, when there are more than it shows.
    var savedPage = 0

    // The New panel.
    /// The choices: indices into ``NewDrawingPanel/sizes`` and ``NewDrawingPanel/papers``.
    public internal(set) var newDrawingChoice = (size: 0, paper: 0)

    // The layer panel.
    /// The current layer's new name while it is typed; nil when no name is being typed.
    public internal(set) var layerNameDraft: String?
    /// The first row the panel shows (0: the top layer), for a stack longer than the panel.
    public internal(set) var layerListTop = 0

    // The pad panel.
    /// The pad the window last knew of, with its tablet's mapping; nil when none is plugged in.
    public internal(set) var pad: PadSetup?

    /// Whether `panel` is open.
    public func isOpen(_ panel: Panel) -> Bool { open == panel }

    /// Closes `panel` if it is open, dropping what is being typed on it.
    mutating func close(_ panel: Panel) {
        if open == panel { open = nil }
        switch panel {
        case .color: hexDraft = nil
        case .brushEditor: brushNameDraft = nil
        case .layers: layerNameDraft = nil
        case .newDrawing, .pad: break
        }
    }

    /// Closes every panel but `kept` (all of them when nil).
    mutating func closeAll(except kept: Panel? = nil) {
        for panel in [Panel.color, .brushEditor, .newDrawing, .layers, .pad] where panel != kept { close(panel) }
    }

    /// Opens `panel` (closing the others), or closes it when it is open; either way what was typed on it goes.
    /// Returns whether it is open now.
    @discardableResult
    mutating func toggle(_ panel: Panel) -> Bool {
        let opening = open != panel
        closeAll(except: panel)
        close(panel)
        if opening { open = panel }
        fit.scroll = 0
        return opening
    }
}

extension EditingSession {
    /// Closes every panel but `kept` (all of them when nil).
    func closePanels(except kept: PanelState.Panel? = nil) { panels.closeAll(except: kept) }
}

extension EditingSession {
    /// The desktop's text is `scale` times the panels' own (``TextScale``): the panels are drawn larger by as much.
    public func setTextScale(_ scale: Double) -> Effects {
        let clamped = TextScale.clamped(scale)
        var effects = Effects()
        guard clamped != panels.textScale else { return effects }
        panels.fit.textScale = clamped
        effects.redraw = true
        return effects
    }
}
