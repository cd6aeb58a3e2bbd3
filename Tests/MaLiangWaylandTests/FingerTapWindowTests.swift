import Foundation
import TestCompositor
import Testing
import WaylandTestSupport

/// Fingers on a real connection: a two-finger tap undoes, three redo, four hide the toolbar; the drawing keeps
/// what the taps left.
@Suite(.serialized) struct FingerTapWindowTests {
    /// `count` fingers down together in one frame, a little apart, and up together.
    func tap(_ session: AppSession, fingers count: Int, x: Double = 700, y: Double = 500) throws {
        let ids = (0..<Int32(count)).map { $0 + 10 }
        try session.compositor.sendTouch(ids.map { .down(id: $0, x: x + Double($0) * 50, y: y) } + [.frame])
        try session.compositor.sendTouch(ids.map { .up(id: $0) } + [.frame])
        session.compositor.dispatch()
    }

    @Test func twoFingersUndoThreeRedoAndFourHideTheToolbar() throws {
        let session = try AppSession.withTablet()
        func dark(_ x: Int, _ y: Int) -> Bool { session.image.map { $0.rgba(x: x, y: y).red < 80 } ?? false }
        try session.pen(points((200, 300), (600, 300)), pressure: 1)
        #expect(session.pump(until: { dark(400, 300) }), "the stroke is not shown")
        // Past palm rejection's half second after the pen left, counted from when the app read it leave, however
        // busy the machine.
        session.pastPalmRejection()
        try tap(session, fingers: 2)
        #expect(session.pump(until: { !dark(400, 300) }), "a two-finger tap did not undo")
        try tap(session, fingers: 3)
        #expect(session.pump(until: { dark(400, 300) }), "a three-finger tap did not redo")
        // The first brush's light tile at the top left goes with the toolbar.
        #expect(session.image.map { $0.rgba(x: 8, y: 8).red > 200 } == true)
        try tap(session, fingers: 4)
        #expect(session.pump(until: { session.image.map { $0.rgba(x: 8, y: 8).red < 100 } == true }))
        #expect(dark(400, 300) && session.terminate() == 0)
        let (image, _) = try session.render(session.documentURL.path)
        guard case .rgba8(let bytes) = image.pixels else {
            Issue.record("not 8-bit RGBA")
            return
        }
        // The page lay under the toolbar: window (400, 300) is drawing (400, 252).
        #expect(bytes[(252 * image.width + 400) * 4] < 80, "the redone stroke is not in the file")
    }
}
