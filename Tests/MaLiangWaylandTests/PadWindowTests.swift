import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import TestCompositor
import Testing

/// A tablet's pad on the scripted compositor: its buttons perform their actions, its ring and strip change their
/// mode's setting, and after each mode switch the compositor is told every control's action.
@Suite(.serialized) struct PadWindowTests {
    /// A pad of eight buttons in two groups: the first with a ring and four modes, the second with a strip.
    static let pad = PadSpec(
        id: "pad", buttons: 8,
        groups: [
            PadGroupSpec(buttons: [0, 1, 2, 3], rings: 1, modes: 4),
            PadGroupSpec(buttons: [4, 5, 6, 7], strips: 1, modes: 2),
        ])

    @Test func buttonsRingsAndStripsDoTheirActionsAndAreNamedToTheDesktop() throws {
        let session = try AppSession.withTablet()
        let compositor = session.compositor
        try compositor.addPad(Self.pad)
        #expect(session.roundTrip())
        try compositor.sendPad(
            "pad", [.enter(tablet: "t1"), .modeSwitch(group: 0, mode: 0), .modeSwitch(group: 1, mode: 0)])
        #expect(session.roundTrip())
        var feedback = try #require(compositor.padFeedback("pad"))
        #expect(
            feedback.buttons == [
                0: "Undo", 1: "Redo", 2: "Smaller brush", 3: "Larger brush", 4: "Eraser",
                5: "Mirror the view", 6: "Whole drawing", 7: "Hide the toolbar",
            ])
        #expect(feedback.rings == [0: "Brush size"] && feedback.strips == [0: "Zoom"] && feedback.stale == 0)

        // The ring, a quarter turn clockwise: six steps larger.
        try compositor.sendPad(
            "pad", stride(from: 0.0, through: 90, by: 10).map { .ring(0, degrees: $0) } + [.ringStop(0)])
        try session.pen(points((200, 400), (600, 400)), pressure: 1)
        #expect(session.roundTrip())
        // Button 0 undoes it, button 1 brings it back.
        #expect(try session.nextImage().darkRows(x: 400).contains(400))
        try compositor.sendPad("pad", [.button(0, pressed: true), .button(0, pressed: false)])
        #expect(!(try session.nextImage().darkRows(x: 400).contains(400)))
        try compositor.sendPad("pad", [.button(1, pressed: true), .button(1, pressed: false)])
        #expect(try session.nextImage().darkRows(x: 400).contains(400))

        // Mode 2 of the ring turns the view, and the desktop is told.
        try compositor.sendPad("pad", [.modeSwitch(group: 0, mode: 2)])
        #expect(session.pump(until: { session.compositor.padFeedback("pad")?.rings[0] == "Turn the view" }))
        try compositor.sendPad("pad", [.ring(0, degrees: 300), .ring(0, degrees: 270), .ringStop(0)])
        // The strip, up a quarter of its length: four steps closer.
        try compositor.sendPad(
            "pad", [.strip(0, position: 40000), .strip(0, position: 40000 - 4 * 4096), .stripStop(0)])
        #expect(session.roundTrip())
        feedback = try #require(compositor.padFeedback("pad"))
        #expect(feedback.stale == 0)
        _ = try session.nextImage()
        // Unplugged while a finger is on the strip: the window goes on.
        try compositor.sendPad("pad", [.strip(0, position: 100)])
        try compositor.removePad("pad")
        #expect(session.roundTrip())
        #expect(session.terminate() == 0, "\(session.log)")

        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        defer { file.close() }
        guard case .stroke(let stroke) = try #require(file.document.elements.first) else {
            Issue.record("no stroke")
            return
        }
        let pen = try #require(BrushPresets.brush(named: "pen")).base
        #expect(
            abs(stroke.brush.base.pointSize - pen.pointSize * pow(1.25, 6)) < 0.01, "\(stroke.brush.base.pointSize)")
        let view = try #require(file.keptView)
        // Two steps back of 15° (30° anticlockwise), four steps of zoom.
        #expect(abs(view.rotation + .pi / 6) < 1e-6, "\(view)")
        #expect(abs(view.zoom - pow(1.1, 4)) < 1e-6, "\(view)")
    }

    /// Settings kept for the tablet (by its name and USB ids) are what its pad does; a value this version does not
    /// know does nothing, and a file that is not one leaves the standard actions, saying so.
    @Test func aTabletsKeptSettingsAreWhatItsPadDoes() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-pads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let folder = config.appendingPathComponent("maliang")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = #"{"Scripted Tablet 056a:0357": {"buttons": ["redo", "teleport", "undo"], "rings": ["zoom"]}}"#
        try Data(kept.utf8).write(to: folder.appendingPathComponent("pads.json"))
        let session = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        try session.compositor.addPad(PadSpec(id: "pad", buttons: 4, rings: 1, strips: 1, modes: 2))
        #expect(session.roundTrip())
        try session.compositor.sendPad("pad", [.enter(tablet: "t1"), .modeSwitch(group: 0, mode: 1)])
        #expect(session.roundTrip())
        let feedback = try #require(session.compositor.padFeedback("pad"))
        #expect(feedback.buttons == [0: "Redo", 1: "Nothing", 2: "Undo", 3: "Nothing"])
        #expect(feedback.rings == [0: "Zoom"] && feedback.strips == [0: "Nothing"])
        // Button 2 undoes the stroke.
        try session.pen(points((200, 400), (600, 400)), pressure: 1)
        #expect(try session.nextImage().darkRows(x: 400).contains(400))
        try session.compositor.sendPad("pad", [.button(2, pressed: true), .button(2, pressed: false)])
        #expect(!(try session.nextImage().darkRows(x: 400).contains(400)))
        #expect(session.terminate() == 0)

        try Data("{\"Scripted".utf8).write(to: folder.appendingPathComponent("pads.json"))
        let again = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        try again.compositor.addPad(PadSpec(id: "pad", buttons: 4))
        #expect(again.roundTrip())
        try again.compositor.sendPad("pad", [.enter(tablet: "t1"), .modeSwitch(group: 0, mode: 0)])
        #expect(again.pump(until: { again.log.contains("The pad settings are not used") }), "\(again.log)")
        #expect(again.pump(until: { again.compositor.padFeedback("pad")?.buttons[0] == "Undo" }))
        #expect(again.terminate() == 0)
    }

    /// The menu's "Tablet pad…" opens the panel; a click on a control's action takes the next one, which the desktop
    /// is told at once and the next session keeps.
    @Test func thePanelChangesWhatAControlDoesAndKeepsIt() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-pads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let session = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        let compositor = session.compositor
        try compositor.addPad(PadSpec(id: "pad", buttons: 4, rings: 1, strips: 0, modes: 2))
        #expect(session.roundTrip())
        try compositor.sendPad("pad", [.enter(tablet: "t1"), .modeSwitch(group: 0, mode: 0)])
        #expect(session.roundTrip())
        // The menu's "Tablet pad…", by mouse.
        let setup = PadSetup(
            tablet: "Scripted Tablet 056a:0357", buttons: 4, rings: 1, strips: 0, modes: 2, mapping: .standard)
        let layout = ToolbarLayout(width: 1280, height: 800, showsClose: true, hasPad: true)
        let more = try #require(layout.buttons.first { $0.action == .more }).x
        let item = try #require(layout.menu.first { $0.action == .pad })
        try session.mouse([(more + 20, 24)])
        #expect(session.roundTrip())
        try session.mouse([(item.x + item.width / 2, item.y + item.height / 2)])
        #expect(session.roundTrip())
        let panel = PadPanel(setup, anchorRight: more + ToolbarLayout.button, windowWidth: 1280, windowHeight: 800)
        // Button 2 (Redo) becomes Smaller brush; the ring in mode 2 (Zoom) becomes Turn the view.
        for box in [panel.choice(1), panel.choice(5)] {
            try session.mouse([(box.x + box.width / 2, box.y + box.height / 2)])
            #expect(session.roundTrip())
        }
        #expect(session.pump(until: { compositor.padFeedback("pad")?.buttons[1] == "Smaller brush" }))
        try compositor.sendPad("pad", [.modeSwitch(group: 0, mode: 1)])
        #expect(session.pump(until: { compositor.padFeedback("pad")?.rings[0] == "Turn the view" }))
        #expect(session.terminate() == 0)
        let kept = try String(contentsOf: config.appendingPathComponent("maliang/pads.json"), encoding: .utf8)
        #expect(kept.contains("\"smaller\"") && kept.contains("\"rotateView\""), "\(kept)")
    }
}
