import Foundation
import MaLiangCore
import PNGCodec
import Testing

@testable import MaLiangVulkan

/// The stamping kernels (the compute shader and the host's code) draw what the rasterised quads draw: every golden
/// scene and some harder ones, at several export scales, within 45 dB PSNR. Single pixels may differ by a few
/// levels more where a textured stamp's edge falls on a pixel centre: the two mask samplers round differently.
@Suite(.serialized) struct StampingKernelTests {
    static let kernels: [StampingPath] = [.gpuKernel, .cpuKernel]

    @Test(arguments: kernels, GoldenImageTests.scenes)
    func drawsEveryGoldenSceneAsTheQuadsDo(kernel: StampingPath, scene: String) throws {
        let context = try validatedContext()
        for scale in [0.5, 1, 3] {
            let reference = try GoldenImageTests.render(
                scene, context: context, stamping: .raster, scale: scale, bitDepth: 16)
            let drawn = try GoldenImageTests.render(
                scene, context: context, stamping: kernel, scale: scale, bitDepth: 16)
            let (psnr, maximum) = drawn.difference(from: reference)
            #expect(psnr >= 45 && maximum <= 12, "\(kernel) \(scene) ×\(scale): \(psnr) dB, max \(maximum) levels")
        }
        assertClean(context)
    }

    /// Overlapping translucent strokes, a glow, erasing across tile corners and a rotated textured brush, in one
    /// document whose strokes cross tile corners: the kernels keep each stroke's own build-up and order.
    @Test(arguments: kernels) func drawsOverlapsEraserAndTileCornersAsTheQuadsDo(kernel: StampingPath) throws {
        let context = try validatedContext()
        func render(_ stamping: StampingPath) throws -> PNGImage {
            let document = try Document(size: Size(width: 600, height: 560))
            let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
            let names = ["pen", "marker", "airbrush", "glow", "pencil", "chalk"]
            for (index, name) in names.enumerated() {
                var brush = BrushPresets.brush(named: name) ?? .brush(Brush())
                brush.base.opacity = 0.6
                let samples = (0...80).map { step in
                    let t = Double(step) / 80
                    return InputSample(
                        position: Point(x: 30 + 540 * t, y: 60 + Double(index) * 80 + 120 * sin(t * 5)),
                        pressure: 0.3 + 0.7 * t, time: UInt64(step) * 8000)
                }
                try canvas.apply(document.addStroke(brush, samples, seed: UInt64(index)))
            }
            let eraser = (0...60).map { step in
                InputSample(
                    position: Point(x: 256 + Double(step) * 0.5, y: 20 + Double(step) * 8.5), pressure: 1,
                    time: UInt64(step) * 8000)
            }
            try canvas.apply(document.addStroke(BrushPresets.brush(named: "eraser") ?? .brush(Brush()), eraser))
            return try canvas.export(scale: 1.5, bitDepth: 16)
        }
        let (psnr, maximum) = (try render(kernel)).difference(from: try render(.raster))
        #expect(psnr >= 45 && maximum <= 12, "\(kernel): \(psnr) dB, max \(maximum) levels")
        assertClean(context)
    }

    /// The compute shader's cells, from a workgroup's 16×16 block to the whole tile, change which stamps each
    /// workgroup walks, never what it draws: every cell width — and the width chosen per batch from the dabs' size —
    /// draws the same pixels, bit for bit, for hairlines and huge dabs, translucent overlaps, a glow, a textured brush
    /// and an eraser across tile corners.
    @Test func everyCellWidthOfTheComputeShaderDrawsTheSamePixels() throws {
        let context = try validatedContext()
        func render(cellPixels: Int?, scale: Double) throws -> PNGImage {
            let document = try Document(size: Size(width: 600, height: 560))
            let canvas = try CanvasRenderer(document: document, context: context, stamping: .gpuKernel)
            canvas.deviceCellPixels = cellPixels
            let brushes: [AnyBrush] = [
                solidBrush(size: 2, opacity: 0.7), solidBrush(size: 9, opacity: 0.5),
                BrushPresets.brush(named: "glow") ?? .brush(Brush()),
                BrushPresets.brush(named: "pencil") ?? .brush(Brush()),
                solidBrush(size: 40, opacity: 0.4, color: Color(red: 0.9, green: 0.2, blue: 0.1)),
                solidBrush(size: 180, opacity: 0.3, color: Color(red: 0.1, green: 0.3, blue: 0.9)),
            ]
            for (index, brush) in brushes.enumerated() {
                let samples = (0...60).map { step in
                    let t = Double(step) / 60
                    return InputSample(
                        position: Point(x: 20 + 560 * t, y: 40 + Double(index) * 90 + 100 * sin(t * 6)),
                        pressure: 0.4 + 0.6 * t, time: UInt64(step) * 8000)
                }
                try canvas.apply(document.addStroke(brush, samples, seed: UInt64(index)))
            }
            let eraser = line(from: (250, 10), to: (270, 550), steps: 80)
            try canvas.apply(document.addStroke(BrushPresets.brush(named: "eraser") ?? .brush(Brush()), eraser))
            return try canvas.export(scale: scale, bitDepth: 16)
        }
        for scale in [1.0, 0.5] {
            let reference = try render(cellPixels: TileLayer.tileSize, scale: scale)
            let widths: [Int?] = scale == 1 ? [16, 32, 64, 128, nil] : [16, nil]
            for cellPixels in widths {
                let drawn = try render(cellPixels: cellPixels, scale: scale)
                let (psnr, maximum) = drawn.difference(from: reference)
                let same = drawn == reference
                #expect(same, "cells \(cellPixels ?? 0) px ×\(scale): \(psnr) dB, max \(maximum) levels")
            }
        }
        assertClean(context)
    }

    /// A bake of several batches, each binned on other cores while the next is queued: an eraser in a later batch
    /// erases paint only earlier batches put there and makes no tile over bare paper, and the compute shader draws
    /// what the host's kernel (one batch binned at a time, on the baking thread) draws.
    @Test func batchesBinnedWhileTheNextIsQueuedDrawAsOneAtATime() throws {
        let context = try validatedContext()
        func render(_ stamping: StampingPath) throws -> (PNGImage, Int) {
            let document = try Document(size: Size(width: 900, height: 1100))
            let pen = solidBrush(size: 3, opacity: 0.7)
            // Strokes across the top row of tiles, then more than a batch of strokes lower down only…
            for index in 0..<120 {
                let y = 20 + Double(index) * 1.5
                document.addStroke(pen, line(from: (20, y), to: (880, y + 60), steps: 200), seed: UInt64(index))
            }
            func strokeLowerDown(_ index: Int) {
                let y = 800 + Double(index) * 1.5
                document.addStroke(pen, line(from: (20, y), to: (880, y + 60), steps: 200), seed: UInt64(index))
            }
            for index in 0..<130 { strokeLowerDown(index) }
            // …then an eraser over the top row, which no stroke of its batch paints, and on over bare paper.
            let eraser = BrushPresets.brush(named: "eraser") ?? .brush(Brush())
            document.addStroke(eraser, line(from: (430, 10), to: (470, 700), steps: 300), seed: 99)
            for index in 130..<140 { strokeLowerDown(index) }
            let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
            let strokes = document.elements.compactMap { if case .stroke(let stroke) = $0 { stroke } else { nil } }
            // The strokes lower down before the eraser are more than a batch: its batch holds none of the top row's.
            #expect(PaintBaker.dabCount(Array(strokes[120..<250])) > PaintBaker.batchStamps + 10_000)
            return (try canvas.export(bitDepth: 16), canvas.paintTileCount)
        }
        let (drawn, drawnTiles) = try render(.gpuKernel)
        let (reference, referenceTiles) = try render(.cpuKernel)
        let (psnr, maximum) = drawn.difference(from: reference)
        #expect(psnr >= 45 && maximum <= 12, "\(psnr) dB, max \(maximum) levels")
        #expect(drawnTiles == referenceTiles, "tiles: \(drawnTiles) drawn, \(referenceTiles) by the host's kernel")
        // The eraser took the paint away where it passed: the paper shows there, beside the paint.
        #expect(drawn.at(435, 100).red > 0.99 && drawn.at(300, 100).red < 0.2)
        assertClean(context)
    }

    /// A run long enough to be binned in several pieces on several cores (≥ 8,192 stamps each for the host's kernel,
    /// ≥ 2,048 for the compute shader's):
    /// erasers that come in later pieces still erase paint of earlier ones on tiles not made yet, and an eraser where
    /// nothing is painted makes no tile.
    @Test(arguments: kernels) func aLongRunBinnedInPiecesKeepsStrokeOrder(kernel: StampingPath) throws {
        let context = try validatedContext()
        let strokeCount = kernel == .gpuKernel ? 8 : 48
        let eraserEvery = strokeCount / 4
        func render(_ stamping: StampingPath) throws -> (PNGImage, Int) {
            let document = try Document(size: Size(width: 900, height: 700))
            let pen = solidBrush(size: 6, opacity: 0.8)
            let eraser = BrushPresets.brush(named: "eraser") ?? .brush(Brush())
            for index in 0..<strokeCount {
                let y = 20 + Double(index) * 384 / Double(strokeCount)
                document.addStroke(pen, line(from: (20, y), to: (880, y + 30), steps: 400), seed: UInt64(index))
                if index % eraserEvery == eraserEvery - 1 {
                    // Across the strokes so far, then over bare paper at the bottom (no tile there).
                    let x = 100 + Double(index) * 576 / Double(strokeCount)
                    document.addStroke(eraser, line(from: (x, 10), to: (x + 40, 690), steps: 300), seed: 99)
                }
            }
            let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
            let strokes = document.elements.compactMap { if case .stroke(let stroke) = $0 { stroke } else { nil } }
            #expect(PaintBaker.dabCount(strokes) > 3 * StampRun.stampsPerChunk(onDevice: kernel == .gpuKernel))
            return (try canvas.export(bitDepth: 16), canvas.paintTileCount)
        }
        let (drawn, drawnTiles) = try render(kernel)
        let (reference, referenceTiles) = try render(.raster)
        let (psnr, maximum) = drawn.difference(from: reference)
        #expect(psnr >= 45 && maximum <= 12, "\(kernel): \(psnr) dB, max \(maximum) levels")
        #expect(drawnTiles == referenceTiles, "tiles: \(drawnTiles) drawn, \(referenceTiles) by the quads")
        assertClean(context)
    }
}
