import Foundation
import PNGCodec
import Testing
import WaylandTestSupport

@testable import MaLiang

/// `maliang export FILE -o OUT.ora`: a drawing with layers of every kind — blended, faded, hidden, locked, with a
/// placed image and a coloured paper — opened by Krita, which flattens it to what MaLiang's own render shows. (Not
/// under AddressSanitizer: Krita's half is not instrumented, and the window's OpenRaster export runs there.)
@Suite(.serialized, .disabled(if: Sanitizer.addressIsOn, "Krita's time is not the sanitizer's to spend"))
struct OpenRasterExportTests {
    let resources = Bundle.module.bundleURL.appendingPathComponent("Resources")
    let thick = Brush(name: "thick", hardness: 1, opacity: 1, pointSize: 30, pointStep: 1)

    /// A 600×400 drawing on cream paper: a black line on the first layer, a red one crossing it on a locked layer
    /// multiplied at 60 % with a sticker, a blue one on a hidden overlay layer.
    func makeDrawing(at url: URL) throws {
        let canvas = try Canvas(file: url, size: Size(width: 600, height: 400))
        canvas.paper = Color(red: 1, green: 0.96, blue: 0.86)
        canvas.draw(line(y: 200, from: 40, to: 560), with: .brush(thick))
        let ink = try #require(canvas.addLayer())
        var red = thick
        red.color = Color(red: 0.9, green: 0.1, blue: 0.1)
        canvas.draw(
            (0...20).map { InputSample(position: Point(x: 300, y: 30 + Double($0) * 17), pressure: 1) },
            with: .brush(red))
        let sticker = try canvas.makeTexture(
            with: try Data(contentsOf: resources.appendingPathComponent("sticker.png")))
        try canvas.renderChartlet(
            at: Point(x: 450, y: 100), size: Size(width: 120, height: 60), textureID: sticker.id, rotation: 0.3)
        canvas.updateLayer(ink) {
            $0.name = "Ink & <wash>"
            $0.blend = .multiply
            $0.opacity = 0.6
            $0.isLocked = true
        }
        let glaze = try #require(canvas.addLayer())
        var blue = thick
        blue.color = Color(red: 0.1, green: 0.2, blue: 0.9)
        canvas.draw(line(y: 320, from: 40, to: 560), with: .brush(blue))
        canvas.updateLayer(glaze) {
            $0.name = "Glaze"
            $0.blend = .overlay
            $0.isVisible = false
        }
    }

    @Test func kritaFlattensTheExportAsMaLiangRendersIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-ora-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = folder.appendingPathComponent("layers.maliang")
        try makeDrawing(at: drawing)
        let ora = folder.appendingPathComponent("layers.ora")
        let export = try maliang(["export", drawing.path, "-o", ora.path])
        #expect(export.status == 0 && export.output.contains("3 layers as 5 OpenRaster layers"), "\(export.output)")

        // The spec's first entry: "mimetype", stored, no extra field, saying image/openraster.
        let bytes = try Data(contentsOf: ora)
        #expect(bytes.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        #expect(bytes[8] == 0 && bytes[9] == 0, "stored")
        #expect(bytes[28] == 0 && bytes[29] == 0, "no extra field")
        #expect(String(decoding: bytes[30..<54], as: UTF8.self) == "mimetypeimage/openraster")

        let ours = folder.appendingPathComponent("ours.png")
        #expect(try maliang(["render", drawing.path, "-o", ours.path]).status == 0)
        guard let krita = try KritaPeer.flatten(ora, into: folder) else { return }
        let expected = try PNG.decode(try Data(contentsOf: ours), depth: .eight)
        #expect(krita.width == expected.width && krita.height == expected.height)
        // Tolerance: a channel may differ by up to 3/255 anywhere (8-bit rounding of each layer before Krita
        // composes them); more than that on at most 0.5 % of the pixels (the blend modes' arithmetic along edges).
        var differing = 0
        var largest = 0.0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let (a, b) = (krita.rgba(x: x, y: y), expected.rgba(x: x, y: y))
                let difference = max(
                    abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha))
                largest = max(largest, difference)
                if difference > 3.5 / 255 { differing += 1 }
            }
        }
        #expect(differing <= expected.width * expected.height / 200, "\(differing) pixels differ, at most \(largest)")
        // What shows: the multiplied red over the black, the sticker, the hidden blue nowhere, the paper.
        let unglazed = krita.rgba(x: 100, y: 320)
        #expect(unglazed.red > 0.97 && abs(unglazed.blue - 0.86) < 0.02, "the hidden layer stays hidden")
        #expect(abs(krita.rgba(x: 20, y: 380).blue - 0.86) < 0.02, "the paper")
    }
}

/// Krita from Debian as a peer: it opens a file and writes it flattened (`krita --export`), in a virtual X server
/// (Debian's Krita 5.1 refuses Qt's offscreen platform) and, when the test runs as root, as nobody (Krita refuses
/// root).
enum KritaPeer {
    static var isHere: Bool {
        ["/usr/bin/krita", "/usr/bin/xvfb-run"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `file` flattened by Krita, read back; nil (and the test failed) when Krita is not installed or fails.
    static func flatten(_ file: URL, into folder: URL) throws -> PNGImage? {
        guard isHere else {
            Issue.record("Krita and xvfb-run are needed (meson-helpers/test installs them)")
            return nil
        }
        let home = folder.appendingPathComponent("krita-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("krita-flattened.png")
        for url in [folder, home] { chmod(url.path, 0o777) }
        chmod(file.path, 0o644)
        let krita = [
            "/usr/bin/env", "HOME=\(home.path)", "/usr/bin/xvfb-run", "-a", "/usr/bin/krita", "--export",
            "--export-filename", output.path, file.path,
        ]
        func export() throws -> (status: Int32, output: String) {
            try runProgram(
                URL(fileURLWithPath: geteuid() == 0 ? "/usr/sbin/runuser" : krita[0]),
                geteuid() == 0 ? ["-u", "nobody", "--"] + krita : Array(krita.dropFirst()))
        }
        var run = try export()
        // xvfb-run's virtual display can fail to come up when many tests start programs at once (two runs of
        // `xvfb-run -a` can pick the same display, and Krita then cannot connect to it): again, a little later.
        var attempts = 1
        while attempts < 4, !FileManager.default.fileExists(atPath: output.path),
            run.output.contains("could not connect to display")
        {
            usleep(UInt32.random(in: 300_000...1_000_000) * UInt32(attempts))
            attempts += 1
            run = try export()
        }
        guard FileManager.default.fileExists(atPath: output.path) else {
            Issue.record("Krita wrote nothing (exit status \(run.status)): \(run.output.suffix(2000))")
            return nil
        }
        return try PNG.decode(try Data(contentsOf: output), depth: .eight)
    }
}
