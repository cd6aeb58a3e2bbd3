import Foundation
import MaLiangCore
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// The colour panel driven as a user would: the pen drags the wheel, a finger turns the hue, the keyboard types a
/// hex value, and the colours painted with come back in the next session.
@Suite(.serialized) struct ColorPanelWindowTests {
    /// Whether the window's pixel at logical (x, y) is within `tolerance` of `color`.
    func shows(_ session: AppSession, _ color: Color, atX x: Double, y: Double, scale: Double, tolerance: Double = 12)
        -> Bool
    {
        guard let pixel = session.image?.rgba(x: Int(x * scale), y: Int(y * scale)) else { return false }
        return abs(Double(pixel.red) - color.red * 255) <= tolerance
            && abs(Double(pixel.green) - color.green * 255) <= tolerance
            && abs(Double(pixel.blue) - color.blue * 255) <= tolerance
    }

    /// The panel is opaque: where a stroke lies under it, its plain margin looks as it does over bare paper.
    @Test func aStrokeUnderThePanelDoesNotShowThroughIt() throws {
        let session = try AppSession.withTablet()
        #expect(try session.resizeWindow(width: 1000, height: 700, pixelsWide: 1000))
        let layout = ToolbarLayout(width: 1000, showsClose: true)
        let panel = ColorPanel(layout: layout, windowWidth: 1000)
        let marker = try #require(layout.buttons.first { $0.action == .brush(2) })
        let wheel = try #require(layout.buttons.first { $0.action == .colorWheel })
        // The marker (half-grey where it does not overlap) down the left of the panel's bottom margin; bare paper
        // under its right.
        let marginY = panel.y + panel.height - 4
        let (overStroke, overPaper) = (panel.x + 20, panel.x + panel.width - 20)
        try session.pen([(marker.x + 20, 24)])
        try session.pen(points((overStroke, marginY - 60), (overStroke, marginY + 60)), pressure: 1)
        #expect(
            session.pump(until: { session.image?.rgba(x: Int(overStroke), y: Int(marginY)).red ?? 255 < 160 }),
            "the stroke does not show before the panel opens")
        try session.pen([(wheel.x + 20, 24)])
        #expect(
            session.pump(until: { session.image?.rgba(x: Int(overPaper), y: Int(marginY)).red ?? 255 < 100 }),
            "the panel does not open")
        let image = try #require(session.image)
        let (stroke, paper) = (
            image.rgba(x: Int(overStroke), y: Int(marginY)), image.rgba(x: Int(overPaper), y: Int(marginY))
        )
        #expect(
            abs(Int(stroke.red) - Int(paper.red)) <= 1 && abs(Int(stroke.blue) - Int(paper.blue)) <= 1,
            "the margin over the stroke \(stroke), over paper \(paper)")
        #expect(session.terminate() == 0)
    }

    @Test(arguments: [Int32(1), 2])
    func theWheelHexAndRecentColoursPaint(scale: Int32) throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-colors-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        var options = ScriptedCompositor.Options()
        options.outputScale = scale
        let s = Double(scale)
        let session = try AppSession.withTablet(options: options, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try session.resizeWindow(width: 1000, height: 700, pixelsWide: 1000 * Int(scale)))
        let layout = ToolbarLayout(width: 1000, showsClose: true)
        let wheelButton = try #require(layout.buttons.first { $0.action == .colorWheel })
        let panel = ColorPanel(layout: layout, windowWidth: 1000)

        // The pen opens the panel, turns the hue to blue on the ring and takes the square's brightest, fullest
        // corner.
        try session.pen([(wheelButton.x + 20, 24)])
        let green = panel.ringPoint(hue: 1.0 / 3)
        #expect(
            session.pump(until: { shows(session, Color(red: 0, green: 1, blue: 0), atX: green.x, y: green.y, scale: s) }
            ),
            "the panel's ring does not show")
        let blue = panel.ringPoint(hue: 2.0 / 3)
        try session.pen(points(panel.ringPoint(hue: 0.5), blue, count: 8))
        let corner = panel.squarePoint(saturation: 1, value: 1)
        try session.pen([(corner.x - 1, corner.y + 1)])
        let (saturation, value) = panel.saturationValue(atX: corner.x - 1, y: corner.y + 1)
        let chosen = HSVColor(hue: panel.hue(atX: blue.x, y: blue.y), saturation: saturation, value: value).color
        // A press beside the panel closes it and paints nothing; the next stroke paints in the colour chosen.
        try session.pen([(900, 600)])
        #expect(session.roundTrip())
        #expect(shows(session, .white, atX: 900, y: 600, scale: s, tolerance: 30), "a press closing the panel painted")
        try session.pen(points((450, 500), (750, 500)), pressure: 1)
        #expect(
            session.pump(until: { shows(session, chosen, atX: 600, y: 500, scale: s) }, timeout: .seconds(5)),
            "the wheel's colour does not paint")

        // A finger turns the hue on the ring (once the pen's palm rejection lets fingers in); typing a hex value and
        // Return sets the colour exactly.
        // The palm tail runs from when the window read the pen's leaving: a slow window (AddressSanitizer, a busy
        // machine) may read it well after it was sent, so the wait starts once it has answered a ping sent after.
        #expect(session.roundTrip())
        session.settle(.milliseconds(600))
        try session.finger([(wheelButton.x + 20, 24)])
        #expect(session.roundTrip())
        // Opened by a finger, the panel is a finger's.
        let touchPanel = ColorPanel(layout: layout, windowWidth: 1000, fit: PanelFit(controls: .touch))
        try session.finger(points(touchPanel.ringPoint(hue: 0.2), touchPanel.ringPoint(hue: 1.0 / 3), count: 6))
        #expect(
            session.pump(until: {
                let corner = touchPanel.squarePoint(saturation: 1, value: 1)
                return shows(
                    session, Color(red: 0, green: 1, blue: 0), atX: corner.x - 2, y: corner.y + 2, scale: s,
                    tolerance: 20)
            }), "a finger on the ring does not turn the hue")
        for code: UInt32 in [4, 30, 8, 48, 32, 6, 28] { try session.key(code) }  // 3 a 7 b d 5 Return
        try session.key(1)  // Escape closes the panel
        try session.pen(points((450, 600), (750, 600)), pressure: 1)
        let typed = try #require(Color(hex: "3A7BD5"))
        #expect(
            session.pump(until: { shows(session, typed, atX: 600, y: 600, scale: s) }, timeout: .seconds(5)),
            "the typed colour does not paint")
        #expect(session.terminate() == 0)

        // The colours painted with, most recent first, are kept for the next session.
        let kept = try String(contentsOf: config.appendingPathComponent("maliang/recent-colors"), encoding: .utf8)
        #expect(kept == "3A7BD5\n\(chosen.hex)\n")
        let next = try AppSession.withTablet(options: options, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try next.resizeWindow(width: 1000, height: 700, pixelsWide: 1000 * Int(scale)))
        try next.pen([(wheelButton.x + 20, 24)])
        let second = panel.recentSwatch(1)
        #expect(
            next.pump(until: { shows(next, chosen, atX: second.x + 10, y: second.y + 10, scale: s) }),
            "the recent colours did not come back")
        try next.pen([(second.x + 10, second.y + 10)])
        try next.pen([(900, 650)])
        try next.pen(points((450, 400), (750, 400)), pressure: 1)
        #expect(
            next.pump(until: { shows(next, chosen, atX: 600, y: 400, scale: s) }, timeout: .seconds(5)),
            "a recent colour does not paint")
        #expect(next.terminate() == 0)
    }

    /// The panel's paper buttons change the page's colour, kept in the drawing even when the app is killed right
    /// after; no paper shows the page on grey checks.
    @Test func thePaperTakesTheColourAndTheDrawingKeepsIt() throws {
        let session = try AppSession.withTablet()
        #expect(try session.resizeWindow(width: 1000, height: 700, pixelsWide: 1000))
        let layout = ToolbarLayout(width: 1000, showsClose: true)
        let blueSwatch = try #require(layout.buttons.first { $0.action == .color(4) })
        let wheelButton = try #require(layout.buttons.first { $0.action == .colorWheel })
        let panel = ColorPanel(layout: layout, windowWidth: 1000)
        try session.pen([(blueSwatch.x + 20, 24)])
        try session.pen([(wheelButton.x + 20, 24)])
        let paper = panel.paperButton(.paperColor)
        try session.pen([(paper.x + 10, paper.y + 10)])
        try session.pen([(950, 650)])
        let blue = ToolbarLayout.colors[4]
        #expect(
            session.pump(until: { shows(session, blue, atX: 300, y: 600, scale: 1) }, timeout: .seconds(5)),
            "the paper did not take the colour")
        // Killed at once, the paper is in the file all the same.
        _ = session.kill()
        let next = try AppSession.withTablet(dataHome: session.dataHome)
        #expect(try next.resizeWindow(width: 1000, height: 700, pixelsWide: 1000))
        #expect(
            next.pump(until: { shows(next, blue, atX: 300, y: 600, scale: 1) }, timeout: .seconds(5)),
            "the paper's colour was not kept")
        try next.pen([(wheelButton.x + 20, 24)])
        let none = panel.paperButton(.noPaper)
        try next.pen([(none.x + 10, none.y + 10)])
        try next.pen([(950, 650)])
        #expect(
            next.pump(until: { !shows(next, blue, atX: 300, y: 600, scale: 1, tolerance: 40) }, timeout: .seconds(5)))
        // Grey checks show the page is transparent.
        let checks = try #require(next.image).rgba(x: 300, y: 600)
        #expect(checks.red == checks.green && checks.green == checks.blue && (150...207).contains(Int(checks.red)))
        #expect(next.terminate() == 0)
    }
}
