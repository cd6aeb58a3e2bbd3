import MaLiangCore
import Testing

@testable import MaLiangEditor

/// Taps of several fingers: two undo, three redo, four hide the toolbar (Tab does too); a drag, a slow tap, a
/// palm or a moving finger is no tap.
@Suite struct FingerTapTests {
    /// `count` fingers down at `time` µs around (x, y), each moved by `drift`, all up `duration` µs later.
    func tap(
        _ session: EditingSession, fingers count: Int, at time: UInt64 = 2_000_000, duration: UInt64 = 120_000,
        x: Double = 400, y: Double = 400, drift: Double = 2
    ) -> Effects {
        var effects = Effects()
        func event(_ id: Int, _ phase: InputEvent.Phase, _ dx: Double, _ at: UInt64) -> InputEvent {
            InputEvent(
                device: .touch(Int32(id)), phase: phase, tool: .finger, x: x + Double(id) * 60 + dx, y: y,
                time: at, received: at)
        }
        for id in 0..<count { effects.append(session.handle(event(id, .down, 0, time + UInt64(id) * 10_000))) }
        for id in 0..<count { effects.append(session.handle(event(id, .move, drift, time + duration / 2))) }
        for id in 0..<count { effects.append(session.handle(event(id, .up, drift, time + duration))) }
        return effects
    }

    func strokeCount(_ session: EditingSession) -> Int { session.document.elements.count }

    @Test func twoFingersUndoAndThreeRedo() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, [(300, 300), (500, 320)])
        _ = session.drag(&pen, [(300, 500), (500, 520)])
        _ = session.handle(pen.event(.leave, 500, 520))
        #expect(strokeCount(session) == 2)
        // Past the palm rejection's tail after the pen left.
        _ = tap(session, fingers: 2, at: pen.time + 1_000_000)
        #expect(strokeCount(session) == 1)
        _ = tap(session, fingers: 2, at: pen.time + 2_000_000)
        #expect(strokeCount(session) == 0)
        _ = tap(session, fingers: 3, at: pen.time + 3_000_000)
        #expect(strokeCount(session) == 1)
        // The fingers themselves painted nothing: the stroke back is the pen's first.
        guard case .stroke(let stroke)? = session.document.elements.first else {
            Issue.record("no stroke")
            return
        }
        #expect(stroke.samples.first?.position.x == 300)
    }

    @Test func aDragASlowTapAMovingFingerOrAPalmIsNoTap() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, [(300, 300), (500, 320)])
        _ = session.handle(pen.event(.leave, 500, 320))
        let later = pen.time + 1_000_000
        _ = tap(session, fingers: 2, at: later, duration: 600_000)
        _ = tap(session, fingers: 2, at: later + 1_000_000, drift: 60)
        #expect(strokeCount(session) == 1)
        // A pen near the tablet: the fingers are a palm.
        _ = session.handle(pen.event(.hover, 600, 600))
        _ = tap(session, fingers: 2, at: pen.time + 10_000)
        #expect(strokeCount(session) == 1)
        _ = session.handle(pen.event(.leave, 600, 600))
        // One finger is a dot, not an undo.
        _ = tap(session, fingers: 1, at: pen.time + 1_000_000)
        #expect(strokeCount(session) == 2)
    }

    @Test func fourFingersOrTabHideTheToolbarAndTheTopPaints() throws {
        let session = try makeSession()
        _ = tap(session, fingers: 4)
        #expect(session.isToolbarHidden && !session.hasToolbar)
        // The top strip is drawing now: a pen there paints instead of pressing a button.
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, [(30, 20), (300, 24)])
        #expect(strokeCount(session) == 1)
        _ = session.handle(KeyEvent(keysym: Keysym.tab))
        #expect(!session.isToolbarHidden && session.hasToolbar)
        _ = session.drag(&pen, [(30, 20), (300, 24)])
        #expect(strokeCount(session) == 1)
        // F10 and the menu wait for the toolbar.
        _ = session.handle(KeyEvent(keysym: Keysym.tab))
        _ = session.handle(KeyEvent(keysym: Keysym.f10))
        #expect(!session.panels.isMenuOpen)
    }

    @Test func tabWhileANameIsTypedKeepsThePanel() throws {
        let session = try makeSession()
        _ = session.perform(.layers)
        session.panels.layerNameDraft = "Sky"
        #expect(session.panels.layerNameDraft != nil)
        _ = session.handle(KeyEvent(keysym: Keysym.tab, text: "\t"))
        #expect(!session.isToolbarHidden && session.panels.isOpen(.layers) && session.panels.layerNameDraft != nil)
    }

    @Test func anEmbeddedCanvasHasNoToolbarToHide() throws {
        let session = EditingSession(document: try Document(size: Size(width: 100, height: 100)), toolbar: false)
        _ = session.handle(KeyEvent(keysym: Keysym.tab))
        #expect(!session.isToolbarHidden && !session.hasToolbar)
    }
}
