import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan
import WaylandClient

/// One frame: the window background, the paper, paint, the stroke in progress and chartlets through the session's
/// view, then the toolbar, the selection's handles and the status strip.
extension PaintingApp {
    func drawFrame(index: Int, damage: [BufferRect]?, repaint: [BufferRect]?) throws {
        let scale = window.scale
        let width = Double(presenter.frameSurface.width)
        // Hidden (Tab, a four-finger tap), the toolbar leaves the whole window to the drawing.
        var overlays =
            session.hasToolbar
            ? try chrome.toolbar.overlays(width: width, scale: scale, layout: session.toolbar, state: toolbarState) : []
        // The guide under the toolbar and panels, over the drawing.
        overlays.insert(contentsOf: symmetryGuide(), at: 0)
        overlays.insert(contentsOf: selectionOverlay(), at: 0)
        overlays += chartletHandles()
        if chrome.showsShortcuts {
            overlays += try chrome.shortcutSheet.overlays(
                width: width, height: Double(presenter.frameSurface.height), scale: scale)
        }
        overlays += try chrome.statusStrip.overlays(
            status: applier.status, now: MonotonicClock.microseconds(), width: width,
            height: Double(presenter.frameSurface.height), scale: scale)
        // A floating window with our own decorations has rounded corners (where the compositor reads alpha) and a
        // shadow, both in step with this frame's size.
        let rounded = window.isFloatingWithOwnDecorations && presenter.frameSurface.showsAlpha
        window.prepareFrame(roundedCorners: rounded)
        if rounded { overlays += try windowCorners(scale: scale) }
        renderer.chartletPreview = session.chartletPreview
        try renderer.showSelection(session.elementSelection?.ids ?? [], movedBy: session.selecting.pending)
        try renderer.drawFrame(
            into: presenter.frameSurface, index: index, view: session.view, windowColor: chrome.theme.surroundings,
            overlays: overlays, damage: damage, repaint: repaint)
        if presenter.framesPresented == 0 {
            let decorations = window.serverSideDecorations ? "server-side" : "client-side"
            let mode = presenter.frameSurface.presentModeName
            let memory = renderer.context.memoryUse
            log(
                "presented \(presenter.frameSurface.width)x\(presenter.frameSurface.height) at scale \(scale), \(decorations) decorations, \(mode); device memory \(memory.current >> 20) MiB (peak \(memory.peak >> 20) MiB)"
            )
        }
    }

    private func windowCorners(scale: Double) throws -> [OverlayPlacement] {
        if chrome.corners?.radius != WindowCorners.radius(atScale: scale) {
            chrome.corners = try WindowCorners(scale: scale, renderer: renderer)
        }
        let corners = chrome.corners?.placements(
            width: Double(presenter.frameSurface.width), height: Double(presenter.frameSurface.height))
        return corners ?? []
    }

    /// An input method's words not committed yet, shown after what is typed.
    private var preedit: String { devices.textInput?.preedit ?? "" }

    var toolbarState: Toolbar.State {
        let brush = session.style.brush(eraser: false)?.base
        return Toolbar.State(
            brush: session.style.preset, color: ToolbarLayout.colors.firstIndex(of: session.style.color),
            picking: session.isPickingColor,
            readout: ToolbarWords.Readout(
                size: brush?.pointSize, opacity: brush?.opacity, zoom: session.view.scale,
                mirrored: session.view.mirrored),
            tooltip: tooltipShown ? chrome.hover?.action : nil, menuOpen: session.panels.isMenuOpen,
            menuFocus: session.panels.menuFocus, hover: chrome.hover?.action,
            title: window.serverSideDecorations
                ? nil : ToolbarWords.title(for: file.url, saving: applier.status.saving),
            currentColor: session.style.color, panel: openPanel, mirrored: session.view.mirrored,
            symmetric: session.symmetry != nil, tool: session.tool)
    }

    /// The open panel as the toolbar draws it.
    private var openPanel: Toolbar.OpenPanel? {
        switch session.panels.open {
        case .color:
            .color(
                ColorPanelView(
                    panel: session.colorPanel, wheel: session.panels.wheelColor, color: session.style.color,
                    recent: session.recentColors, draft: session.panels.hexDraft.map { $0 + preedit }))
        case .brushEditor: brushEditorView.map { .brushEditor($0) }
        case .newDrawing:
            .newDrawing(
                NewDrawingView(
                    panel: session.newDrawingPanel, size: session.panels.newDrawingChoice.size,
                    paper: session.panels.newDrawingChoice.paper, currentSize: document.size,
                    currentPaper: document.background))
        case .layers:
            .layers(
                LayerPanelView(
                    panel: session.layerPanel, rows: session.layersShown, current: session.currentLayer,
                    draft: session.panels.layerNameDraft.map { $0 + preedit },
                    scrolls: document.layers.count > session.layerPanel.visibleRows,
                    settings: document.layer(session.currentLayer)))
        case .pad: session.padPanel.map { .pad($0) }
        case nil: nil
        }
    }

    /// The brush editor as drawn while it is open; nil for a style with no brush to edit.
    private var brushEditorView: BrushEditorView? {
        guard let brush = session.style.brush(eraser: false) else { return nil }
        let page = session.savedBrushesPage
        return BrushEditorView(
            panel: session.brushEditor, brush: brush, name: session.currentBrushName,
            slot: BrushStyle.presets[session.style.preset], changed: session.isCurrentBrushChanged,
            draft: session.panels.brushNameDraft.map { $0 + preedit }, saved: page.brushes.map(\.name),
            paged: page.paged)
    }

    /// Small squares at the corners of the selected chartlet (where a gesture has it now).
    func chartletHandles() -> [OverlayPlacement] {
        guard let id = session.selection, let chartlet = session.chartletPreview ?? session.chartlet(withID: id)
        else { return [] }
        let size = 10 * window.scale
        let c = cos(chartlet.angle)
        let s = sin(chartlet.angle)
        return [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { u, v in
            let x = chartlet.center.x + c * u * chartlet.size.width - s * v * chartlet.size.height
            let y = chartlet.center.y + s * u * chartlet.size.width + c * v * chartlet.size.height
            let (px, py) = session.view.apply(x, y)
            return OverlayPlacement(
                chrome.toolbar.highlight, x: px - size / 2, y: py - size / 2, width: size, height: size)
        }
    }
}
