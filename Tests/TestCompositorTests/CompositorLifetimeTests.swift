import Foundation
import TestCompositor
import Testing
import WaylandServer
import WaylandTestSupport

@Suite struct CompositorLifetimeTests {
    @Test func aCompositorWithAClientGoesAwayWholeAndRemovesItsSocket() throws {
        weak var weakCompositor: ScriptedCompositor?
        weak var weakDisplay: WaylandServerDisplay?
        var socketPath = ""
        do {
            let session = try ScriptedSession()
            weakCompositor = session.compositor
            weakDisplay = session.compositor.display
            socketPath = RuntimeDirectory.ensure() + "/" + session.compositor.socketName
            let window = ShmWindow(try ShmWindow.globals(session.registry))
            #expect(try session.pump(until: { window.configureCount == 1 }))
            try window.present(color: 0xFF20_4060)
            #expect(try session.pump(until: { window.frameCallbacksDone == 1 }))
            #expect(FileManager.default.fileExists(atPath: socketPath))
        }
        // Live resources (surface, toplevel, buffer, seat…) must not keep the display alive.
        #expect(weakCompositor == nil)
        #expect(weakDisplay == nil)
        #expect(!FileManager.default.fileExists(atPath: socketPath))
    }
}
