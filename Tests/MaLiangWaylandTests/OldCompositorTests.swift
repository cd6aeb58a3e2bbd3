import Foundation
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// Compositors older or smaller than the ones the window is made for: it works with what they have, or says
/// clearly what is missing — it never stops on a version it did not expect.
@Suite(.serialized) struct OldCompositorTests {
    @Test func aVersionOneCompositorAndSeatGiveAWorkingWindow() throws {
        var options = ScriptedCompositor.Options()
        options.versions = [.compositor: 1, .seat: 1, .output: 1, .xdgWmBase: 1, .dataDeviceManager: 1]
        let session = try AppSession.withTablet(options: options)
        try session.pen(points((100, 300), (700, 300)), pressure: 1)
        _ = try session.nextImage()
        session.settle()
        #expect(try #require(session.image).darkRows(x: 400).contains(300), "\(session.log)")
        #expect(session.terminate() == 0, "\(session.log)")
        #expect(try DocumentFile.open(at: session.documentURL).document.elements.count == 1)
    }

    @Test func aCompositorWithoutTheShellIsAClearError() throws {
        var options = ScriptedCompositor.Options()
        options.globals = [.compositor, .seat, .output]
        let session = try AppSession(options: options)
        _ = session.pump(until: { !session.process.isRunning }, timeout: .seconds(20))
        #expect(waitForExit(session.process) == 1)
        #expect(session.log.contains("does not offer xdg_wm_base"), "\(session.log)")
    }
}
