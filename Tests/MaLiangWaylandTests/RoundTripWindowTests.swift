import Foundation
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// Everything a user can put in a document through the window — pen, eraser, mouse and finger strokes, the
/// stickers brush, inserted, pasted and dropped images, images moved, scaled and turned, Delete, clear, undo,
/// redo — then the session ends by closing, by SIGTERM, or by SIGKILL after the last pen-up. The file must
/// reopen, `maliang info` must count what was made, and `maliang render` must show what the window showed.
@Suite(.serialized) struct RoundTripWindowTests {
    enum Ending: String, CaseIterable, Sendable {
        case close, terminate, kill
    }

    /// evdev key codes.
    enum Key {
        static let one: UInt32 = 2
        static let eight: UInt32 = 9
        static let z: UInt32 = 44
        static let v: UInt32 = 47
        static let delete: UInt32 = 111
    }

    static let control: UInt32 = 4
    static let controlShift: UInt32 = 5
    /// The toolbar's height, logical pixels: document y = window y − 48 at the starting view.
    static let top = 48

    @Test(arguments: Ending.allCases) func everythingMadeInTheWindowIsInTheFile(ending: Ending) throws {
        let inserted = try temporaryPNG(width: 100, height: 60, rgba: [230, 20, 20, 255])
        let dropped = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-drop-\(UUID()).png")
        try Data(contentsOf: try temporaryPNG(width: 50, height: 50, rgba: [20, 160, 40, 255])).write(to: dropped)
        defer { for file in [inserted, dropped] { try? FileManager.default.removeItem(at: file) } }
        let session = try AppSession.withTablet(arguments: ["--insert", inserted.path])

        // The inserted image, selected in the middle of the canvas area (640, 424): moved with the pen, scaled and
        // turned at its bottom-right corner with the mouse, spread with two fingers.
        try session.pen(points((640, 424), (840, 424)), pressure: 0.5)
        try session.mouse(points((890, 454), (930, 494), count: 8))
        session.pastPalmRejection()  // past palm rejection after the pen
        try session.finger(points((830, 424), (810, 424), count: 6), second: points((850, 424), (870, 424), count: 6))
        // A right click on empty paper selects nothing.
        try session.mouse([(100, 700)], button: 0x111)

        try session.pen(points((100, 150), (700, 160)), pressure: 0.9)
        try session.pen(points((400, 100), (410, 220)), tool: "eraser", pressure: 1)
        try session.mouse(points((100, 250), (600, 270)))
        session.pastPalmRejection()
        try session.finger(points((100, 600), (500, 640)))

        // Pasted, deleted, undone, redone: gone again, its image kept in the file.
        let pasted = try PNG.encode(PNGImage(width: 30, height: 30, pixels: .rgba8(.init(repeating: 90, count: 3600))))
        try session.compositor.setSelection(["image/png": [UInt8](pasted)])
        session.settle(.milliseconds(100))
        try session.key(Key.v, modifiers: Self.control)
        session.settle(.milliseconds(300))
        try session.key(Key.delete)
        try session.key(Key.z, modifiers: Self.control)
        try session.key(Key.z, modifiers: Self.controlShift)

        try session.compositor.drop(["text/uri-list": Array("\(dropped.absoluteString)\r\n".utf8)], x: 300, y: 480)
        session.settle(.milliseconds(300))
        try session.key(Key.eight)  // the stickers brush
        try session.pen(points((100, 720), (600, 720)), pressure: 1)
        try session.key(Key.delete, modifiers: Self.control)  // clear…
        try session.key(Key.z, modifiers: Self.control)  // …undone
        try session.key(Key.one)
        try session.pen(points((900, 350), (1200, 380)), pressure: 0.7)
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        let lastFrame = try #require(session.image)

        let status: Int32
        switch ending {
        case .close:
            session.compositor.close(try #require(session.compositor.focusedToplevel))
            _ = session.pump(until: { !session.process.isRunning })
            status = waitForExit(session.process)
        case .terminate: status = session.terminate()
        case .kill: status = session.kill()
        }
        #expect(status == (ending == .kill ? SIGKILL : 0), "\(session.log)")

        let file = session.documentURL.path
        // Closing or terminating keeps the paint in the file for a quick reopening; a killed window cannot.
        let opened = try DocumentFile.open(at: URL(fileURLWithPath: file), readOnly: true)
        #expect((opened.paintKey() != nil) == (ending != .kill))
        // …and previews for thumbnails, which then come without reading the drawing.
        #expect(opened.hasPreview == (ending != .kill))
        opened.close()
        let thumbnailPath = session.documentURL.deletingPathExtension().path + "-thumbnail.png"
        defer { try? FileManager.default.removeItem(atPath: thumbnailPath) }
        let thumbnail = try maliang(["thumbnail", file, thumbnailPath, "256"])
        let source = ending == .kill ? "from the drawing" : "from the kept preview"
        #expect(thumbnail.status == 0 && thumbnail.output.contains(source), "\(thumbnail.output)")
        let info = try maliang(["info", file])
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.contains("strokes: 6"), "\(info.output)")
        #expect(info.output.contains("chartlets: 2"), "\(info.output)")
        #expect(info.output.contains("images: 3"), "\(info.output)")
        #expect(!info.output.contains("left out"), "\(info.output)")

        let (image, rendered) = try session.render(file)
        // The window's canvas area (toolbar above, status strip below) against the same document pixels.
        let comparison = FrameComparison(
            frame: lastFrame, render: image, top: Self.top, width: 1280, height: 800 - Self.top - 28, tolerance: 3)
        #expect(comparison.differing <= comparison.compared / 2000, "\(comparison)")
        if ProcessInfo.processInfo.environment["MALIANG_KEEP_FRAMES"] != nil {
            try lastFrame.writePNG(to: "/tmp/roundtrip-frame-\(ending).png")
            try Data(contentsOf: rendered).write(to: URL(fileURLWithPath: "/tmp/roundtrip-render-\(ending).png"))
        }
    }
}
