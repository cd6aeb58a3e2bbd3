import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The colour panel: HSV and hex conversions, where its parts are, and what pens, fingers and keys do on it.
@Suite struct ColorPanelTests {
    @Test func hsvAndHexRoundTrip() throws {
        for hex in ["000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "3A7BD5", "808080", "FFA500", "123456"] {
            let color = try #require(Color(hex: hex))
            #expect(color.hex == hex)
            #expect(HSVColor(color).color.hex == hex, "\(hex) through HSV")
        }
        #expect(Color(hex: "#37d")?.hex == "3377DD")
        for bad in ["", "#", "12345", "1234567", "GG0000", "12 345", "-12345"] { #expect(Color(hex: bad) == nil) }
        // A grey keeps the hue it is given; a hue of one turn is red again.
        #expect(HSVColor(.white, keepingHue: 0.4).hue == 0.4)
        #expect(HSVColor(hue: 1, saturation: 1, value: 1).color.hex == "FF0000")
        #expect(HSVColor(hue: .nan, saturation: .infinity, value: -1).color.hex == "000000")
    }

    @Test func partsOfThePanel() {
        let panel = ColorPanel(anchorX: 500, windowWidth: 1280)
        #expect(panel.part(atX: panel.ringPoint(hue: 0.3).x, y: panel.ringPoint(hue: 0.3).y) == .hueRing)
        #expect(abs(panel.hue(atX: panel.ringPoint(hue: 0.3).x, y: panel.ringPoint(hue: 0.3).y) - 0.3) < 1e-9)
        let middle = panel.squarePoint(saturation: 0.5, value: 0.5)
        #expect(panel.part(atX: middle.x, y: middle.y) == .square)
        let swatch = panel.recentSwatch(9)
        #expect(panel.part(atX: swatch.x + 2, y: swatch.y + 2) == .recent(9))
        #expect(panel.part(atX: panel.x - 1, y: panel.y + 10) == nil)
        // Kept inside a narrow window.
        let narrow = ColorPanel(anchorX: 300, windowWidth: 320)
        #expect(narrow.x + narrow.width <= 320)
    }

    @Test func thePenChoosesOnTheWheelAndPaintsWithIt() throws {
        let session = try makeSession()
        _ = session.press(.colorWheel)
        #expect(session.panels.isOpen(.color))
        var panel: ColorPanel { session.colorPanel }
        var pen = Gesture(.tool(1), .pen)
        // A drag that starts on the ring keeps turning the hue when it leaves it.
        _ = session.drag(&pen, [panel.ringPoint(hue: 0.1), panel.ringPoint(hue: 0.5), (panel.x - 50, panel.center.y)])
        #expect(abs(session.panels.wheelColor.hue - 0.5) < 0.01)
        // One on the square keeps to its edges.
        let top = panel.squarePoint(saturation: 0.25, value: 1)
        _ = session.drag(&pen, [top, (top.x, top.y - 80)])
        #expect(abs(session.panels.wheelColor.saturation - 0.25) < 0.01 && session.panels.wheelColor.value == 1)
        let chosen = session.style.color
        #expect(chosen.hex == HSVColor(hue: 0.5, saturation: 0.25, value: 1).color.hex)
        #expect(session.strokes.isEmpty, "choosing a colour painted")
        // A press off the panel closes it and paints nothing; the next stroke is in the chosen colour.
        _ = session.drag(&pen, line((100, 500), (300, 500)))
        #expect(!session.panels.isOpen(.color) && session.strokes.isEmpty)
        let effects = session.drag(&pen, line((100, 500), (300, 500)))
        #expect(session.strokes.first?.brush.base.color.hex == chosen.hex)
        #expect(session.recentColors.map(\.hex) == [chosen.hex])
        #expect(effects.requests.contains(.recentColorsChanged))
    }

    @Test func aFingerTurnsTheHueWithoutPainting() throws {
        let session = try makeSession()
        _ = session.press(.colorWheel)
        var panel: ColorPanel { session.colorPanel }
        var finger = Gesture(.touch(1), .finger)
        _ = session.drag(&finger, [panel.ringPoint(hue: 0.9), panel.ringPoint(hue: 0.7)])
        #expect(abs(session.panels.wheelColor.hue - 0.7) < 0.01)
        #expect(session.strokes.isEmpty)
        // The finger's contact ended with it: the next finger paints as usual once the panel is closed.
        _ = session.press(.colorWheel)
        _ = session.drag(&finger, line((100, 500), (300, 500)))
        #expect(session.strokes.count == 1)
    }

    @Test func hexValuesAreTypedAndWrongOnesSaySo() throws {
        let session = try makeSession()
        #expect(session.colorPanelKey(.digit("3")) == nil, "a closed panel took a key")
        _ = session.press(.colorWheel)
        for character in "3a7bd5" { _ = session.colorPanelKey(.digit(character)) }
        _ = session.colorPanelKey(.digit("9"))
        #expect(session.panels.hexDraft == "3A7BD5", "more than six digits")
        _ = session.colorPanelKey(.enter)
        #expect(session.style.color.hex == "3A7BD5" && session.panels.hexDraft == nil)
        for character in "12" { _ = session.colorPanelKey(.digit(character)) }
        _ = session.colorPanelKey(.backspace)
        let wrong = try #require(session.colorPanelKey(.enter))
        #expect(wrong.messages.first?.severity == .error)
        #expect(session.style.color.hex == "3A7BD5")
        #expect(session.colorPanelKey(.digit("x")) == nil, "not a hex digit")
        _ = session.colorPanelKey(.escape)
        #expect(!session.panels.isOpen(.color))
    }

    @Test func recentColoursAreTheLastSixteenPaintedWith() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        for index in 0..<20 {
            _ = session.pickColor(Color(red: Double(index) / 20, green: 0.5, blue: 0))
            _ = session.drag(&pen, line((100, 100 + Double(index) * 10), (300, 100 + Double(index) * 10)))
        }
        #expect(session.recentColors.count == ColorPanel.recentCount)
        #expect(session.recentColors.first?.hex == Color(red: 19.0 / 20, green: 0.5, blue: 0).hex)
        // The same colour again moves to the front instead of appearing twice; the eraser is no colour.
        let third = session.recentColors[2]
        _ = session.pickColor(third)
        _ = session.drag(&pen, line((100, 700), (300, 700)))
        #expect(session.recentColors.first == third && Set(session.recentColors.map(\.hex)).count == 16)
        _ = session.perform(.eraser)
        let before = session.recentColors
        _ = session.drag(&pen, line((100, 700), (300, 700)))
        #expect(session.recentColors == before)
        // A recent colour chosen on the panel becomes the brush's.
        _ = session.perform(.brush)
        _ = session.press(.colorWheel)
        let swatch = session.colorPanel.recentSwatch(4)
        _ = session.drag(&pen, [(swatch.x + 5, swatch.y + 5)])
        #expect(session.style.color == session.recentColors[4])
    }

    @Test func thePanelSetsThePaperAsAnUndoStep() throws {
        let session = try makeSession()
        _ = session.perform(.color(4))
        _ = session.press(.colorWheel)
        var panel: ColorPanel { session.colorPanel }
        var pen = Gesture(.tool(1), .pen)
        let paper = panel.paperButton(.paperColor)
        #expect(panel.part(atX: paper.x + 4, y: paper.y + 4) == .paperColor)
        let effects = session.drag(&pen, [(paper.x + 4, paper.y + 4)])
        #expect(session.document.background == ToolbarLayout.colors[4])
        #expect(effects.changes == [.backgroundChanged(before: .white, after: ToolbarLayout.colors[4])])
        let none = panel.paperButton(.noPaper)
        _ = session.drag(&pen, [(none.x + 4, none.y + 4)])
        #expect(session.document.background.alpha == 0 && session.strokes.isEmpty)
        #expect(panel.y + panel.height >= none.y + none.height)
        _ = session.perform(.undo)
        #expect(session.document.background == ToolbarLayout.colors[4])
    }
}
