import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// After a finger, every control answers across at least 44×44 logical pixels (the GNOME HIG's touch target), the
/// panels still fit a 1280×800 window at full size, and a pen or a mouse brings the compact panels back.
@Suite struct TouchSizeTests {
    typealias Box = PanelPlacement.Box
    let target = ControlSize.fingerTarget

    /// Records an issue unless `box` is a finger's size and `part` answers `expected` at its corners and middle.
    func expectTarget<Part: Equatable>(
        _ box: Box, _ expected: Part, _ part: (Double, Double) -> Part?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            box.width >= target && box.height >= target, "\(expected) is \(box.width)×\(box.height)",
            sourceLocation: sourceLocation)
        let (left, top) = (box.x + 0.5, box.y + 0.5)
        let (right, bottom) = (box.x + box.width - 0.5, box.y + box.height - 0.5)
        for (x, y) in [
            (left, top), (right, top), (left, bottom), (right, bottom), ((left + right) / 2, (top + bottom) / 2),
        ] {
            #expect(part(x, y) == expected, "\(expected) at (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    @Test func theLayerPanelsControlsAreAFingersSize() {
        let panel = LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(controls: .touch))
        #expect(panel.zoom == 1 && panel.visibleRows >= 6)
        let rows = panel.visibleRows
        let part = { panel.part(atX: $0, y: $1, rows: rows) }
        expectTarget(panel.scroll(up: true), .scrollUp, part)
        expectTarget(panel.scroll(up: false), .scrollDown, part)
        for row in 0..<rows {
            expectTarget(panel.eye(row), .visibility(row: row), part)
            expectTarget(panel.lock(row), .lock(row: row), part)
            expectTarget(panel.name(row), .layer(row: row), part)
        }
        expectTarget(panel.opacityTrack, .opacity, part)
        for blend in LayerBlend.allCases { expectTarget(panel.chip(blend), .blend(blend), part) }
        for button in LayerPanel.Button.allCases { expectTarget(panel.button(button), .button(button), part) }
    }

    @Test func theColorPanelsControlsAreAFingersSize() {
        let panel = ColorPanel(anchorX: 300, windowWidth: 1280, windowHeight: 800, fit: PanelFit(controls: .touch))
        #expect(panel.zoom == 1)
        let part = { panel.part(atX: $0, y: $1) }
        // The ring answers across a finger's width, all the way round.
        let (inner, outer) = (panel.innerRadius - 1.9, panel.outerRadius + 1.9)
        #expect(outer - inner >= target)
        for step in 0..<12 {
            let angle = Double(step) * .pi / 6
            for radius in [inner, (inner + outer) / 2, outer] {
                let x = panel.center.x + radius * cos(angle)
                let y = panel.center.y + radius * sin(angle)
                #expect(part(x, y) == .hueRing, "the ring at \(step * 30)°, radius \(radius)")
            }
        }
        let square = panel.square
        expectTarget((square.x, square.y, square.side, square.side), .square, part)
        #expect(panel.recentShown >= 10)
        for index in 0..<panel.recentShown {
            let swatch = panel.recentSwatch(index)
            expectTarget((swatch.x, swatch.y, swatch.side, swatch.side), .recent(index), part)
        }
        expectTarget(panel.hexRow, .hexRow, part)
        expectTarget(panel.paperButton(.paperColor), .paperColor, part)
        expectTarget(panel.paperButton(.noPaper), .noPaper, part)
    }

    @Test func theBrushEditorsControlsAreAFingersSize() {
        let panel = BrushEditorPanel(
            anchorX: 100, windowWidth: 1280, windowHeight: 800, fit: PanelFit(controls: .touch))
        #expect(panel.zoom == 1, "the brush editor does not fit 1280×800 at full size")
        let part = { panel.part(atX: $0, y: $1) }
        expectTarget(panel.title, .title, part)
        for setting in BrushSetting.allCases { expectTarget(panel.track(setting), .slider(setting), part) }
        for index in BrushStamp.labels.indices {
            let chip = panel.chip(row: BrushEditorPanel.stampRow, index, of: BrushStamp.labels.count)
            expectTarget(chip, .stamp(index), part)
        }
        for (index, choice) in BrushRotationChoice.allCases.enumerated() {
            let chip = panel.chip(row: BrushEditorPanel.rotationRow, index, of: BrushRotationChoice.allCases.count)
            expectTarget(chip, .rotation(choice), part)
        }
        for toggle in BrushToggle.allCases { expectTarget(panel.toggle(toggle), .toggle(toggle), part) }
        for button in BrushEditorPanel.Button.allCases { expectTarget(panel.button(button), .button(button), part) }
        for index in 0..<panel.savedShown { expectTarget(panel.saved(index), .saved(index), part) }
    }

    @Test func theNewPanelsControlsAreAFingersSize() {
        let panel = NewDrawingPanel(
            anchorRight: 1200, windowWidth: 1280, windowHeight: 800, fit: PanelFit(controls: .touch))
        #expect(panel.zoom == 1)
        let part = { panel.part(atX: $0, y: $1) }
        for index in NewDrawingPanel.sizes.indices { expectTarget(panel.size(index), .size(index), part) }
        for index in NewDrawingPanel.papers.indices { expectTarget(panel.paper(index), .paper(index), part) }
        expectTarget(panel.button(.create), .create, part)
        expectTarget(panel.button(.cancel), .cancel, part)
    }

    @Test func theToolbarsButtonsAndTheMenusItemsAreAFingersSize() {
        for width in [1280.0, 600] {
            let layout = ToolbarLayout(width: width, height: 800, showsClose: true)
            for button in layout.buttons {
                let box = (button.x - ToolbarLayout.gap / 2, 0.0, ToolbarLayout.button + ToolbarLayout.gap, 44.0)
                expectTarget(box, button.action) { layout.action(atX: $0, y: $1) }
            }
            for item in layout.menu {
                expectTarget((item.x, item.y, item.width, item.height), item.action) {
                    layout.menuAction(atX: $0, y: $1)
                }
            }
        }
    }

    @Test func aFingersLiftGivesTouchSizesAndAPensOrAMousesGivesThemBack() throws {
        let session = try makeSession()
        _ = session.perform(.layers)
        #expect(session.panels.controls == .pointer)
        let compact = session.layerPanel
        // The finger's press lands on the compact panel it saw: the second row's eye hides the bottom layer.
        _ = session.addLayer()
        var finger = Gesture(.touch(1), .finger)
        let eye = compact.eye(1)
        let effects = session.drag(&finger, [(eye.x + eye.width / 2, eye.y + eye.height / 2)])
        #expect(session.document.layer(.first)?.isVisible == false)
        #expect(session.panels.controls == .touch && effects.redraw)
        #expect(session.layerPanel.rowHeight - 2 >= target && session.layerPanel.height > compact.height)
        // A pen's lift gives the compact panel back.
        var pen = Gesture(.tool(1), .pen)
        let touchEye = session.layerPanel.eye(1)
        _ = session.drag(&pen, [(touchEye.x + 4, touchEye.y + 4)])
        #expect(session.document.layer(.first)?.isVisible == true && session.panels.controls == .pointer)
        // A palm (a finger while the pen is near) changes nothing.
        var palm = Gesture(.touch(2), .finger)
        palm.time = pen.time
        _ = session.drag(&palm, [(700, 600)])
        #expect(session.panels.controls == .pointer)
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        _ = session.handle(pen.event(.leave, 700, 600))
        finger.time = pen.time + 1_000_000
        let name = session.layerPanel.name(0)
        _ = session.drag(&finger, [(name.x + 4, name.y + 4)])
        #expect(session.panels.controls == .touch)
        mouse.time = finger.time
        let touchName = session.layerPanel.name(1)
        _ = session.drag(&mouse, [(touchName.x + 4, touchName.y + 4)])
        #expect(session.panels.controls == .pointer && session.currentLayer == .first)
        #expect(session.document.elements.isEmpty, "nothing on the panel paints")
    }
}

/// Larger desktop text draws the panels larger, as far as the window has room; the session follows it.
@Suite struct PanelTextScaleTests {
    @Test func panelsGrowWithTheTextWhereTheWindowHasRoom() throws {
        #expect(LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(textScale: 1.5)).zoom == 1.5)
        // 752 px under the toolbar hold the panel's 392 not quite twice.
        let tall = LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(textScale: 2))
        #expect(tall.zoom == (800 - ToolbarLayout.height) / tall.height)
        // A window too small for it at its own size still shrinks it.
        #expect(LayerPanel(windowWidth: 200, windowHeight: 800, fit: PanelFit(textScale: 2)).zoom == 200.0 / 280)
        #expect(LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(textScale: 7)).zoom < 2)
        let session = try makeSession()
        #expect(session.setTextScale(1.5).redraw && session.layerPanel.zoom == 1.5)
        #expect(!session.setTextScale(1.5).redraw, "no change, no frame")
        #expect(session.setTextScale(.nan).redraw && session.panels.textScale == 1)
    }
}

/// A portrait tablet (800×1280 at scale 2: 400×640 logical): a finger's panels fit its width, keep a finger's
/// size, and scroll where they are taller than the room under the toolbar.
@Suite struct PortraitPanelTests {
    let width = 400.0
    let height = 640.0
    let touch = PanelFit(controls: .touch)

    @Test func everyFingersPanelFitsThePortraitWidthAtFullSize() {
        let layout = ToolbarLayout(width: width, height: height, showsClose: true)
        let panels: [(String, any PlacedPanel)] = [
            ("colours", ColorPanel(layout: layout, windowWidth: width, windowHeight: height, fit: touch)),
            ("brush editor", BrushEditorPanel(layout: layout, windowWidth: width, windowHeight: height, fit: touch)),
            ("new", NewDrawingPanel(layout: layout, windowWidth: width, windowHeight: height, fit: touch)),
            ("layers", LayerPanel(windowWidth: width, windowHeight: height, fit: touch)),
        ]
        for (name, panel) in panels {
            #expect(panel.zoom == 1, "the \(name) panel is drawn at \(panel.zoom)")
            #expect(panel.x >= 0 && panel.x + panel.width <= width, "the \(name) panel leaves the window")
        }
        let editor = BrushEditorPanel(anchorX: 0, windowWidth: width, windowHeight: height, fit: touch)
        #expect(editor.isSingleColumn && editor.placement.furthest > 0)
        #expect(NewDrawingPanel(anchorRight: width, windowWidth: width, fit: touch).isSingleColumn)
        // A pen's keeps its two columns, drawn smaller.
        #expect(!BrushEditorPanel(anchorX: 0, windowWidth: width, windowHeight: height).isSingleColumn)
    }

    @Test func theOneColumnPanelsKeepAFingersSize() {
        let tests = TouchSizeTests()
        let editor = BrushEditorPanel(anchorX: 0, windowWidth: width, fit: touch)
        #expect(editor.isSingleColumn && editor.width <= width)
        let part = { editor.part(atX: $0, y: $1) }
        for setting in BrushSetting.allCases { tests.expectTarget(editor.track(setting), .slider(setting), part) }
        for toggle in BrushToggle.allCases { tests.expectTarget(editor.toggle(toggle), .toggle(toggle), part) }
        for button in BrushEditorPanel.Button.allCases {
            tests.expectTarget(editor.button(button), .button(button), part)
        }
        for index in 0..<editor.savedShown { tests.expectTarget(editor.saved(index), .saved(index), part) }
        #expect(editor.part(atX: editor.curve.x + 80, y: editor.curve.y + 80) == .curve)
        let new = NewDrawingPanel(anchorRight: width, windowWidth: width, fit: touch)
        let newPart = { new.part(atX: $0, y: $1) }
        for index in NewDrawingPanel.sizes.indices { tests.expectTarget(new.size(index), .size(index), newPart) }
        for index in NewDrawingPanel.papers.indices { tests.expectTarget(new.paper(index), .paper(index), newPart) }
        tests.expectTarget(new.button(.create), .create, newPart)
        tests.expectTarget(new.button(.cancel), .cancel, newPart)
    }

    @Test func aFingerScrollsTheEditorToItsLastControls() throws {
        let session = try makeSession()
        _ = session.resize(WindowMetrics(width: width, height: height, scale: 2, showsClose: true))
        var finger = Gesture(.touch(1), .finger)
        // A finger's tap on the strip (undo, with nothing to undo) makes the panels a finger's; F5 opens the editor.
        let undo = try #require(session.toolbar.buttons.first { $0.action == .undo })
        _ = session.drag(&finger, [(undo.x + 20, 24)])
        _ = session.perform(.brushEditor)
        #expect(session.panels.isOpen(.brushEditor) && session.brushEditor.isSingleColumn)
        let editor = session.brushEditor
        let save = editor.button(.save)
        #expect(editor.shown(save).y > height, "Save is in sight before scrolling")
        // Up along the sizes' labels (the panel's background): the panel follows the finger.
        let label = editor.shown(editor.row(1))
        let effects = session.drag(&finger, line((label.x + 20, label.y + 20), (label.x + 20, label.y - 380)))
        #expect(effects.redraw && abs(session.panels.fit.scroll - 400) < 1, "scrolled \(session.panels.fit.scroll)")
        // The wheel takes it to its end, no further.
        _ = session.scroll(dx: 0, dy: 10_000, zooming: false, atX: label.x + 20, y: 300)
        let end = session.brushEditor
        #expect(end.placement.offset == end.placement.furthest)
        let lastSaved = end.shown(end.saved(end.savedShown - 1))
        #expect(lastSaved.y + lastSaved.height <= height)
        // A tap on the scrolled Save asks for a name.
        let shownSave = end.shown(end.button(.save))
        _ = session.drag(&finger, [(shownSave.x + 20, shownSave.y + 20)])
        #expect(session.panels.brushNameDraft != nil, "the tap missed the scrolled Save")
        // Nothing scrolls past the top, and no press on the panel painted.
        _ = session.scroll(dx: 0, dy: -10_000, zooming: false, atX: label.x + 20, y: 300)
        #expect(session.panels.fit.scroll == 0 && session.document.elements.isEmpty)
    }
}
