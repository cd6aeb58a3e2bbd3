import Foundation
import MaLiangCore
import PNGCodec
import Testing

@testable import MaLiangVulkan

/// Bakes whose stamps the device makes from the samples (``DeviceStamping``) draw what the compute shader draws from
/// the host's stamps: every toolbar brush, translucent overlaps, a glow, textures with paper grain, symmetry, and
/// erasers across tile corners and over bare paper, at export scales that shrink and enlarge.
@Suite(.serialized) struct DeviceMadeStampingTests {
    /// A document of every kind of stroke the kernels draw.
    static func document() throws -> Document {
        let document = try Document(size: Size(width: 700, height: 620))
        let names = ["pen", "marker", "airbrush", "glow", "pencil", "chalk", "calligraphy"]
        for (index, name) in names.enumerated() {
            var brush = BrushPresets.brush(named: name) ?? solidBrush(size: 8)
            brush.base.opacity = 0.7
            let samples = (0...90).map { step in
                let t = Double(step) / 90
                return InputSample(
                    position: Point(x: 30 + 640 * t, y: 50 + Double(index) * 75 + 110 * sin(t * 5)),
                    pressure: 0.2 + 0.8 * t, time: UInt64(step) * 8000)
            }
            document.addStroke(brush, samples, seed: UInt64(index))
        }
        // Symmetry: four spokes round the middle of a page of tiles.
        let spokes = (0...50).map { step in
            InputSample(
                position: Point(x: 360 + Double(step) * 3, y: 300 + Double(step)), pressure: 0.6,
                time: UInt64(step) * 8000)
        }
        document.append(
            .stroke(
                Stroke(
                    id: document.makeElementID(), brush: solidBrush(size: 12, opacity: 0.6), seed: 7, samples: spokes,
                    symmetry: Symmetry(.radial(spokes: 4), center: Point(x: 350, y: 310)))))
        let eraser = BrushPresets.brush(named: "eraser") ?? solidBrush(size: 20)
        // Across the paint and tile corners, then over bare paper below the page's paint.
        document.addStroke(eraser, line(from: (250, 10), to: (275, 610), steps: 90), seed: 9)
        document.addStroke(solidBrush(size: 30, opacity: 0.5), line(from: (40, 590), to: (660, 560), steps: 60))
        return document
    }

    /// In chunks of every size the kernel takes.
    @Test func deviceMadeStampsDrawWhatTheHostsDo() throws {
        let context = try validatedContext()
        let document = try Self.document()
        for scale in [1.5, 0.5] {
            func render(onDevice: Bool, chunkStamps: Int = DeviceStamping.defaultChunkStamps) throws -> (PNGImage, Int)
            {
                let canvas = try CanvasRenderer(document: document, context: context, stamping: .gpuKernel)
                canvas.makesStampsOnDevice = onDevice
                canvas.deviceChunkStamps = chunkStamps
                #expect(canvas.makesStampsOnDevice == onDevice, "the device cannot make stamps")
                let image = try canvas.export(scale: scale, bitDepth: 16)
                return (image, canvas.strokesMadeOnDevice)
            }
            let (reference, none) = try render(onDevice: false)
            #expect(none == 0)
            for chunkStamps in DeviceStamping.chunkSizes {
                let (drawn, made) = try render(onDevice: true, chunkStamps: chunkStamps)
                let label = "×\(scale), chunks of \(chunkStamps)"
                #expect(
                    made == document.strokes.count, "\(label): \(made) of \(document.strokes.count) made on the device")
                let (psnr, maximum) = drawn.difference(from: reference)
                #expect(psnr >= 70 && maximum <= 2, "\(label): \(psnr) dB, max \(maximum) levels")
            }
        }
        assertClean(context)
    }

    /// A stroke the device does not finish (lavapipe ends an invocation's loops after 65,535 turns: here about
    /// 100,000 stamps, and the strokes walked beside it) is stamped on the host in its turn: the strokes before it
    /// and after it, an eraser across it among them, keep their order.
    @Test func aStrokeTheDeviceLeavesIsStampedInItsTurn() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 640, height: 480))
        let pen = BrushPresets.brush(named: "pen") ?? solidBrush(size: 3)
        document.addStroke(solidBrush(size: 24, opacity: 0.6), line(from: (20, 40), to: (620, 440), steps: 80))
        // Back and forth across the page, 10 px a sample.
        let zigzag = (0..<6000).map { index in
            let t = Double(index) * 10
            let across = t.truncatingRemainder(dividingBy: 1100)
            return InputSample(
                position: Point(x: 30 + (across < 550 ? across : 1100 - across), y: 60 + t / 200),
                pressure: 0.5 + 0.5 * sin(t / 300), time: UInt64(index) * 4000)
        }
        document.addStroke(pen, zigzag, seed: 3)
        let eraser = BrushPresets.brush(named: "eraser") ?? solidBrush(size: 20)
        document.addStroke(eraser, line(from: (320, 10), to: (330, 470), steps: 60), seed: 4)
        document.addStroke(solidBrush(size: 16, opacity: 0.5), line(from: (600, 30), to: (40, 450), steps: 60))
        func render(onDevice: Bool) throws -> (PNGImage, Int) {
            let canvas = try CanvasRenderer(document: document, context: context, stamping: .gpuKernel)
            canvas.makesStampsOnDevice = onDevice
            let image = try canvas.export(scale: 0.75, bitDepth: 16)
            return (image, canvas.strokesMadeOnDevice)
        }
        let (reference, _) = try render(onDevice: false)
        let (drawn, made) = try render(onDevice: true)
        if context.deviceType == "CPU" {
            #expect(made < document.strokes.count, "lavapipe finished a walk of 100,000 stamps")
        } else {
            #expect(made == document.strokes.count)
        }
        let (psnr, maximum) = drawn.difference(from: reference)
        #expect(psnr >= 70 && maximum <= 2, "\(psnr) dB, max \(maximum) levels")
        assertClean(context)
    }

    /// A document opened with its stamps made on the device (the newest eight strokes one by one, their tiles
    /// copied for undo first) has the paint of one opened with the host's, and taking strokes back — the newest, from
    /// its copies, then one in the middle, whose tiles the strokes that share them are stamped again in, on the
    /// device — keeps it so.
    @Test func openingAndTakingStrokesBackMatchTheHostsStamps() throws {
        let context = try validatedContext()
        func states(onDevice: Bool) throws -> ([PNGImage], Int) {
            let document = try Self.document()
            let canvas = try CanvasRenderer(document: document, context: context, stamping: .gpuKernel)
            canvas.makesStampsOnDevice = onDevice
            try canvas.reload()
            var images = [try canvas.export(bitDepth: 16)]
            try canvas.apply(document.undo())
            images.append(try canvas.export(bitDepth: 16))
            let middle = document.strokes[3].id
            try canvas.apply(document.remove(middle))
            images.append(try canvas.export(bitDepth: 16))
            return (images, canvas.strokesMadeOnDevice)
        }
        let (reference, _) = try states(onDevice: false)
        let (drawn, made) = try states(onDevice: true)
        // All on opening, then the strokes sharing the middle one's tiles.
        #expect(made > Self.documentStrokeCount, "\(made) strokes made on the device")
        for (index, (image, expected)) in zip(drawn, reference).enumerated() {
            let (psnr, maximum) = image.difference(from: expected)
            #expect(psnr >= 70 && maximum <= 2, "state \(index): \(psnr) dB, max \(maximum) levels")
        }
        assertClean(context)
    }

    static let documentStrokeCount = 10
}
