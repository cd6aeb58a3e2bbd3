import Foundation
import MaLiangStore
import PNGCodec
import Testing
import WaylandTestSupport

@testable import MaLiang

/// `maliang import IN.ora` and `maliang render IN.ora`: OpenRaster files — our own export and files Krita wrote —
/// come in as layers holding their pixels, blended as the file means, and render as their writer flattened them.
@Suite(.serialized)
struct OpenRasterImportTests {
    let fixtures = Bundle.module.bundleURL.appendingPathComponent("Resources/openraster")

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-ora-in-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// How far two pictures of the same size are apart: the largest channel difference, and how many pixels
    /// differ by more than `tolerance`.
    func difference(_ a: PNGImage, _ b: PNGImage, tolerance: Double = 3.5 / 255) -> (largest: Double, over: Int) {
        var largest = 0.0
        var over = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (a.rgba(x: x, y: y), b.rgba(x: x, y: y))
                let difference = max(
                    abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue), abs(p.alpha - q.alpha))
                largest = max(largest, difference)
                if difference > tolerance { over += 1 }
            }
        }
        return (largest, over)
    }

    func render(_ document: URL, in folder: URL, named name: String) throws -> PNGImage {
        let output = folder.appendingPathComponent(name)
        let run = try maliang(["render", document.path, "-o", output.path])
        #expect(run.status == 0, "\(run.output)")
        return try PNG.decode(try Data(contentsOf: output), depth: .eight)
    }

    /// A drawing of three layers — multiplied, faded, locked, hidden, a sticker, coloured paper — exported and
    /// imported again keeps its layers and renders as before.
    @Test func ourExportComesBackAsItWas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = folder.appendingPathComponent("layers.maliang")
        try OpenRasterExportTests().makeDrawing(at: drawing)
        let ora = folder.appendingPathComponent("layers.ora")
        #expect(try maliang(["export", drawing.path, "-o", ora.path]).status == 0)
        let imported = folder.appendingPathComponent("imported.maliang")
        let run = try maliang(["import", ora.path, "-o", imported.path])
        #expect(run.status == 0, "\(run.output)")
        let file = try DocumentFile.open(at: imported, readOnly: true)
        let document = file.document
        #expect(file.hasPreview, "stamped at import: previews kept")
        file.close()
        // A multiplied layer is shown: MaLiang's paper, under the composed layers, would not be multiplied, so the
        // paper stays the layer the file has, on a transparent page. The placed images are a layer of their own.
        #expect(document.background.alpha == 0)
        #expect(document.layers.map(\.name) == ["Paper", "Layer 1", "Ink & <wash>", "Glaze", "Placed images"])
        #expect(document.layers[0].isLocked)
        let ink = document.layers[2]
        #expect(ink.blend == .multiply && abs(ink.opacity - 0.6) < 0.001 && ink.isLocked && ink.isVisible)
        #expect(document.layers[3].blend == .overlay && !document.layers[3].isVisible)
        #expect(document.elements.count == 5, "one picture a layer")

        let before = try render(drawing, in: folder, named: "before.png")
        let after = try render(imported, in: folder, named: "after.png")
        let direct = try render(ora, in: folder, named: "direct.png")
        // Tolerance: 3/255 a channel (each layer rounded to 8 bits in the file before it is blended again, and the
        // multiplied red now multiplied by the cream paper too: 0.6 × 0.14 × 0.1); more on at most 0.5 % of the
        // pixels (the blends' arithmetic along soft edges).
        for (name, picture) in [("imported", after), ("rendered from the .ora", direct)] {
            let (largest, over) = difference(before, picture)
            #expect(over <= before.width * before.height / 200, "\(name): \(over) pixels differ, at most \(largest)")
        }
    }

    /// With only normal layers over it, the exported paper is paper again, and the page is what it was.
    @Test func normalLayersGetTheirPaperBack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = folder.appendingPathComponent("plain.maliang")
        do {
            // Closed (and saved) when it goes.
            let canvas = try Canvas(file: drawing, size: Size(width: 200, height: 120))
            canvas.paper = Color(red: 0.2, green: 0.4, blue: 0.6)
            canvas.draw(
                (0...30).map { InputSample(position: Point(x: 20 + Double($0) * 5, y: 60), pressure: 0.8) },
                with: .brush(Brush(name: "line", opacity: 1, pointSize: 12, pointStep: 1)))
        }
        let ora = folder.appendingPathComponent("plain.ora")
        #expect(try maliang(["export", drawing.path, "-o", ora.path]).status == 0)
        let imported = folder.appendingPathComponent("imported.maliang")
        let run = try maliang(["import", ora.path, "-o", imported.path])
        #expect(run.status == 0 && run.output.contains("“Paper”, one colour over the whole page, became the paper"))
        let file = try DocumentFile.open(at: imported, readOnly: true)
        #expect(file.document.layers.map(\.name) == ["Layer 1"])
        #expect(abs(file.document.background.blue - 0.6) < 1 / 255 && file.document.background.alpha == 1)
        file.close()
        let (largest, over) = difference(
            try render(drawing, in: folder, named: "before.png"), try render(imported, in: folder, named: "after.png"))
        #expect(over == 0, "\(over) pixels differ, at most \(largest)")
    }

    /// A file Krita 5.1 wrote (meson-helpers/make-openraster-fixtures): layers cropped and offset, a group, multiply,
    /// screen, overlay, a hidden and a locked layer, and color-dodge, which MaLiang lacks. Rendered, it is Krita's
    /// own flattening within 3/255 everywhere but under the color-dodge layer, which comes in normal, as said.
    @Test func aFileKritaWroteRendersAsKritaFlattensIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ora = fixtures.appendingPathComponent("krita-written.ora")
        let imported = folder.appendingPathComponent("krita.maliang")
        let run = try maliang(["import", ora.path, "-o", imported.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("“Dodge” blends as svg:color-dodge, which MaLiang cannot show"))
        #expect(run.output.contains("1 layer group was opened"))
        // maliang info tells the same before anything is imported.
        let info = try maliang(["info", ora.path])
        #expect(info.status == 0 && info.output.contains("format: OpenRaster"), "\(info.output)")
        #expect(info.output.contains("Shadow (multiply, 80 %): 1 element") && info.output.contains("svg:color-dodge"))
        let file = try DocumentFile.open(at: imported, readOnly: true)
        let document = file.document
        file.close()
        #expect(document.layers.map(\.name) == ["Paper", "Wash", "Shadow", "Glint", "Band", "Dodge", "Notes"])
        #expect(document.layers.map(\.blend) == [.normal, .normal, .multiply, .screen, .overlay, .normal, .normal])
        #expect(document.layers[1].isLocked && !document.layers[6].isVisible)
        // The group's 0.8 is carried into its layers.
        #expect(abs(document.layers[3].opacity - 0.4) < 0.01 && abs(document.layers[2].opacity - 0.8) < 0.01)

        let ours = try render(imported, in: folder, named: "ours.png")
        let krita = try PNG.decode(
            try Data(contentsOf: fixtures.appendingPathComponent("krita-flattened.png")), depth: .eight)
        #expect(ours.width == krita.width && ours.height == krita.height)
        var over = 0
        var largest = 0.0
        for y in 0..<ours.height {
            for x in 0..<ours.width where !((250...305).contains(x) && (170...225).contains(y)) {
                let (p, q) = (ours.rgba(x: x, y: y), krita.rgba(x: x, y: y))
                let difference = max(
                    abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue), abs(p.alpha - q.alpha))
                largest = max(largest, difference)
                if difference > 3.5 / 255 { over += 1 }
            }
        }
        #expect(over == 0, "\(over) pixels differ from Krita's, at most \(largest)")
        // Under the color-dodge layer: normal blending shows its orange, where Krita's dodge over white is white.
        let dodged = ours.rgba(x: 275, y: 195)
        #expect(dodged.red > 0.7 && dodged.blue < 0.3)
    }
}
