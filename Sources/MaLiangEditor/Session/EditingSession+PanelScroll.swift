import MaLiangCore

/// A finger's panel taller than the window's room scrolls (``PanelFit/scroll``): a drag on its background or the
/// wheel over it.
extension EditingSession {
    /// Where the open panel lies and how much of it is in sight; nil when none is open.
    struct OpenPanel {
        let placement: PanelPlacement
        let width: Double
        let height: Double

        init(_ panel: some PlacedPanel) {
            placement = panel.placement
            width = panel.width
            height = panel.height
        }

        /// Whether a window point is on the part of the panel in sight.
        func contains(x: Double, y: Double) -> Bool {
            placement.contains(x: x, y: y, width: width, height: height)
        }
    }

    var openPanel: OpenPanel? {
        switch panels.open {
        case .color: OpenPanel(colorPanel)
        case .brushEditor: OpenPanel(brushEditor)
        case .newDrawing: OpenPanel(newDrawingPanel)
        case .layers: OpenPanel(layerPanel)
        case .pad: padPanel.map(OpenPanel.init)
        case nil: nil
        }
    }

    /// Scrolls the open panel `dy` logical pixels (more: its lower parts come up), as far as it has parts to show.
    func scrollPanel(by dy: Double) -> Effects {
        var effects = Effects()
        guard let placement = openPanel?.placement, placement.furthest > 0, dy.isFinite else { return effects }
        let scrolled = min(max(placement.offset + dy / placement.zoom, 0), placement.furthest)
        guard scrolled != placement.offset else { return effects }
        panels.fit.scroll = scrolled
        effects.redraw = true
        return effects
    }
}
