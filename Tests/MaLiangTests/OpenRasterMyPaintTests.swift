import Foundation
import MaLiangStore
import PNGCodec
import Testing
import WaylandTestSupport

@testable import MaLiang

/// MyPaint 2.0 as an OpenRaster peer, through its own document library (`Resources/openraster/mypaint-peer.py`,
/// Debian's `mypaint` package): it reads the layers MaLiang writes as they are meant, and a file it writes comes into
/// MaLiang. MyPaint composes in linear light (its files say `mypaint:eotf="2.2"`) and keeps groups isolated, so
/// pictures are compared where both agree on the arithmetic: opaque normal layers, soft edges aside.
@Suite(.serialized, .disabled(if: Sanitizer.addressIsOn, "MyPaint's time is not the sanitizer's to spend"))
struct OpenRasterMyPaintTests {
    let peer = Bundle.module.bundleURL.appendingPathComponent("Resources/openraster/mypaint-peer.py")

    /// Runs the peer; nil (and the test failed) when MyPaint is not installed or fails.
    func myPaint(_ arguments: [String]) throws -> Bool {
        guard FileManager.default.fileExists(atPath: "/usr/lib/mypaint/lib/document.py") else {
            Issue.record("MyPaint is needed (meson-helpers/test installs it)")
            return false
        }
        let run = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"), [peer.path] + arguments)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        return run.status == 0
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-mypaint-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A 320×240 drawing of opaque normal layers: blue paper, two hard lines on two layers.
    func plainDrawing(at url: URL) throws {
        let canvas = try Canvas(file: url, size: Size(width: 320, height: 240))
        canvas.paper = Color(red: 0.2, green: 0.4, blue: 0.7)
        let hard = Brush(name: "hard", hardness: 1, opacity: 1, pointSize: 16, pointStep: 1)
        canvas.draw(
            (0...28).map { InputSample(position: Point(x: 20 + Double($0) * 10, y: 60), pressure: 1) },
            with: .brush(hard))
        _ = try #require(canvas.addLayer())
        var orange = hard
        orange.color = Color(red: 1, green: 0.6, blue: 0.1)
        canvas.draw(
            (0...20).map { InputSample(position: Point(x: 160, y: 20 + Double($0) * 10), pressure: 1) },
            with: .brush(orange))
    }

    /// Pixels more than `tolerance` apart, leaving out those next to an edge of `reference` (where linear-light and
    /// sRGB antialiasing differ).
    func differing(_ a: PNGImage, _ reference: PNGImage, tolerance: Double) -> Int {
        var count = 0
        func same(
            _ p: (red: Double, green: Double, blue: Double, alpha: Double),
            _ q: (red: Double, green: Double, blue: Double, alpha: Double)
        ) -> Bool {
            max(abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue), abs(p.alpha - q.alpha)) <= tolerance
        }
        for y in 1..<(reference.height - 1) {
            for x in 1..<(reference.width - 1) {
                let here = reference.rgba(x: x, y: y)
                let flat = [(-1, 0), (1, 0), (0, -1), (0, 1)].allSatisfy { dx, dy in
                    same(reference.rgba(x: x + dx, y: y + dy), here)
                }
                if flat && !same(a.rgba(x: x, y: y), here) { count += 1 }
            }
        }
        return count
    }

    @Test func myPaintReadsOurLayersAsTheyAreMeant() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = folder.appendingPathComponent("layers.maliang")
        try OpenRasterExportTests().makeDrawing(at: drawing)
        let ora = folder.appendingPathComponent("layers.ora")
        #expect(try maliang(["export", drawing.path, "-o", ora.path]).status == 0)
        let described = folder.appendingPathComponent("layers.txt")
        guard try myPaint(["describe", ora.path, described.path]) else { return }
        let lines = try String(contentsOf: described, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Placed images\tsvg:src-over\t1.000\tTrue\tFalse",
                "Glaze\tsvg:overlay\t1.000\tFalse\tFalse",
                "Ink & <wash>\tsvg:multiply\t0.600\tTrue\tTrue",
                "Layer 1\tsvg:src-over\t1.000\tTrue\tFalse",
                "Paper\tsvg:src-over\t1.000\tTrue\tTrue",
            ], "\(lines)")

        // Opaque normal layers: MyPaint's flattening is MaLiang's render, edges aside.
        let plain = folder.appendingPathComponent("plain.maliang")
        try plainDrawing(at: plain)
        let plainORA = folder.appendingPathComponent("plain.ora")
        #expect(try maliang(["export", plain.path, "-o", plainORA.path]).status == 0)
        let flattened = folder.appendingPathComponent("mypaint.png")
        guard try myPaint(["flatten", plainORA.path, flattened.path, "320", "240"]) else { return }
        let ours = folder.appendingPathComponent("ours.png")
        #expect(try maliang(["render", plain.path, "-o", ours.path]).status == 0)
        let theirs = try PNG.decode(try Data(contentsOf: flattened), depth: .eight)
        let expected = try PNG.decode(try Data(contentsOf: ours), depth: .eight)
        #expect(theirs.width == 320 && theirs.height == 240)
        let count = differing(theirs, expected, tolerance: 2.5 / 255)
        #expect(count == 0, "\(count) pixels differ from MyPaint's flattening away from edges")
    }

    @Test func aFileMyPaintWroteComesIn() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.maliang")
        try plainDrawing(at: plain)
        let ora = folder.appendingPathComponent("plain.ora")
        #expect(try maliang(["export", plain.path, "-o", ora.path]).status == 0)
        let written = folder.appendingPathComponent("mypaint-written.ora")
        guard try myPaint(["resave", ora.path, written.path]) else { return }
        let imported = folder.appendingPathComponent("imported.maliang")
        let run = try maliang(["import", written.path, "-o", imported.path])
        #expect(run.status == 0, "\(run.output)")
        let file = try DocumentFile.open(at: imported, readOnly: true)
        let document = file.document
        file.close()
        // MyPaint adds its own white "background" layer at the bottom, which becomes the paper; our paper layer
        // stays locked; MyPaint grows the page to whole 64-pixel tiles.
        #expect(document.layers.map(\.name) == ["Paper", "Layer 1", "Layer 2"], "\(document.layers.map(\.name))")
        #expect(document.layers.first?.isLocked == true && document.background == .white)
        #expect(document.size == Size(width: 320, height: 256))
        let ours = folder.appendingPathComponent("ours.png")
        #expect(try maliang(["render", imported.path, "-o", ours.path, "--area", "0,0,320,240"]).status == 0)
        let flattened = folder.appendingPathComponent("mypaint.png")
        guard try myPaint(["flatten", written.path, flattened.path, "320", "240"]) else { return }
        let theirs = try PNG.decode(try Data(contentsOf: flattened), depth: .eight)
        let expected = try PNG.decode(try Data(contentsOf: ours), depth: .eight)
        let count = differing(expected, theirs, tolerance: 2.5 / 255)
        #expect(count == 0, "\(count) pixels differ from MyPaint's flattening away from edges")
    }
}
