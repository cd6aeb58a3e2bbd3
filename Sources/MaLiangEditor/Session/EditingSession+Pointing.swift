import MaLiangCore

/// What a pointer points at, for its cursor: the window's controls take an arrow, its edges a resize arrow, the
/// drawing the painting cursor.
extension EditingSession {
    /// The edge or corner of the window the mouse resizes it from at (x, y), with our own decorations and the
    /// toolbar shown; nil elsewhere.
    public func resizeEdge(x: Double, y: Double) -> WindowEdge? {
        guard hasToolbar, window.showsClose else { return nil }
        return WindowEdge.at(x: x, y: y, width: window.width, height: window.height)
    }

    /// Whether a point (logical window pixels) is on the toolbar, its open menu or an open panel — where a press
    /// works a control rather than paints.
    public func pointsAtControls(x: Double, y: Double) -> Bool {
        guard hasToolbar else { return false }
        if ToolbarLayout.contains(y: y) { return true }
        if panels.isMenuOpen, let menu = toolbar.menuFrame,
            x >= menu.x && x < menu.x + menu.width && y >= menu.y && y < menu.y + menu.height
        {
            return true
        }
        if panels.isOpen(.color) { return colorPanel.contains(x: x, y: y) }
        if panels.isOpen(.brushEditor) { return brushEditor.contains(x: x, y: y) }
        if panels.isOpen(.newDrawing) { return newDrawingPanel.contains(x: x, y: y) }
        if panels.isOpen(.layers) { return layerPanel.contains(x: x, y: y) }
        if panels.isOpen(.pad) { return padPanel?.contains(x: x, y: y) ?? false }
        return false
    }
}
