import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// Work of the size a long session reaches: strokes crossing many tiles, more strokes than the undo copies
/// cover, a 40,000-pixel glow stroke. The renderer takes all of it in bounded pieces, with no validation message.
@Suite(.serialized) struct LargeWorkRenderingTests {
    /// A zigzag of `passes` horizontal runs of `width` pixels, a sample every 8 pixels.
    func zigzag(passes: Int, width: Double, top: Double, step: Double) -> [InputSample] {
        var samples: [InputSample] = []
        for pass in 0..<passes {
            let y = top + Double(pass) * step
            for index in 0...Int(width / 8) {
                let x = pass % 2 == 0 ? 20 + Double(index) * 8 : 20 + width - Double(index) * 8
                samples.append(
                    InputSample(position: Point(x: x, y: y), pressure: 0.7, time: UInt64(samples.count) * 4000))
            }
        }
        return samples
    }

    @Test func aLongGlowStrokeAndManyStrokesLoadUndoAndExport() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 2048, height: 1536))
        for index in 0..<48 {
            let y = 30 + Double(index) * 30
            document.addStroke(
                BrushPresets.brush(named: "pen") ?? solidBrush(size: 4), line(from: (10, y), to: (2030, y + 9)),
                seed: UInt64(index))
        }
        let glow = zigzag(passes: 20, width: 2000, top: 40, step: 72)
        #expect(glow.count > 4000)
        document.addStroke(BrushPresets.brush(named: "glow") ?? solidBrush(size: 4), glow, seed: 99)
        let canvas = try CanvasRenderer(document: document, context: context)
        // Every tile the strokes cross is painted: 8 × 6 tiles.
        #expect(canvas.paintTileCount == 48)
        let loaded = try canvas.export(bitDepth: 16)
        // Undo reaches back past the strokes whose tiles were copied at load: those are rebuilt instead.
        for _ in 0..<40 { try canvas.apply(document.undo()) }
        let undone = try canvas.export(bitDepth: 16)
        for _ in 0..<40 { try canvas.apply(document.redo()) }
        #expect(try canvas.export(bitDepth: 16) == loaded)
        // Undone strokes are gone: a row where only they were is paper again.
        #expect(undone.at(1000, 30 + 45 * 30 + 4).alpha == 1 && undone.at(1000, 30 + 45 * 30 + 4).red > 0.99)
        assertClean(context)
    }
}
