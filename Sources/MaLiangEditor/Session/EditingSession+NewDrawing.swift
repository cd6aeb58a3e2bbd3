import MaLiangCore

extension EditingSession {
    /// The open New panel, placed for the current window.
    public var newDrawingPanel: NewDrawingPanel {
        NewDrawingPanel(
            layout: toolbar, windowWidth: window.width, windowHeight: window.height, fit: panels.fit)
    }

    /// The page the New panel's choices give.
    public var newDrawingSize: Size { NewDrawingPanel.sizes[panels.newDrawingChoice.size].size ?? document.size }

    /// The paper the New panel's choices give.
    public var newDrawingPaper: Color {
        NewDrawingPanel.papers[panels.newDrawingChoice.paper].color ?? document.background
    }

    func toggleNewDrawingPanel() -> Effects {
        panels.toggle(.newDrawing)
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Closes the New panel (Escape); nil when it is not open.
    public func closeNewDrawingPanel() -> Effects? {
        guard panels.isOpen(.newDrawing) else { return nil }
        panels.close(.newDrawing)
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Return on the open New panel: Create. Nil when it is not open.
    public func confirmNewDrawing() -> Effects? {
        guard panels.isOpen(.newDrawing) else { return nil }
        panels.close(.newDrawing)
        var effects = Effects()
        effects.redraw = true
        effects.requests.append(.newDocument(size: newDrawingSize, background: newDrawingPaper))
        return effects
    }

    /// With the New panel open, a press below the strip belongs to it: a choice, Create or Cancel; anywhere else it
    /// closes the panel and does nothing more. Nil when the press goes on as usual.
    func pressWithNewDrawingPanelOpen(_ event: InputEvent) -> Effects? {
        guard panels.isOpen(.newDrawing), !ToolbarLayout.contains(y: event.y) else { return nil }
        input.contacts[event.device] = .onPanel
        var effects = Effects()
        effects.redraw = true
        switch newDrawingPanel.part(atX: event.x, y: event.y) {
        case .size(let index): panels.newDrawingChoice.size = index
        case .paper(let index): panels.newDrawingChoice.paper = index
        case .create: effects.append(confirmNewDrawing() ?? Effects())
        case .cancel, nil: panels.close(.newDrawing)
        case .background: input.contacts[event.device] = .scrollingPanel(y: event.y)
        }
        return effects
    }
}
