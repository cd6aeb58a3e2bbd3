import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The pad panel: offered in the menu while a pad is plugged in; a press on a row takes its control's next action
/// and asks the shell to use and keep it for the tablet.
struct PadPanelTests {
    static let setup = PadSetup(
        tablet: "Scripted Tablet 056a:0357", buttons: 4, rings: 1, strips: 1, modes: 4, mapping: .standard)

    /// A click in the middle of `box` (panel units, the panel at full size and not scrolled).
    func press(_ session: EditingSession, _ box: PadPanel.Box) -> Effects {
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        return session.drag(&mouse, [(box.x + box.width / 2, box.y + box.height / 2)])
    }

    @Test func theMenuOffersItWhileAPadIsPluggedIn() throws {
        let session = try makeSession()
        #expect(!session.toolbar.menu.contains { $0.action == .pad })
        #expect(session.padPanel == nil)
        _ = session.padConnected(Self.setup)
        #expect(session.toolbar.menu.contains { $0.action == .pad })
        _ = session.press(.pad)
        #expect(session.panels.isOpen(.pad))
        // Unplugged: the panel goes with it.
        _ = session.padConnected(nil)
        #expect(!session.panels.isOpen(.pad) && !session.toolbar.menu.contains { $0.action == .pad })
    }

    @Test func aRowTakesItsNextActionAndTheShellIsAskedToKeepIt() throws {
        let session = try makeSession()
        _ = session.padConnected(Self.setup)
        _ = session.press(.pad)
        let panel = try #require(session.padPanel)
        #expect(
            panel.rows == [.button(0), .button(1), .button(2), .button(3)] + (0..<4).map { .ring(mode: $0) }
                + (0..<4).map { .strip(mode: $0) })
        #expect(panel.words(0) == ("Button 1", "Undo") && panel.words(6) == ("Ring, mode 3", "Turn the view"))

        var effects = press(session, panel.choice(0))
        #expect(
            effects.requests.contains { request in
                if case .padMapping(let tablet, let mapping) = request {
                    tablet == Self.setup.tablet && mapping.buttons[0] == .redo
                } else {
                    false
                }
            })
        #expect(effects.messages.first?.text == "Button 1: Redo")
        // The ring in mode 3 only: the modes before it keep theirs.
        effects = press(session, panel.label(6))
        #expect(session.panels.pad?.mapping.rings == [.brushSize, .zoom, .opacity, .opacity])
        // Past the last action, the first.
        for _ in 0..<(PadButtonAction.allCases.count - 1) { _ = press(session, panel.choice(1)) }
        #expect(session.panels.pad?.mapping.button(1) == .undo)
        // Standard brings every control's standard action back.
        effects = press(session, panel.button(.standard))
        #expect(session.panels.pad?.mapping == .standard && !effects.requests.isEmpty)
        // Done closes it; so does Escape.
        _ = press(session, panel.button(.done))
        #expect(!session.panels.isOpen(.pad))
        _ = session.press(.pad)
        _ = session.handle(KeyEvent(keysym: Keysym.escape))
        #expect(!session.panels.isOpen(.pad))
    }

    /// For a finger every row answers across 44 logical pixels or more, and so do Standard and Done.
    @Test func aFingersRowsAreFingerSized() throws {
        let session = try makeSession()
        _ = session.padConnected(Self.setup)
        var finger = Gesture(.touch(1), .finger)
        _ = session.drag(&finger, [(640, 500)])
        _ = session.press(.pad)
        let panel = try #require(session.padPanel)
        #expect(panel.controls == .touch)
        for index in panel.rows.indices {
            let row = panel.label(index)
            #expect(row.height * panel.zoom >= ControlSize.fingerTarget)
            for y in [row.y + 1, row.y + row.height - 1] {
                let point = panel.shown((panel.choice(index).x + 10, y, 1, 1))
                #expect(panel.part(atX: point.x, y: point.y) == .row(index) || point.y > 800)
            }
        }
        #expect(panel.button(.done).height >= ControlSize.fingerTarget)
    }
}
