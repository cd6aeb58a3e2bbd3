import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The brush editor: sliders, choices and switches set the chosen brush; the pressure curve's points are added,
/// dragged and taken off; brushes are named, saved, chosen and deleted; pens and fingers alike, none of it paints.
@Suite struct BrushEditorTests {
    @Test func slidersMapTheirRangesBothWays() {
        for setting in BrushSetting.allCases {
            for position in [0.0, 0.25, 0.5, 1] {
                let value = setting.value(atPosition: position)
                #expect(abs(setting.position(of: value) - position) < 1e-9, "\(setting) at \(position)")
            }
            #expect(setting.position(of: .nan) == 0 && setting.position(of: .infinity) == 1)
        }
        // Sizes run logarithmically: the middle of the track is the geometric middle of 0.5…1000 px.
        #expect(abs(BrushSetting.size.value(atPosition: 0.5) - (0.5 * 1000).squareRoot()) < 1e-9)
        var brush = Brush(pointStep: 3, spacingRelativeToSize: false)
        BrushSetting.spacing.set(0.2, in: &brush)
        #expect(brush.spacingRelativeToSize && brush.pointStep == 0.2)
        BrushSetting.grain.set(0, in: &brush)
        #expect(brush.grain == nil)
        BrushSetting.size.set(.nan, in: &brush)
        #expect(brush.pointSize == 4)
    }

    @Test func thePenSetsTheBrushWithoutPainting() throws {
        let session = try makeSession()
        _ = session.press(.brush(1))
        _ = session.press(.brushEditor)
        #expect(
            session.panels.isOpen(.brushEditor) && session.currentBrushName == "pencil"
                && !session.isCurrentBrushChanged)
        var panel: BrushEditorPanel { session.brushEditor }
        var pen = Gesture(.tool(1), .pen)
        // A drag that starts on a slider keeps setting it wherever it goes (past the end: the largest value).
        let size = panel.track(.size)
        _ = session.drag(&pen, [(size.x + 3, size.y + 12), (size.x + size.width * 0.7, size.y + 40), (2000, 600)])
        #expect(session.style.current.base.pointSize == 1000)
        let flow = panel.track(.flow)
        _ = session.drag(&pen, [(flow.x + flow.width / 2, flow.y + 12)])
        #expect(abs(session.style.current.base.flow - BrushSetting.flow.value(atPosition: 0.5)) < 1e-9)
        let chalk = panel.chip(row: BrushEditorPanel.stampRow, 2, of: BrushStamp.labels.count)
        _ = session.drag(&pen, [(chalk.x + 5, chalk.y + 5)])
        let along = panel.chip(row: BrushEditorPanel.rotationRow, 2, of: 3)
        _ = session.drag(&pen, [(along.x + 5, along.y + 5)])
        let barrel = panel.toggle(.barrelToAngle)
        _ = session.drag(&pen, [(barrel.x + 5, barrel.y + 5)])
        let base = session.style.current.base
        #expect(base.textureID == "chalk" && base.rotation == .ahead && base.barrelRotationToAngle)
        #expect(session.isCurrentBrushChanged && session.strokes.isEmpty)
        // The colour is the one chosen, not the editor's: the brush paints in it, at its new settings.
        _ = session.press(.color(1))
        #expect(session.panels.isOpen(.brushEditor), "choosing a colour closed the editor")
        _ = session.drag(&pen, line((100, 600), (300, 600)))
        #expect(
            !session.panels.isOpen(.brushEditor) && session.strokes.isEmpty, "the press that closed the editor painted")
        _ = session.drag(&pen, line((100, 600), (300, 600)))
        let stroke = try #require(session.strokes.first)
        #expect(stroke.brush.base.textureID == "chalk" && stroke.brush.base.pointSize == 1000)
        #expect(stroke.brush.base.color == ToolbarLayout.colors[1])
        // Other brushes kept their own settings; Reset brings the pencil back as built in.
        #expect(session.style.slots[0] == BrushStyle.builtIn("pen"))
        _ = session.press(.brushEditor)
        let reset = session.brushEditor.button(.reset)
        _ = session.drag(&pen, [(reset.x + 5, reset.y + 5)])
        #expect(session.style.current == BrushStyle.builtIn("pencil"))
    }

    @Test func curvePointsAreAddedDraggedAndTakenOffByAFinger() throws {
        let session = try makeSession()
        _ = session.press(.brushEditor)
        var panel: BrushEditorPanel { session.brushEditor }
        var finger = Gesture(.touch(1), .finger)
        let start = session.style.current.base.pressureCurve.points
        #expect(start.count == 2)
        // A press on the box away from any point adds one there, and the finger drags it.
        _ = session.drag(
            &finger,
            [
                panel.location(of: .init(pressure: 0.4, value: 0.3)),
                panel.location(of: .init(pressure: 0.45, value: 0.8)),
            ])
        var points = session.style.current.base.pressureCurve.points
        #expect(points.count == 3)
        #expect(abs(points[1].pressure - 0.45) < 0.01 && abs(points[1].value - 0.8) < 0.01)
        // An end point moves only up and down; a middle one stays between its neighbours.
        _ = session.drag(
            &finger, [panel.location(of: points[2]), panel.location(of: .init(pressure: 0.2, value: 0.5))])
        points = session.style.current.base.pressureCurve.points
        #expect(points.count == 3 && points[2].pressure == 1 && abs(points[2].value - 0.5) < 0.01)
        _ = session.drag(&finger, [panel.location(of: points[1]), panel.location(of: .init(pressure: 1, value: 0.8))])
        points = session.style.current.base.pressureCurve.points
        #expect(points[1].pressure < points[2].pressure)
        // Dragged well off the box, a middle point comes off the curve; an end never does.
        let far = (panel.curve.x + panel.curve.width + 80, panel.curve.y + 40)
        _ = session.drag(&finger, [panel.location(of: points[1]), far])
        #expect(session.style.current.base.pressureCurve.points.count == 2)
        _ = session.drag(&finger, [panel.location(of: points[0]), far])
        #expect(session.style.current.base.pressureCurve.points.count == 2)
        #expect(session.strokes.isEmpty)
        // At most eight points.
        for index in 1...9 {
            let point = panel.location(of: .init(pressure: Double(index) / 10, value: 0.5))
            _ = session.drag(&finger, [point])
        }
        #expect(session.style.current.base.pressureCurve.points.count == EditingSession.mostCurvePoints)
    }

    @Test func brushesAreNamedSavedChosenAndDeleted() throws {
        let session = try makeSession()
        _ = session.press(.brush(4))
        _ = session.press(.brushEditor)
        var pen = Gesture(.tool(1), .pen)
        var panel: BrushEditorPanel { session.brushEditor }
        let opacity = panel.track(.opacity)
        _ = session.drag(&pen, [(opacity.x + opacity.width * 0.3, opacity.y + 12)])
        // Save on a built-in brush asks for a name; the keyboard types it; Return saves.
        let save = panel.button(.save)
        _ = session.drag(&pen, [(save.x + 5, save.y + 5)])
        #expect(session.panels.brushNameDraft == "chalk 1")
        for _ in 0..<7 { _ = session.brushEditorKey(.backspace) }
        _ = session.brushEditorKey(.text("Dry/ chalk"))
        #expect(session.panels.brushNameDraft == "Dry chalk", "a slash cannot be in a file's name")
        let effects = try #require(session.brushEditorKey(.enter))
        let file = try #require(
            effects.requests.compactMap { request -> BrushFile? in
                if case .saveBrush(let file) = request { return file }
                return nil
            }.first)
        #expect(file.name == "Dry chalk" && file.slot == "chalk" && file.brush == session.style.current)
        #expect(session.currentBrushName == "Dry chalk" && !session.isCurrentBrushChanged)
        #expect(session.savedBrushesShown.map(\.name) == ["Dry chalk"])
        // Another brush's list does not show it; the chalk's does, and choosing it sets the chalk.
        _ = session.press(.brush(0))
        #expect(session.savedBrushesShown.isEmpty)
        _ = session.press(.brush(4))
        let reset = panel.button(.reset)
        _ = session.drag(&pen, [(reset.x + 5, reset.y + 5)])
        #expect(session.style.current == file.brush, "Reset goes back to the saved brush")
        _ = session.drag(&pen, [(panel.track(.size).x, panel.track(.size).y + 12)])
        #expect(session.isCurrentBrushChanged)
        let chip = panel.saved(0)
        _ = session.drag(&pen, [(chip.x + 5, chip.y + 5)])
        #expect(session.style.current == file.brush)
        // A name another kind of brush has is refused, and says so.
        _ = session.press(.brush(0))
        _ = session.drag(&pen, [(panel.title.x + 5, panel.title.y + 5)])
        #expect(session.panels.brushNameDraft == "pen")
        for _ in 0..<3 { _ = session.brushEditorKey(.backspace) }
        _ = session.brushEditorKey(.text("Dry chalk"))
        let refused = try #require(session.brushEditorKey(.enter))
        #expect(refused.messages.first?.severity == .error && refused.requests.isEmpty)
        // Delete removes the saved brush; the chalk keeps its settings, now unsaved.
        _ = session.press(.brush(4))
        let delete = panel.button(.delete)
        let deleted = session.drag(&pen, [(delete.x + 5, delete.y + 5)])
        #expect(deleted.requests.contains(.deleteBrush(name: "Dry chalk")))
        #expect(session.savedBrushes.isEmpty && session.currentBrushName == "chalk" && session.isCurrentBrushChanged)
        // Keys go on to the shortcuts unless a name is being typed; Escape closes the editor.
        #expect(session.brushEditorKey(.text("b")) == nil)
        _ = session.brushEditorKey(.escape)
        #expect(!session.panels.isOpen(.brushEditor))
    }

    @Test func theStickersHaveNoEditorAndEveryBrushKeepsItsOwnSize() throws {
        let session = try makeSession()
        _ = session.press(.brush(BrushStyle.stickersIndex))
        let refused = session.press(.brushEditor)
        #expect(!session.panels.isOpen(.brushEditor) && !refused.messages.isEmpty)
        _ = session.press(.brush(0))
        _ = session.press(.brushEditor)
        _ = session.press(.brush(BrushStyle.stickersIndex))
        #expect(!session.panels.isOpen(.brushEditor), "the editor stayed open on the stickers")
        // ] and [ change the chosen brush's size only, within 0.5…1000 px.
        _ = session.press(.brush(1))
        for _ in 0..<60 { _ = session.perform(.larger) }
        #expect(session.style.current.base.pointSize == 1000)
        #expect(session.style.slots[0].base.pointSize == BrushStyle.builtIn("pen").base.pointSize)
        for _ in 0..<80 { _ = session.perform(.smaller) }
        #expect(session.style.current.base.pointSize == 0.5)
    }

    @Test func panelPartsAndNarrowWindows() {
        let panel = BrushEditorPanel(anchorX: 600, windowWidth: 1280)
        for setting in BrushSetting.allCases {
            let track = panel.track(setting)
            #expect(panel.part(atX: track.x + track.width / 2, y: track.y + 12) == .slider(setting))
        }
        let middle = panel.location(of: .init(pressure: 0.5, value: 0.5))
        #expect(panel.part(atX: middle.x, y: middle.y) == .curve)
        for button in BrushEditorPanel.Button.allCases {
            let frame = panel.button(button)
            #expect(panel.part(atX: frame.x + 3, y: frame.y + 3) == .button(button))
        }
        let last = panel.saved(panel.savedShown - 1)
        #expect(last.y + last.height <= panel.y + panel.height)
        #expect(panel.part(atX: last.x + 3, y: last.y + 3) == .saved(panel.savedShown - 1))
        #expect(panel.part(atX: panel.x - 1, y: panel.y + 10) == nil)
        let narrow = BrushEditorPanel(anchorX: 400, windowWidth: 560)
        #expect(narrow.x + BrushEditorPanel.width <= 560)
    }

    @Test func aSharedBrushFileIsTakenInAndChosen() throws {
        let session = try makeSession()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-shared-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var brush = try #require(BrushPresets.brush(named: "marker"))
        brush.base.pointSize = 77
        let shared = try BrushFile(name: "Wide marker", slot: "marker", brush: brush)
        let url = folder.appendingPathComponent("Wide marker.maliang-brush")
        try shared.data().write(to: url)
        let effects = session.installBrush(file: url)
        #expect(effects.requests.contains(.saveBrush(shared)))
        #expect(session.style.preset == 2 && session.style.current.base.pointSize == 77)
        #expect(session.currentBrushName == "Wide marker" && session.savedBrushes == [shared])
        // Not a brush, missing, or a name a brush of another kind has: said, and nothing changes.
        let junk = folder.appendingPathComponent("junk.maliang-brush")
        try Data("[1, 2".utf8).write(to: junk)
        for wrong in [junk, folder.appendingPathComponent("missing.maliang-brush")] {
            let refused = session.installBrush(file: wrong)
            #expect(
                refused.messages.first?.severity == .error && refused.requests.isEmpty, "\(wrong.lastPathComponent)")
        }
        let pen = try BrushFile(name: "Wide marker", slot: "pen", brush: #require(BrushPresets.brush(named: "pen")))
        try pen.data().write(to: url)
        #expect(session.installBrush(file: url).messages.first?.severity == .error)
        #expect(session.savedBrushes == [shared] && session.style.preset == 2)
    }

    /// In a window too small for them, the editor, the colour panel and the New panel are drawn smaller (never below half size) and
    /// a press where a part is shown still takes it.
    @Test func panelsShrinkInSmallWindowsAndStillWork() throws {
        let session = try makeSession()
        _ = session.resize(WindowMetrics(width: 420, height: 330, scale: 1, showsClose: true))
        _ = session.press(.brushEditor)
        var panel: BrushEditorPanel { session.brushEditor }
        #expect(panel.zoom < 1 && panel.zoom >= PanelPlacement.smallest)
        #expect(panel.x >= 0 && panel.x + BrushEditorPanel.width * panel.zoom <= 420)
        var pen = Gesture(.tool(1), .pen)
        let track = panel.shown(panel.track(.opacity))
        _ = session.drag(&pen, [(track.x + track.width / 2, track.y + track.height / 2)])
        #expect(abs(session.style.current.base.opacity - BrushSetting.opacity.value(atPosition: 0.5)) < 0.02)
        let curve = panel.shown(panel.curve)
        _ = session.drag(&pen, [(curve.x + curve.width * 0.5, curve.y + curve.height * 0.2)])
        let added = try #require(
            session.style.current.base.pressureCurve.points.first { $0.pressure > 0.3 && $0.pressure < 0.7 })
        #expect(abs(added.pressure - 0.5) < 0.02 && abs(added.value - 0.8) < 0.02)
        #expect(session.strokes.isEmpty)

        // The colour panel too: a press on its ring where it is shown turns the hue.
        _ = session.press(.colorWheel)
        let colors = session.colorPanel
        #expect(colors.zoom < 1 && colors.x + colors.width * colors.zoom <= 420)
        let green = colors.ringPoint(hue: 1.0 / 3)
        let shownGreen = colors.shown((green.x, green.y, 0, 0))
        _ = session.drag(&pen, [(shownGreen.x, shownGreen.y)])
        #expect(abs(session.panels.wheelColor.hue - 1.0 / 3) < 0.01)
        _ = session.press(.colorWheel)
        _ = session.perform(.newDocument)
        let new = session.newDrawingPanel
        #expect(new.zoom < 1 && new.x >= 0 && new.x + NewDrawingPanel.width * new.zoom <= 420)
        let square = new.shown(new.size(4))
        _ = session.drag(&pen, [(square.x + 3, square.y + 3)])
        #expect(session.panels.newDrawingChoice.size == 4)
        // A window of any size, NaN included, gives a zoom within bounds.
        for (width, height) in [(0.0, 0.0), (.nan, .nan), (.infinity, 100), (100, .infinity)] {
            let zoom = BrushEditorPanel(anchorX: 0, windowWidth: width, windowHeight: height).zoom
            #expect(zoom >= PanelPlacement.smallest && zoom <= 1, "\(width)×\(height)")
        }
    }
}
