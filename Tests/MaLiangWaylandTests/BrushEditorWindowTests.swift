import Foundation
import MaLiangCore
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// The brush editor driven as a user would: the pen drags a slider, a finger drags a point of the pressure curve,
/// the keyboard names the brush, and the saved brush comes back in the next session and paints at its size.
@Suite(.serialized) struct BrushEditorWindowTests {
    /// Rows at column `x` (logical) of the canvas below `fromY` darker than mid-grey, at `scale`.
    func inkHeight(_ session: AppSession, x: Double, fromY: Double, toY: Double, scale: Double) -> Int {
        guard let image = session.image else { return 0 }
        return stride(from: Int(fromY * scale), to: min(Int(toY * scale), image.height), by: 1).filter { y in
            let pixel = image.rgba(x: Int(x * scale), y: y)
            return Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 3 * 128
        }.count
    }

    @Test(arguments: [Int32(1), 2])
    func theEditorSetsSavesAndBringsBackABrush(scale: Int32) throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-brushes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        var options = ScriptedCompositor.Options()
        options.outputScale = scale
        let s = Double(scale)
        let session = try AppSession.withTablet(options: options, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try session.resizeWindow(width: 1000, height: 700, pixelsWide: 1000 * Int(scale)))
        let layout = ToolbarLayout(width: 1000, showsClose: true)
        let editorButton = try #require(layout.buttons.first { $0.action == .brushEditor })
        let panel = BrushEditorPanel(layout: layout, windowWidth: 1000)

        // The pen opens the editor: its preview shows a stroke of the pen.
        try session.pen([(editorButton.x + 20, 24)])
        let preview = panel.preview
        #expect(
            session.pump(until: {
                inkHeight(
                    session, x: preview.x + preview.width / 2, fromY: preview.y, toY: preview.y + preview.height,
                    scale: s)
                    > 2
            }), "the preview shows no stroke")

        // The pen drags the size slider to 40 px.
        let track = panel.track(.size)
        let knob = track.x + BrushSetting.size.position(of: 6) * track.width
        let target = track.x + BrushSetting.size.position(of: 40) * track.width
        try session.pen(points((knob, track.y + 12), (target, track.y + 12), count: 10))

        // A finger adds a point to the pressure curve and drags it up: half pressure gives 90 % of the size.
        // The palm tail runs from when the window read the pen's leaving: a slow window (AddressSanitizer, a busy
        // machine) may read it well after it was sent, so the wait starts once it has answered a ping sent after.
        #expect(session.roundTrip())
        session.settle(.milliseconds(600))
        let added = panel.location(of: .init(pressure: 0.5, value: 0.6))
        let raised = panel.location(of: .init(pressure: 0.5, value: 0.9))
        try session.finger(points(added, raised, count: 6))
        #expect(session.roundTrip())

        // Save asks for a name ("pen 1"); the keyboard makes it "pen 7" and Return keeps it. The pen presses what
        // the finger left: the panel sized for a finger.
        let touch = BrushEditorPanel(
            layout: layout, windowWidth: 1000, windowHeight: 700, fit: PanelFit(controls: .touch))
        let save = touch.shown(touch.button(.save))
        try session.pen([(save.x + 10, save.y + 10)])
        for code: UInt32 in [14, 8, 28] { try session.key(code) }  // BackSpace, 7, Return
        let file = config.appendingPathComponent("maliang/brushes/pen 7.maliang-brush")
        #expect(session.pump(until: { FileManager.default.fileExists(atPath: file.path) }), "the brush was not saved")
        let saved = try BrushFile(data: Data(contentsOf: file))
        #expect(saved.slot == "pen")
        #expect(abs(saved.brush.base.pointSize - 40) < 40 * 0.05)
        let middle = try #require(
            saved.brush.base.pressureCurve.points.first { $0.pressure > 0.3 && $0.pressure < 0.7 })
        #expect(abs(middle.value - 0.9) < 0.03 && abs(middle.pressure - 0.5) < 0.03)

        // Closed, the brush paints at its new size.
        try session.key(1)  // Escape
        try session.pen(points((200, 550), (800, 550)), pressure: 1)
        #expect(
            session.pump(until: { inkHeight(session, x: 500, fromY: 500, toY: 600, scale: s) >= Int(34 * s) }),
            "the stroke is not 40 px wide")
        #expect(session.terminate() == 0)

        // The next session lists the saved brush; choosing it paints at its size again.
        let next = try AppSession.withTablet(options: options, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try next.resizeWindow(width: 1000, height: 700, pixelsWide: 1000 * Int(scale)))
        try next.pen([(editorButton.x + 20, 24)])
        let chip = panel.saved(0)
        try next.pen([(chip.x + 10, chip.y + 10)])
        try next.key(1)
        try next.pen(points((200, 450), (800, 450)), pressure: 1)
        #expect(
            next.pump(until: { inkHeight(next, x: 500, fromY: 400, toY: 500, scale: s) >= Int(34 * s) }),
            "the saved brush does not paint at its size")
        #expect(next.terminate() == 0)
    }

    /// A file among the saved brushes that is not one is left as it is and said; a brush that cannot be written
    /// (its folder is a file) is said too, and the editor lists only what is on disk.
    @Test func badBrushFilesAndFailedSavesAreSaid() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-brushes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let folder = config.appendingPathComponent("maliang/brushes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("broken.maliang-brush")
        let garbage = Data("{\"format\": \"maliang-brush\", \"version\": 1".utf8)
        try garbage.write(to: bad)
        let session = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(
            session.pump(until: { session.log.contains("A saved brush was skipped: \(bad.path) is not a brush file") }),
            "\(session.log)")
        #expect(session.terminate() == 0)
        #expect(try Data(contentsOf: bad) == garbage)

        try FileManager.default.removeItem(at: folder)
        try Data().write(to: folder)
        let next = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try next.resizeWindow(width: 1000, height: 700, pixelsWide: 1000))
        let layout = ToolbarLayout(width: 1000, showsClose: true)
        let editorButton = try #require(layout.buttons.first { $0.action == .brushEditor })
        let save = BrushEditorPanel(layout: layout, windowWidth: 1000).button(.save)
        try next.pen([(editorButton.x + 20, 24)])
        try next.pen([(save.x + 10, save.y + 10)])
        try next.key(28)  // Return: "pen 1"
        #expect(
            next.pump(until: { next.log.contains("The brush “pen 1” was not saved") }), "\(next.log)")
        #expect(next.terminate() == 0)
    }

    /// A brush file dropped on the window from a file manager joins the saved brushes and paints at once.
    @Test func aDroppedBrushFileIsKeptAndPaints() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-brushes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        var brush = try #require(BrushPresets.brush(named: "pen"))
        brush.base.pointSize = 50
        brush.base.forceSensitive = 0
        let shared = try BrushFile(name: "Fat pen", slot: "pen", brush: brush)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let dropped = config.appendingPathComponent("Fat pen.maliang-brush")
        try shared.data().write(to: dropped)
        let session = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try session.resizeWindow(width: 1000, height: 700, pixelsWide: 1000))
        try session.compositor.drop(["text/uri-list": Array("\(dropped.absoluteString)\r\n".utf8)], x: 500, y: 400)
        let kept = config.appendingPathComponent("maliang/brushes/Fat pen.maliang-brush")
        #expect(session.pump(until: { FileManager.default.fileExists(atPath: kept.path) }), "\(session.log)")
        #expect(try BrushFile(data: Data(contentsOf: kept)) == shared)
        try session.pen(points((200, 500), (800, 500)), pressure: 0.5)
        #expect(
            session.pump(until: { inkHeight(session, x: 500, fromY: 450, toY: 560, scale: 1) >= 44 }),
            "the dropped brush does not paint 50 px wide")
        #expect(session.terminate() == 0)
    }
}
