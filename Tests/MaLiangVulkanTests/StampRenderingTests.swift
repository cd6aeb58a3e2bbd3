import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

@Suite(.serialized) struct StampRenderingTests {
    @Test func aStraightStrokeCoversItsBandToAPixel() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 200, height: 100))
        document.addStroke(solidBrush(size: 10), line(from: (20, 50), to: (180, 50)))
        let image = try CanvasRenderer(document: document, context: context).export(background: false, bitDepth: 16)
        for x in [60, 100, 140] {
            var covered: [Int] = []
            for y in 0..<100 where image.at(x, y).alpha > 0.5 { covered.append(y) }
            // Pixel centres y + 0.5 within 50 ± 5: rows 45…54.
            #expect(covered == Array(45...54), "column \(x): \(covered)")
            #expect(image.at(x, 50).alpha > 0.999 && image.at(x, 41).alpha == 0 && image.at(x, 58).alpha == 0)
        }
        assertClean(context)
    }

    @Test(arguments: [0.25, 0.4, 0.8]) func aFinishedStrokeShowsItsOpacity(opacity: Double) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 120, height: 60))
        // A stroke that crosses itself: the crossing must not be darker.
        var samples = line(from: (10, 30), to: (110, 30))
        samples += line(from: (110, 30), to: (60, 5)).dropFirst() + line(from: (60, 5), to: (60, 55)).dropFirst()
        for (index, _) in samples.enumerated() { samples[index].time = UInt64(index) * 8000 }
        document.addStroke(solidBrush(size: 12, opacity: opacity), samples)
        let image = try CanvasRenderer(document: document, context: context).export(background: false, bitDepth: 16)
        for (x, y) in [(30, 30), (60, 30), (60, 45)] {
            #expect(abs(image.at(x, y).alpha - opacity) <= 0.02, "at \(x),\(y): \(image.at(x, y).alpha)")
        }
        assertClean(context)
    }

    @Test func erasedPixelsAreExactlyTransparentBlack() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 100, height: 100))
        document.addStroke(
            solidBrush(size: 30, opacity: 0.7, color: Color(red: 1, green: 0.2, blue: 0)),
            line(from: (10, 50), to: (90, 50)))
        document.addStroke(
            .eraser(Eraser(brush: Brush(name: "eraser", hardness: 1, opacity: 1, pointSize: 20, pointStep: 0.5))),
            line(from: (50, 10), to: (50, 90)))
        let image = try CanvasRenderer(document: document, context: context).export(background: false, bitDepth: 16)
        guard case .rgba16(let samples) = image.pixels else { Issue.record("not 16-bit"); return }
        let index = (50 * 100 + 50) * 4
        #expect(Array(samples[index..<index + 4]) == [0, 0, 0, 0])
        #expect(image.at(20, 50).alpha > 0.69 && image.at(20, 50).red > 0.99)
        assertClean(context)
    }

    @Test func onePercentFlowBuildsUpPastWhereEightBitsStall() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 40, height: 40))
        // Back and forth over the same spot: hundreds of 1 % dabs on the centre pixel.
        var samples: [InputSample] = []
        for index in 0..<200 {
            samples.append(
                InputSample(
                    position: Point(x: index % 2 == 0 ? 19 : 21, y: 20), pressure: 1, time: UInt64(index) * 1000))
        }
        document.addStroke(solidBrush(size: 16, opacity: 1, flow: 0.01), samples)
        let image = try CanvasRenderer(document: document, context: context).export(background: false, bitDepth: 16)
        #expect(image.at(20, 20).alpha > 0.97, "\(image.at(20, 20).alpha)")
        assertClean(context)
    }

    @Test func aRotatedTexturedStampMatchesTheRotatedTexture() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 100, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        // A mask with a bar in its right half only (+x).
        var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 24..<40 { for x in 40..<60 { bytes[(y * 64 + x) * 4 + 3] = 255 } }
        let brush = try canvas.registerBrush(
            name: "bar", with: try PNG.encode(PNGImage(width: 64, height: 64, pixels: .rgba8(bytes))))
        var turned = brush
        turned.pointSize = 64
        turned.opacity = 1
        turned.rotation = .fixed(.pi / 2)
        // A tap: one stamp at (50, 50), turned a quarter: +x goes to +y, so the bar lies below the centre.
        try canvas.apply(document.addStroke(.brush(turned), [InputSample(position: Point(x: 50, y: 50), pressure: 1)]))
        let image = try canvas.export(background: false, bitDepth: 16)
        #expect(image.at(50, 72).alpha > 0.9)
        #expect(image.at(72, 50).alpha < 0.05 && image.at(50, 28).alpha < 0.05 && image.at(28, 50).alpha < 0.05)
        assertClean(context)
    }

    @Test func twoRendersOfTheSameDocumentAreIdentical() throws {
        let trace = try MyPaintTrace(
            text: (0..<60).map {
                "\(Double($0) * 0.008) \(20 + Double($0) * 3) \(40 + sin(Double($0) / 4) * 20) 0.\(3 + $0 % 6)"
            }.joined(separator: "\n"))
        func render() throws -> Data {
            let document = try Document(size: Size(width: 220, height: 90))
            for (index, samples) in trace.strokes.enumerated() {
                document.addStroke(
                    BrushPresets.brush(named: "chalk") ?? solidBrush(size: 5), samples, seed: UInt64(index))
            }
            return try PNG.encode(try CanvasRenderer(document: document, context: validatedContext()).export())
        }
        #expect(try render() == (try render()))
    }

    @Test func tilesExistOnlyWherePainted() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 8192, height: 8192))
        document.addStroke(solidBrush(size: 8), line(from: (4000, 4000), to: (4100, 4010)))
        let canvas = try CanvasRenderer(document: document, context: context)
        #expect(canvas.paintTileCount >= 1 && canvas.paintTileCount <= 2)
        assertClean(context)
    }

    @Test func anUnknownDeviceIsAClearError() {
        var options = VulkanContext.Options()
        options.deviceName = "no such GPU 9000"
        do {
            _ = try VulkanContext(options: options)
            Issue.record("found a device that does not exist")
        } catch {
            #expect(error.description.contains("no usable Vulkan device"))
            #expect(error.description.contains("MALIANG_VULKAN_DEVICE"))
        }
    }
}
