import CStamping
import MaLiangCore
import Testing

@testable import MaLiangVulkan

/// Chunks of strokes binned on separate cores are put together as one piece of kernel work: each cell lists its
/// stamps in stroke order across the chunks, stamp indices count across the chunks, and a tile that only erasing
/// reached where there is no paint is left out unless another chunk paints it.
struct StampWorkTests {
    @Test func chunksBinnedApartListEachCellsStampsInStrokeOrder() throws {
        let context = try validatedContext()
        let pipelines = try Pipelines(context)
        let textures = try BrushTextures(context, pipelines)
        // Three tiles side by side, none made yet.
        let layer = TileLayer(context, pipelines, documentWidth: 768, documentHeight: 256, scale: 1)
        let perChunk = StampRun.stampsPerChunk(onDevice: true)
        func stamps(_ count: Int, x: Float) -> [Stamp] {
            (0..<count).map { _ in
                Stamp(x: x, y: 128, size: 10, angle: 0, red: 0, green: 0, blue: 0, alpha: 1, flow: 1)
            }
        }
        let pen = AnyBrush.brush(Brush())
        let eraser = AnyBrush.eraser(Eraser())
        var run = StampRun()
        // A chunk's worth of paint on the first tile; then erasing on the second and third, a chunk's worth; then a
        // little paint on the second. Each stroke is a chunk of its own.
        run.append(
            Stroke(id: ElementID(1), brush: pen, seed: 1, samples: StrokeSamples()), stamps: stamps(perChunk, x: 100))
        let erased = stamps(perChunk / 2, x: 356) + stamps(perChunk / 2, x: 612)
        run.append(Stroke(id: ElementID(2), brush: eraser, seed: 2, samples: StrokeSamples()), stamps: erased)
        run.append(Stroke(id: ElementID(3), brush: pen, seed: 3, samples: StrokeSamples()), stamps: stamps(10, x: 400))
        #expect(StampRun.chunks(of: [perChunk, perChunk, 10], stamps: perChunk).count == 3)

        let work = run.takeWork(for: layer, onlyTiles: nil, cellsPerTileSide: 1, onDevice: true, textures: textures)
        #expect(run.isEmpty)
        // The third tile was only erased, with nothing there to erase: no tile for it.
        #expect(work.tiles == [TileKey(column: 0, row: 0), TileKey(column: 1, row: 0)])
        #expect(work.stampCount == 2 * perChunk + 10 && work.strokeCount == 3)
        #expect(work.entryCount == perChunk + perChunk / 2 + 10)

        let memory = work.writtenToHost()
        defer { memory.deallocate() }
        let written = (memory + work.stampBytes).assumingMemoryBound(to: MLStroke.self)
        #expect((0..<3).map { written[$0].erase } == [0, 1, 0])
        let cells = (memory + work.stampBytes + work.strokeBytes).assumingMemoryBound(to: UInt32.self)
        #expect(work.cellWordCount == 4)
        #expect(
            Array(UnsafeBufferPointer(start: cells, count: 4)) == [
                0, UInt32(perChunk), UInt32(perChunk), UInt32(perChunk / 2 + 10),
            ])
        let entries = Array(UnsafeBufferPointer(start: cells + work.cellWordCount, count: work.entryCount))
        // The first tile: the first stroke's stamps. The second: the eraser's first half, then the last stroke's.
        let expected =
            Array(0..<perChunk) + Array(perChunk..<(perChunk + perChunk / 2))
            + Array((2 * perChunk)..<(2 * perChunk + 10))
        #expect(entries == expected.map { UInt32($0) })
        // Each stamp knows its stroke, counted across the chunks.
        let kernelStamps = memory.assumingMemoryBound(to: MLStamp.self)
        #expect(kernelStamps[0].stroke == 0 && kernelStamps[perChunk].stroke == 1)
        #expect(kernelStamps[2 * perChunk + 9].stroke == 2)
        assertClean(context)
    }
}
