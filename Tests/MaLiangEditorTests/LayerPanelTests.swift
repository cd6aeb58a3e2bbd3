import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The layer panel driven by pen, finger and mouse: every operation one undo step, strokes and images on the
/// current layer, a locked or hidden layer refusing paint, names typed on the keyboard.
@Suite struct LayerPanelTests {
    func center(_ box: LayerPanel.Box) -> (Double, Double) { (box.x + box.width / 2, box.y + box.height / 2) }

    func tap(_ session: EditingSession, _ box: LayerPanel.Box, with gesture: inout Gesture) -> Effects {
        session.drag(&gesture, [center(box)])
    }

    @Test func thePanelAddsCopiesMovesAndDeletesLayersEachAnUndoStep() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((100, 300), (400, 320)))
        #expect(session.strokes.first?.layer == .first)
        _ = session.perform(.layers)
        #expect(session.panels.isOpen(.layers))
        var panel: LayerPanel { session.layerPanel }
        #expect(panel.x + panel.width * panel.zoom <= session.window.width)
        // New: above the current one, and current.
        _ = tap(session, panel.button(.add), with: &pen)
        #expect(session.document.layers.map(\.name) == ["Layer 1", "Layer 2"])
        let second = session.document.layers[1].id
        #expect(session.currentLayer == second && session.layersShown.first?.id == second)
        // A stroke beside the panel closes it first; the next one paints on the new layer.
        _ = session.drag(&pen, line((100, 400), (400, 420)))
        #expect(!session.panels.isOpen(.layers) && session.strokes.count == 1)
        _ = session.drag(&pen, line((100, 400), (400, 420)))
        #expect(session.strokes.last?.layer == second)
        _ = session.perform(.layers)
        // Copy (with its stroke), Down, Delete — each one step, undone in turn.
        _ = tap(session, panel.button(.duplicate), with: &pen)
        #expect(session.document.layers.count == 3 && session.strokes.count == 3)
        let copy = session.currentLayer
        _ = tap(session, panel.button(.lower), with: &pen)
        #expect(session.document.layers.map(\.id) == [.first, copy, second])
        _ = tap(session, panel.button(.delete), with: &pen)
        #expect(session.document.layers.map(\.id) == [.first, second] && session.currentLayer == .first)
        #expect(session.strokes.count == 2)
        _ = session.perform(.undo)
        #expect(session.document.layers.map(\.id) == [.first, copy, second] && session.strokes.count == 3)
        _ = session.perform(.undo)
        _ = session.perform(.undo)
        #expect(session.document.layers.map(\.id) == [.first, second])
        #expect(session.document.layer(session.currentLayer) != nil, "the current layer went with the undo")
        // The last layer stays.
        _ = session.selectLayer(.first)
        _ = tap(session, panel.button(.delete), with: &pen)
        let refused = tap(session, panel.button(.delete), with: &pen)
        #expect(session.document.layers.count == 1 && !refused.messages.isEmpty)
    }

    @Test func eyeLockOpacityAndBlendByFingerAndMouse() throws {
        let session = try makeSession()
        _ = session.addLayer()
        _ = session.perform(.layers)
        var panel: LayerPanel { session.layerPanel }
        let top = session.currentLayer
        var finger = Gesture(.touch(1), .finger)
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        // Row 0 is the top layer.
        _ = tap(session, panel.eye(0), with: &finger)
        #expect(session.document.layer(top)?.isVisible == false)
        _ = tap(session, panel.lock(0), with: &mouse)
        #expect(session.document.layer(top)?.isLocked == true)
        // A drag along the opacity track, past its ends, is one undo step ending at 0.
        let track = panel.opacityTrack
        let y = track.y + track.height / 2
        _ = session.drag(&mouse, line((track.x + track.width * 0.8, y), (track.x - 50, y + 40)))
        #expect(session.document.layer(top)?.opacity == 0)
        _ = session.drag(&finger, line((track.x + 2, y), (track.x + track.width * 0.5, y)))
        #expect(abs((session.document.layer(top)?.opacity ?? 0) - 0.5) < 0.02)
        _ = tap(session, panel.chip(.screen), with: &finger)
        #expect(session.document.layer(top)?.blend == .screen)
        _ = session.perform(.undo)
        _ = session.perform(.undo)
        #expect(session.document.layer(top)?.opacity == 0 && session.document.layer(top)?.blend == .normal)
        _ = session.perform(.undo)
        #expect(session.document.layer(top)?.opacity == 1)
        // Row 1 (the bottom layer) is chosen by a press on its name.
        _ = tap(session, panel.name(1), with: &finger)
        #expect(session.currentLayer == .first)
        #expect(session.document.elements.isEmpty, "nothing on the panel paints")
    }

    @Test func aLockedOrHiddenLayerRefusesPaintAndImagesAndKeepsItsImagesStill() throws {
        let session = try makeSession()
        _ = session.insertImage(png: try testPNG(), at: Point(x: 300, y: 300))
        let image = try #require(session.chartlets.first)
        #expect(image.layer == .first)
        _ = session.setLayerLocked(.first, true)
        var pen = Gesture(.tool(1), .pen)
        let refused = session.drag(&pen, line((100, 500), (400, 520)))
        #expect(session.strokes.isEmpty && refused.messages.contains { $0.text.contains("locked") })
        #expect(!session.insertImage(png: try testPNG()).messages.isEmpty && session.chartlets.count == 1)
        // The image on the locked layer is not picked up: a drag on it paints nothing and moves nothing.
        let (x, y) = session.view.apply(image.center.x, image.center.y)
        _ = session.drag(&pen, line((x, y), (x + 100, y + 50)))
        #expect(session.chartlets.first?.center == image.center)
        _ = session.setLayerLocked(.first, false)
        _ = session.setLayerVisible(.first, false)
        let hidden = session.drag(&pen, line((100, 500), (400, 520)))
        #expect(session.strokes.isEmpty && hidden.messages.contains { $0.text.contains("hidden") })
        _ = session.setLayerVisible(.first, true)
        _ = session.drag(&pen, line((100, 500), (400, 520)))
        #expect(session.strokes.count == 1)
    }

    /// One panel at a time, whichever way it is opened: the layer panel closes when a key opens another, and
    /// closes the others when it opens.
    @Test func panelsOpenOneAtATime() throws {
        let session = try makeSession()
        _ = session.perform(.layers)
        _ = session.perform(.brushEditor)
        #expect(session.panels.isOpen(.brushEditor) && !session.panels.isOpen(.layers))
        _ = session.perform(.layers)
        #expect(session.panels.isOpen(.layers) && !session.panels.isOpen(.brushEditor))
        _ = session.perform(.newDocument)
        #expect(session.panels.isOpen(.newDrawing) && !session.panels.isOpen(.layers))
        _ = session.press(.colorWheel)
        #expect(session.panels.isOpen(.color) && !session.panels.isOpen(.newDrawing))
        _ = session.perform(.layers)
        #expect(session.panels.isOpen(.layers) && !session.panels.isOpen(.color))
    }

    @Test func aPressOnTheCurrentLayersNameTypesANewOne() throws {
        let session = try makeSession()
        _ = session.perform(.layers)
        var panel: LayerPanel { session.layerPanel }
        var pen = Gesture(.tool(1), .pen)
        _ = tap(session, panel.name(0), with: &pen)
        #expect(session.panels.layerNameDraft == "Layer 1")
        for _ in 0..<7 { _ = session.layerPanelKey(.backspace) }
        _ = session.layerPanelKey(.text("Inks\n"))
        _ = session.layerPanelKey(.enter)
        #expect(session.document.layers[0].name == "Inks" && session.panels.layerNameDraft == nil)
        _ = tap(session, panel.name(0), with: &pen)
        _ = session.layerPanelKey(.text("!"))
        _ = session.layerPanelKey(.escape)
        #expect(session.document.layers[0].name == "Inks" && session.panels.isOpen(.layers))
        _ = session.layerPanelKey(.escape)
        #expect(!session.panels.isOpen(.layers))
        _ = session.perform(.undo)
        #expect(session.document.layers[0].name == "Layer 1")
    }

    @Test func aLongStackScrollsAndKeepsTheCurrentLayerInView() throws {
        let session = try makeSession()
        for _ in 0..<11 { _ = session.addLayer() }
        _ = session.perform(.layers)
        #expect(session.layersShown.first?.id == session.currentLayer && session.panels.layerListTop == 0)
        var panel: LayerPanel { session.layerPanel }
        var pen = Gesture(.tool(1), .pen)
        _ = tap(session, panel.scroll(up: false), with: &pen)
        #expect(session.panels.layerListTop == 4 && session.layersShown.last?.id == .first)
        _ = tap(session, panel.name(panel.visibleRows - 1), with: &pen)
        #expect(session.currentLayer == .first)
        _ = tap(session, panel.scroll(up: true), with: &pen)
        #expect(session.panels.layerListTop == 0)
        // A small window shows the panel smaller, and presses still find their parts.
        _ = session.resize(WindowMetrics(width: 420, height: 330, scale: 1, showsClose: true))
        let small = session.layerPanel
        #expect(small.zoom < 1 && small.x >= 0)
        let eye = small.shown(small.eye(0))
        _ = session.drag(&pen, [(eye.x + eye.width / 2, eye.y + eye.height / 2)])
        #expect(session.document.layers.last?.isVisible == false)
    }
}
