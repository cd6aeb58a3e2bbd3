import Foundation
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// The sizes a real session reaches: many long strokes and one very long glow stroke, painted in the window, then
/// reopened in a new window and rendered.
@Suite(.serialized) struct LongStrokesWindowTests {
    @Test func sixtyFourLongStrokesAndAFortyThousandPixelGlowReopen() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-long-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try AppSession.withTablet(dataHome: home)
        // 64 strokes of 1,000 px, a sample every 8 px.
        for index in 0..<64 {
            let y = 70 + Double(index) * 10
            try first.pen(points((100, y), (1100, y + 4), count: 126), pressure: 0.3 + Double(index % 7) / 10)
        }
        // One glow stroke of 40,000 px: forty passes across the window, zigzagging down.
        try first.key(7)  // 6: the glow brush
        var zigzag: [(Double, Double)] = []
        for pass in 0..<40 {
            let y = 80 + Double(pass) * 16
            let (from, to) = pass % 2 == 0 ? (100.0, 1100.0) : (1100.0, 100.0)
            zigzag += points((from, y), (to, y), count: 100)
        }
        try first.pen(zigzag, pressure: 0.7)
        _ = try first.nextImage()
        first.settle(.milliseconds(300))
        let shown = try #require(first.image)
        #expect(first.terminate() == 0, "\(first.log)")

        let file = first.documentURL.path
        let info = try maliang(["info", file])
        #expect(info.output.contains("strokes: 65"), "\(info.output)")

        // Closing kept the paint in the file: the new window shows it without stamping the strokes again.
        let kept = try DocumentFile.open(at: URL(fileURLWithPath: file), readOnly: true)
        #expect(kept.paintKey() != nil && kept.paintTiles().count >= 12)
        kept.close()

        // A new window opens the same drawing and shows it as the first one did.
        let second = try AppSession.withTablet(dataHome: home)
        let reopened = try #require(second.image)
        let same = FrameComparison(
            frame: reopened, render: try pngImage(shown), top: 0, width: 1280, height: 800 - 28, tolerance: 3)
        #expect(same.differing <= same.compared / 1000, "\(same)")
        #expect(second.terminate() == 0, "\(second.log)")

        let rendered = home.appendingPathComponent("long.png")
        let render = try maliang(["render", file, "-o", rendered.path])
        #expect(render.status == 0, "\(render.output)")
        let image = try PNG.decode(try Data(contentsOf: rendered), depth: .eight)
        let comparison = FrameComparison(
            frame: shown, render: image, top: 48, width: 1280, height: 800 - 48 - 28, tolerance: 3)
        #expect(comparison.differing <= comparison.compared / 1000, "\(comparison)")
    }

    /// The window's pixels as a PNG image (to compare two frames with the same tools).
    func pngImage(_ frame: Image) throws -> PNGImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frame.width * frame.height * 4)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let pixel = frame.rgba(x: x, y: y)
                bytes += [pixel.red, pixel.green, pixel.blue, 255]
            }
        }
        return PNGImage(width: frame.width, height: frame.height, pixels: .rgba8(bytes))
    }
}
