import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import Testing
import WaylandTestSupport

/// `maliang picture.ora` (and Open, which starts it): the file is imported into a new drawing among the user's
/// drawings, the window shows it, and the `.ora` is left as it is; one that cannot be read is said, with a failing
/// status, and the window opens on a new drawing.
@Suite(.serialized) struct OpenRasterWindowTests {
    /// A 900×600 OpenRaster file: white paper, and a dark blue band on a multiplied layer "Ink".
    static func picture() throws -> Data {
        let paper = PNGImage(width: 900, height: 600, pixels: .rgba8([UInt8](repeating: 255, count: 900 * 600 * 4)))
        let band = PNGImage(
            width: 600, height: 60,
            pixels: .rgba8(Array([[UInt8]](repeating: [20, 20, 120, 255], count: 600 * 60).joined())))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-ora-window-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("picture.ora")
        try OpenRasterWriter.write(
            to: url, width: 900, height: 600,
            layers: [
                OpenRasterLayer(name: "Ink", png: try PNG.encode(band), x: 100, y: 270, compositeOp: "svg:multiply"),
                OpenRasterLayer(name: "Paper", png: try PNG.encode(paper)),
            ], merged: try PNG.encode(paper), thumbnail: try PNG.encode(band))
        return try Data(contentsOf: url)
    }

    @Test(arguments: [true, false])
    func anOpenRasterFileOpensAsANewDrawing(readable: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-ora-open-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ora = folder.appendingPathComponent("picture.ora")
        let bytes = readable ? try Self.picture() : Data("PK\u{3}\u{4} not really a zip".utf8)
        try bytes.write(to: ora)

        let session = try AppSession.withTablet(arguments: [ora.path], dataHome: folder)
        let imported = folder.appendingPathComponent("maliang/picture.maliang")
        if readable {
            #expect(
                session.pump(until: { session.log.contains("picture.ora is imported as a new drawing") }),
                "\(session.log)")
            #expect(session.compositor.focusedToplevel?.title == "picture — MaLiang")
            #expect(
                session.pump(until: { session.image?.darkRows(x: 300).isEmpty == false }, timeout: .seconds(5)),
                "the band shows")
            #expect(session.terminate() == 0, "\(session.log)")
            let file = try DocumentFile.open(at: imported, readOnly: true)
            defer { file.close() }
            #expect(file.document.layers.map(\.name) == ["Paper", "Ink"])
            #expect(file.document.layers[1].blend == .multiply)
        } else {
            #expect(session.pump(until: { session.log.contains("picture.ora cannot be imported") }), "\(session.log)")
            #expect(session.compositor.focusedToplevel?.title == "picture — MaLiang")
            #expect(session.terminate() == 1, "\(session.log)")
            let file = try DocumentFile.open(at: imported, readOnly: true)
            #expect(file.document.elements.isEmpty)
            file.close()
        }
        #expect(try Data(contentsOf: ora) == bytes, "the .ora is left as it was")
    }
}
