import Foundation
import MaLiangCore
import MaLiangStore
import Testing
import WaylandTestSupport

/// Strokes whose samples cannot be read from the file once it is open (a failing disk) are said in the window as
/// they are found, and again at close with a failing status; the window goes on, and the file keeps them.
@Suite(.serialized) struct UnreadableStrokesWindowTests {
    @Test func strokesThatCannotBeReadAreSaidAndCloseFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-unread-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("drawing.maliang")
        try UnreadableDocumentWindowTests.writeDrawing(at: url)

        // The drawing is stamped as it opens: the first ten strokes read, the other thirty fail.
        let session = try AppSession.withTablet(
            arguments: [url.path], dataHome: folder, environment: ["MALIANG_TEST_UNREADABLE_SAMPLES_AFTER": "10"])
        #expect(
            session.pump(until: { session.log.contains("30 strokes could not be read from \(url.path)") }),
            "\(session.log)")
        #expect(session.log.contains("they are not shown"))
        // The window goes on: a stroke paints, and is saved.
        try session.pen(points((100, 440), (600, 440)), pressure: 0.8)
        #expect(session.pump(until: { session.image?.darkRows(x: 300, fromY: 430).isEmpty == false }))

        #expect(session.terminate() == 1)
        #expect(session.log.contains("(still in the file)"), "\(session.log)")
        let reopened = try DocumentFile.open(at: url)
        defer { reopened.close() }
        #expect(reopened.document.elements.count == 41)
        for case .stroke(let stroke) in reopened.document.elements { #expect(Array(stroke.samples).count > 1) }
        #expect(reopened.unreadableStrokes.isEmpty)
    }
}
