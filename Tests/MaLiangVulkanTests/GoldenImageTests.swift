import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// Every built-in brush, the eraser and chartlets, drawn and compared with committed images. After a deliberate
/// change: `MALIANG_UPDATE_GOLDEN=1 swift test --filter GoldenImageTests`, then look at the new images.
@Suite(.serialized) struct GoldenImageTests {
    static let scenes = BrushPresets.names + ["chartlets"]

    /// An S-shaped stroke with rising then falling pressure and some tilt.
    static func curve(offsetY: Double = 0) -> [InputSample] {
        (0...60).map { index in
            let t = Double(index) / 60
            var sample = InputSample(
                position: Point(x: 20 + 160 * t, y: 50 + offsetY + 25 * sin(t * .pi * 2)),
                pressure: 0.2 + 0.8 * sin(t * .pi),
                time: UInt64(index) * 8000)
            sample.tiltX = 30 * t
            sample.tiltY = 10
            return sample
        }
    }

    /// The scene drawn with `stamping` (nil: the device's own choice), exported at `scale`.
    static func render(
        _ scene: String, context: VulkanContext, stamping: StampingPath? = nil, scale: Double = 1, bitDepth: Int = 8
    ) throws -> PNGImage {
        let document = try Document(size: Size(width: 200, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
        switch scene {
        case "eraser":
            try canvas.apply(
                document.addStroke(
                    solidBrush(size: 40, opacity: 0.8, color: Color(red: 0.9, green: 0.3, blue: 0.1)),
                    line(from: (10, 50), to: (190, 50))))
            try canvas.apply(document.addStroke(BrushPresets.brush(named: "eraser") ?? solidBrush(size: 1), curve()))
        case "chartlets":
            var bytes = [UInt8]()
            for y in 0..<16 {
                for x in 0..<16 { bytes += [UInt8(x * 16), UInt8(y * 16), 200, (x + y) % 5 == 0 ? 0 : 255] }
            }
            let id = "tile"
            try canvas.apply(
                document.addTexture(id: id, png: try PNG.encode(PNGImage(width: 16, height: 16, pixels: .rgba8(bytes))))
            )
            try canvas.apply(document.addStroke(BrushPresets.brush(named: "pen") ?? solidBrush(size: 1), curve()))
            let chartlet = Chartlet(
                id: document.makeElementID(), textureID: id, center: Point(x: 60, y: 50),
                size: Size(width: 50, height: 30), angle: 0.4)
            try canvas.apply(document.append(.chartlet(chartlet)))
            try canvas.apply(
                document.addStroke(
                    .chartlet(
                        ChartletBrush(textureIDs: [id], brush: Brush(name: "stickers", opacity: 1, pointSize: 14))),
                    curve(offsetY: 20), seed: 7))
        default:
            try canvas.apply(
                document.addStroke(BrushPresets.brush(named: scene) ?? solidBrush(size: 1), curve(), seed: 3))
        }
        return try canvas.export(scale: scale, bitDepth: bitDepth)
    }

    @Test(arguments: scenes) func matchesTheGoldenImage(scene: String) throws {
        let context = try validatedContext()
        let image = try Self.render(scene, context: context)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Golden/\(scene).png")
        if ProcessInfo.processInfo.environment["MALIANG_UPDATE_GOLDEN"] == "1" {
            try PNG.encode(image).write(to: url)
        }
        let golden = try PNG.decode(try Data(contentsOf: url), depth: .eight)
        #expect(golden.width == image.width && golden.height == image.height)
        guard case .rgba8(let a) = image.pixels, case .rgba8(let b) = golden.pixels, a.count == b.count else { return }
        let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        // Tolerance for rounding between Vulkan drivers: at most 3 levels on a channel, 0.05 on average.
        #expect((differences.max() ?? 0) <= 3 && mean < 0.05, "\(scene): max \(differences.max() ?? 0), mean \(mean)")
        // Something was drawn.
        #expect(a != [UInt8](repeating: 255, count: a.count))
        assertClean(context)
    }
}
