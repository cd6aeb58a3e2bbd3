import Foundation
import MaLiangCore
import MaLiangStore
import Testing
import WaylandTestSupport

/// A document that cannot be read never keeps the window from opening: it says what is wrong, leaves the file as it
/// is, and the drawing goes on in a new document beside it.
@Suite(.serialized) struct UnreadableDocumentWindowTests {
    /// A 640×480 drawing of 40 strokes across it at `url` (its paint not kept).
    static func writeDrawing(at url: URL) throws {
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        for index in 0..<40 {
            let samples = (0...50).map { InputSample(position: Point(x: Double($0) * 10, y: Double(index) * 10)) }
            try file.write(
                file.document.append(
                    .stroke(
                        Stroke(
                            id: file.document.makeElementID(), brush: .brush(Brush()), seed: 1, samples: samples))))
        }
        file.close()
    }

    /// Bytes that are not a drawing, and a drawing cut in half.
    static func unreadable(in folder: URL) throws -> [Data] {
        let whole = folder.appendingPathComponent("whole.maliang")
        try writeDrawing(at: whole)
        let bytes = try Data(contentsOf: whole)
        try FileManager.default.removeItem(at: whole)
        return [Data("a shopping list, not a drawing\n".utf8), bytes.prefix(bytes.count / 2)]
    }

    @Test(arguments: [0, 1])
    func theWindowOpensANewDrawingBesideItAndSaysWhy(kind: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-unreadable-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let damaged = folder.appendingPathComponent("drawing.maliang")
        let bytes = try Self.unreadable(in: folder)[kind]
        try bytes.write(to: damaged)

        let session = try AppSession.withTablet(arguments: [damaged.path], dataHome: folder)
        #expect(session.pump(until: { session.log.contains("drawing.maliang cannot be opened") }), "\(session.log)")
        #expect(session.compositor.focusedToplevel?.title == "drawing-2 — MaLiang")
        try session.pen(points((100, 300), (600, 300)), pressure: 0.8)
        #expect(session.pump(until: { session.image?.darkRows(x: 300).isEmpty == false }, timeout: .seconds(5)))

        // Closing says again what happened, with a failing status; the damaged file is as it was.
        #expect(session.terminate() == 1)
        #expect(session.log.contains("this is a new drawing"), "\(session.log)")
        #expect(try Data(contentsOf: damaged) == bytes)
        let fresh = try DocumentFile.open(at: folder.appendingPathComponent("drawing-2.maliang"))
        defer { fresh.close() }
        #expect(fresh.document.elements.count == 1)
    }
}
