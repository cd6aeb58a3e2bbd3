import Foundation
import MaLiangCore
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
        #expect(try session.nextImage().darkPixelCount(fromY: 60) > 0)
        try compositor.sendPad("pad", [.button(0, pressed: true), .button(0, pressed: false)])
        #expect(try session.nextImage().darkPixelCount(fromY: 60) == 0)
        try compositor.sendPad("pad", [.button(1, pressed: true), .button(1, pressed: false)])
        #expect(try session.nextImage().darkPixelCount(fromY: 60) > 0)

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
}
