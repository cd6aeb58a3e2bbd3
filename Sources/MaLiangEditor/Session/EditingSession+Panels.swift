/// The panels under the toolbar — colours, the brush editor, New, layers — open one at a time: opening one, by a
/// button or a key, closes the others (with any text being typed on them).
extension EditingSession {
    enum Panel {
        case color, brushEditor, newDrawing, layers
    }

    /// Closes every panel but `kept` (all of them when nil).
    func closePanels(except kept: Panel? = nil) {
        if kept != .color {
            isColorPanelOpen = false
            hexDraft = nil
        }
        if kept != .brushEditor { closeBrushEditor() }
        if kept != .newDrawing { isNewDrawingPanelOpen = false }
        if kept != .layers {
            isLayerPanelOpen = false
            layerNameDraft = nil
        }
    }
}
