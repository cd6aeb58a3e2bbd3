import Foundation
import Testing
import WaylandTestSupport

/// The window's document deleted or replaced while it is open (a file manager, a sync tool): the window says what
/// happened, and every stroke reaches a file — the one at its place again, or a copy beside a file that replaced it.
@Suite(.serialized) struct MovedDocumentWindowTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-moved-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aDocumentDeletedUnderTheWindowIsSavedAgainAtItsPlace() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("drawing.maliang")
        let session = try AppSession.withTablet(arguments: [file.path])
        try session.pen(points((50, 200), (1200, 200)), pressure: 0.6)
        session.settle(.milliseconds(300))
        try FileManager.default.removeItem(at: file)
        try session.pen(points((50, 400), (1200, 400)), pressure: 0.6)
        #expect(session.pump(until: { session.log.contains("was deleted while open") }), "\(session.log)")
        #expect(session.terminate() == 0, "\(session.log)")
        #expect(try maliang(["info", file.path]).output.contains("strokes: 2"))
    }

    @Test func aDocumentDeletedAfterTheLastStrokeIsSavedAgainOnClosing() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("drawing.maliang")
        let session = try AppSession.withTablet(arguments: [file.path])
        try session.pen(points((50, 200), (1200, 200)), pressure: 0.6)
        session.settle(.milliseconds(300))
        try FileManager.default.removeItem(at: file)
        #expect(session.terminate() == 0, "\(session.log)")
        #expect(try maliang(["info", file.path]).output.contains("strokes: 1"))
    }

    @Test func aDocumentReplacedUnderTheWindowIsLeftAloneAndTheDrawingGoesOnInACopy() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("drawing.maliang")
        let session = try AppSession.withTablet(arguments: [file.path])
        #expect(session.compositor.focusedToplevel?.title == "drawing — MaLiang")
        try session.pen(points((50, 200), (1200, 200)), pressure: 0.6)
        session.settle(.milliseconds(300))
        let other = folder.appendingPathComponent("incoming")
        try Data("a file from elsewhere".utf8).write(to: other)
        #expect(rename(other.path, file.path) == 0)
        try session.pen(points((50, 400), (1200, 400)), pressure: 0.6)
        #expect(session.pump(until: { session.log.contains("was replaced by another file") }), "\(session.log)")
        // The title names the document the drawing goes on in.
        #expect(session.pump(until: { session.compositor.focusedToplevel?.title == "drawing-2 — MaLiang" }))
        #expect(session.terminate() == 0, "\(session.log)")
        #expect(try Data(contentsOf: file) == Data("a file from elsewhere".utf8))
        let copy = folder.appendingPathComponent("drawing-2.maliang")
        #expect(try maliang(["info", copy.path]).output.contains("strokes: 2"))
    }
}
