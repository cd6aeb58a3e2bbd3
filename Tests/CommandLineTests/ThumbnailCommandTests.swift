import Foundation
import MaLiangStore
import PNGCodec
import Testing
import WaylandTestSupport

/// `maliang thumbnail IN OUT SIZE`, as file managers run it: a PNG that fits SIZE, or a clear error and an exit
/// status that says so, with OUT left as it was.
@Suite struct ThumbnailCommandTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-thumbnail-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aDrawingWithoutAPreviewIsRenderedToFitAndNeverEnlarged() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 64×48, one black line from (5, 5) to (50, 40).
        let url = try makeSmallDrawing(at: folder.appendingPathComponent("small.maliang"))
        let out = folder.appendingPathComponent("out.png")
        let half = try maliang(["thumbnail", url.path, out.path, "32"])
        #expect(half.status == 0 && half.output.contains("thumbnail 32×24") && half.output.contains("from the drawing"))
        let image = try PNG.decode(try Data(contentsOf: out), depth: .eight)
        #expect(image.width == 32 && image.height == 24)
        #expect(image.rgba(x: 14, y: 11).red < 0.5, "the line, halved")
        #expect(image.rgba(x: 28, y: 4).red > 0.95, "the paper")
        // A larger size than the page gets the page's own.
        let large = try maliang(["thumbnail", url.path, out.path, "256"])
        #expect(large.status == 0 && large.output.contains("thumbnail 64×48"), "\(large.output)")
        // Nothing is written into the drawing: a thumbnailer only reads.
        let file = try DocumentFile.open(at: url, readOnly: true)
        #expect(!file.hasPreview)
        file.close()
    }

    @Test func wrongArgumentsAndFilesAreClearErrorsThatLeaveTheOutputAlone() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try makeSmallDrawing(at: folder.appendingPathComponent("small.maliang"))
        let out = folder.appendingPathComponent("out.png")
        try Data("what was there".utf8).write(to: out)
        let notes = folder.appendingPathComponent("notes.maliang")
        try Data("a shopping list\n".utf8).write(to: notes)
        let cases: [([String], Int32, String)] = [
            ([url.path, out.path], 2, "usage: maliang thumbnail"),
            ([url.path, out.path, "0"], 2, "SIZE is the longest side"),
            ([url.path, out.path, "big"], 2, "SIZE is the longest side"),
            ([url.path, out.path, "100000"], 2, "SIZE is the longest side"),
            ([folder.appendingPathComponent("missing.maliang").path, out.path, "128"], 1, "does not exist"),
            ([notes.path, out.path, "128"], 1, "notes.maliang"),
            ([url.path, folder.appendingPathComponent("no/such/folder.png").path, "128"], 1, "no/such/folder"),
        ]
        for (arguments, status, says) in cases {
            let run = try maliang(["thumbnail"] + arguments)
            #expect(run.status == status && run.output.contains(says), "\(arguments): \(run.output)")
            #expect(!run.output.contains("Fatal error"), "\(run.output)")
        }
        #expect(try Data(contentsOf: out) == Data("what was there".utf8))
    }
}
