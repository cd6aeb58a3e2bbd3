import Foundation
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// Input a compositor should not send, and commands that must not destroy earlier work.
@Suite(.serialized) struct HostileInputWindowTests {
    @Test func keyCodesNoKeyboardHasAndAxesBeyondTheirRangesAreHarmless() throws {
        let session = try AppSession.withTablet()
        try session.compositor.sendKeyboard([
            .enter, .key(UInt32.max, pressed: true), .key(UInt32.max - 7, pressed: true),
            .key(UInt32.max - 8, pressed: true),
        ])
        try session.compositor.sendToolFrame(
            tool: "pen",
            [.proximityIn(tablet: "t1"), .motion(x: 1e30, y: -1e30), .tilt(x: 1e30, y: .nan), .rotation(.infinity)])
        try session.compositor.sendToolFrame(tool: "pen", [.down, .pressure(UInt32.max)])
        try session.compositor.sendToolFrame(tool: "pen", [.motion(x: 300, y: 300), .pressure(UInt32.max)])
        try session.compositor.sendToolFrame(tool: "pen", [.motion(x: 400, y: 300)])
        try session.compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        session.settle()
        #expect(session.process.isRunning, "\(session.log)")
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// Without a portal (no session bus here), an export goes beside the drawing, never over an earlier one.
    @Test func exportingTwiceWithoutAPortalKeepsTheFirstExport() throws {
        let session = try AppSession.withTablet()
        try session.pen(points((100, 300), (600, 300)), pressure: 1)
        // Ctrl+Shift+E (evdev E = 18), twice.
        try session.key(18, modifiers: 5)
        session.settle(.milliseconds(500))
        try session.key(18, modifiers: 5)
        #expect(session.pump(until: { session.log.components(separatedBy: "Exported").count == 3 }), "\(session.log)")
        #expect(session.log.contains("(no file dialog: "), "\(session.log)")
        #expect(session.terminate() == 0)
        let folder = session.documentURL.deletingLastPathComponent()
        let exports = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(exports.sorted() == ["autosave-2.png", "autosave.png"], "\(exports)")
    }
}

@Suite(.serialized) struct TwoWindowsTests {
    /// Two windows on one file never both write it: the second works on a copy and says so.
    @Test func aSecondWindowOnTheSameFileWorksOnACopy() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-two-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try AppSession.withTablet(dataHome: home)
        try first.pen(points((100, 200), (500, 200)), pressure: 1)
        first.settle()
        let second = try AppSession.withTablet(dataHome: home)
        #expect(second.pump(until: { second.log.contains("open in another window") }), "\(second.log)")
        try second.pen(points((100, 400), (500, 400)), pressure: 1)
        try first.pen(points((100, 600), (500, 600)), pressure: 1)
        first.settle()
        second.settle()
        #expect(second.terminate() == 0, "\(second.log)")
        #expect(first.terminate() == 0, "\(first.log)")
        let folder = home.appendingPathComponent("maliang")
        let original = try DocumentFile.open(at: folder.appendingPathComponent("autosave.maliang"))
        let copy = try DocumentFile.open(at: folder.appendingPathComponent("autosave-2.maliang"))
        #expect(original.document.elements.count == 2)
        #expect(copy.document.elements.count == 2)
    }
}
