/// The keyboard, routed here like every other input: the menu takes its keys (``menuKey(_:)``); the New panel
/// takes Escape and Return; a name being typed (a brush's, a layer's) takes every key that types; Space held pans;
/// the colour panel takes hex digits; anything else is a shortcut (``KeyCommand``).
extension EditingSession {
    /// What a key does.
    public func handle(_ key: KeyEvent) -> Effects {
        let symbol = key.keysym
        let pressed = key.isPressed
        if let effects = menuKey(key) { return effects }
        if pressed, symbol == Keysym.escape, let effects = closeNewDrawingPanel() ?? closePadPanel() {
            return effects
        }
        if pressed, Keysym.isEnter(symbol), let effects = confirmNewDrawing() { return effects }
        if pressed, !key.control, let typed = BrushEditorKey(keysym: symbol, text: key.text) {
            // A name being typed takes every key that types (space too); Escape closes the panel it is on.
            if panels.brushNameDraft != nil || symbol == Keysym.escape, let effects = brushEditorKey(typed) {
                return effects
            }
            if panels.layerNameDraft != nil || symbol == Keysym.escape, let effects = layerPanelKey(typed) {
                return effects
            }
        }
        if symbol == Keysym.space { return perform(.panHold(pressed)) }
        if Keysym.isShift(symbol) {
            input.shiftHeld = pressed
            return Effects()
        }
        guard pressed else { return Effects() }
        if !key.control, let panelKey = ColorPanelKey(keysym: symbol), let effects = colorPanelKey(panelKey) {
            return effects
        }
        guard let command = KeyCommand.command(keysym: symbol, control: key.control, shift: key.shift),
            // Tab while a name is typed would hide the panel it is typed on.
            command != .toggleToolbar || (panels.brushNameDraft == nil && panels.layerNameDraft == nil)
        else {
            return Effects()
        }
        return perform(command)
    }

    /// The keyboard left the window: a held Space is let go.
    public func keyboardLeft() -> Effects {
        input.shiftHeld = false
        return perform(.panHold(false))
    }
}
