import Foundation
import MaLiangStore
import Testing
import WaylandTestSupport

/// `Examples/TabletCanvas`: a program of its own that embeds the canvas in its xdg_toplevel, built against the
/// package's products only and painted with the scripted compositor's tablet.
/// (Not under AddressSanitizer: the example is built on its own, without the sanitizer; the window code it embeds
/// is covered by the other window tests.)
@Suite(.serialized, .disabled(if: Sanitizer.addressIsOn, "the example is built without the sanitizer"))
struct TabletCanvasExampleTests {
    @Test func itPaintsWithAPenErasesWithTheEraserEndAndSavesEveryStroke() throws {
        let program = try PackageBuild.executable("tablet-canvas", in: "Examples/TabletCanvas")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablet-canvas-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = folder.appendingPathComponent("drawing.maliang")
        let session = try AppSession.withTablet(arguments: [drawing.path], dataHome: folder, executable: program)

        // The pencil's line breaks up on the paper's grain: a few columns together show it.
        func darkRows(_ columns: Range<Int>) -> [Int] {
            guard let image = session.image else { return [] }
            return Set(columns.flatMap { image.darkRows(x: $0, fromY: 0) }).sorted()
        }
        // A frame committed while the last events were on their way may not show them yet: wait for one that does.
        try session.pen(points((100, 200), (500, 200)), pressure: 1)
        #expect(session.pump(until: { !darkRows(290..<310).isEmpty }, timeout: .seconds(5)))
        // No toolbar: the stroke is where the pen went, from the window's top-left.
        let rows = darkRows(290..<310)
        #expect(!rows.isEmpty && rows.allSatisfy { abs($0 - 200) < 12 }, "dark rows \(rows)")

        try session.pen(points((250, 200), (350, 200)), tool: "eraser", pressure: 1)
        #expect(session.pump(until: { darkRows(290..<310).isEmpty }, timeout: .seconds(5)))
        #expect(!darkRows(140..<160).isEmpty)

        _ = session.terminate()
        let file = try DocumentFile.open(at: drawing)
        defer { file.close() }
        #expect(file.document.elements.count == 2, "\(session.log)")
    }
}
