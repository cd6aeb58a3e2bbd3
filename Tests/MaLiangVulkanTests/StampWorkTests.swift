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

    /// A batch is binned on other cores while the baking thread goes on, and may make tiles meanwhile (recording the
    /// batch before, bringing kept paint in): whether a tile that only erasing reached has paint to erase is found
    /// when the work is laid out, not when it was binned.
    @Test func aTileMadeWhileItsErasingWasBinnedIsErasedIn() throws {
        let context = try validatedContext()
        let pipelines = try Pipelines(context)
        let textures = try BrushTextures(context, pipelines)
        let layer = TileLayer(context, pipelines, documentWidth: 768, documentHeight: 256, scale: 1)
        defer { layer.removeAll() }
        let stamps = [100, 356, 612].map { x in
            Stamp(x: Float(x), y: 128, size: 10, angle: 0, red: 0, green: 0, blue: 0, alpha: 1, flow: 1)
        }
        var run = StampRun()
        let eraser = Stroke(id: ElementID(1), brush: .eraser(Eraser()), seed: 1, samples: StrokeSamples())
        run.append(eraser, stamps: stamps)
        let binning = run.startBinning(grid: layer.grid, onlyTiles: nil, cellsPerTileSide: 1, textures: textures)
        #expect(run.isEmpty)
        // While it is binned, the second tile gets paint.
        try context.submitAndWait { commands throws(VulkanError) in
            _ = try layer.makeTile(TileKey(column: 1, row: 0), commands)
        }
        let work = run.work(from: binning, for: layer)
        #expect(work.tiles == [TileKey(column: 1, row: 0)])
        // Its one stamp there is listed; the others reach no tile drawn in.
        #expect(work.stampCount == 3 && work.entryCount == 1)
        assertClean(context)
    }

    /// Paint after an eraser on the same bare tile, in one chunk, makes the tile a painted one however its stamps
    /// are binned: at the very cells of the stamp before, or at other cells of its tile.
    @Test(arguments: [356, 420]) func paintAfterAnEraserOnABareTileKeepsTheTile(penX: Int) throws {
        let context = try validatedContext()
        let pipelines = try Pipelines(context)
        let textures = try BrushTextures(context, pipelines)
        let layer = TileLayer(context, pipelines, documentWidth: 768, documentHeight: 256, scale: 1)
        func stamps(_ xs: [Int]) -> [Stamp] {
            xs.map { Stamp(x: Float($0), y: 120, size: 6, angle: 0, red: 0, green: 0, blue: 0, alpha: 1, flow: 1) }
        }
        var run = StampRun()
        let eraser = Stroke(id: ElementID(1), brush: .eraser(Eraser()), seed: 1, samples: [])
        run.append(eraser, stamps: stamps([356, 356]))
        run.append(Stroke(id: ElementID(2), brush: .brush(Brush()), seed: 2, samples: []), stamps: stamps([penX]))
        let work = run.takeWork(for: layer, onlyTiles: nil, cellsPerTileSide: 16, onDevice: true, textures: textures)
        #expect(work.tiles == [TileKey(column: 1, row: 0)])
        #expect(work.entryCount == 3)
        assertClean(context)
    }

    /// A dab reaching several tiles is binned into each, in the same order whether the chunk finds its tiles' slots in
    /// a table over the layer's tiles or, for a layer of more tiles than the table takes, in a dictionary.
    @Test(arguments: [1, 4]) func dabsAcrossTilesAreBinnedAlikeOnSmallAndHugeLayers(cellsPerTileSide: Int) throws {
        let context = try validatedContext()
        let pipelines = try Pipelines(context)
        let small = TileLayer(context, pipelines, documentWidth: 1280, documentHeight: 1024, scale: 1)
        let huge = TileLayer(context, pipelines, documentWidth: 40_000, documentHeight: 40_000, scale: 1)
        // Every dab within the small layer, so neither clips any.
        #expect(huge.columns * huge.rows > 16_384)
        var random = SplitMix64(seed: 7)
        let stamps = (0..<400).map { _ in
            Stamp(
                x: Float.random(in: 160..<1110, using: &random), y: Float.random(in: 160..<860, using: &random),
                size: Float.random(in: 4..<300, using: &random), angle: 0, red: 0, green: 0, blue: 0, alpha: 1, flow: 1)
        }
        func binned(_ layer: TileLayer) -> (tiles: [TileKey], pairs: [[Int]]) {
            var bins = CellBins(grid: layer.grid, onlyTiles: nil, cellsPerTileSide: cellsPerTileSide)
            for (index, stamp) in stamps.enumerated() {
                _ = bins.add(UInt32(index), stamp: stamp, reach: Double(stamp.size) / 2 + 1, erasing: false)
            }
            return (bins.tiles, bins.pairs.elements.map { [Int($0.cell), Int($0.stamp)] })
        }
        let (smallTiles, smallPairs) = binned(small)
        let (hugeTiles, hugePairs) = binned(huge)
        #expect(smallTiles == hugeTiles)
        #expect(smallPairs == hugePairs, "\(smallPairs.count) and \(hugePairs.count) binnings")
        // The first dab's own cells, counted by hand: every cell its square reaches, tile by tile.
        let first = stamps[0]
        let reach = Double(first.size) / 2 + 1
        let cell = Double(TileLayer.tileSize / cellsPerTileSide)
        let columns = Int((Double(first.x) - reach) / cell)...Int((Double(first.x) + reach) / cell)
        let rows = Int((Double(first.y) - reach) / cell)...Int((Double(first.y) + reach) / cell)
        #expect(smallPairs.filter { $0[1] == 0 }.count == columns.count * rows.count)
        #expect(smallTiles.count > 4)
    }

    @Test func aStrokeLongerThanAChunkIsCutAcrossChunks() {
        let perChunk = 100
        let chunks = StampRun.chunks(of: [10, 0, 3 * perChunk, 5], stamps: perChunk)
        #expect(
            chunks == [
                [
                    StrokePiece(stroke: 0, stamps: 0..<10), StrokePiece(stroke: 1, stamps: 0..<0),
                    StrokePiece(stroke: 2, stamps: 0..<90),
                ],
                [StrokePiece(stroke: 2, stamps: 90..<190)],
                [StrokePiece(stroke: 2, stamps: 190..<290)],
                [StrokePiece(stroke: 2, stamps: 290..<300), StrokePiece(stroke: 3, stamps: 0..<5)],
            ])
    }

    @Test func aLongStrokeCutAcrossChunksKeepsItsOrderAndItsOneEntry() throws {
        let context = try validatedContext()
        let pipelines = try Pipelines(context)
        let textures = try BrushTextures(context, pipelines)
        let layer = TileLayer(context, pipelines, documentWidth: 512, documentHeight: 256, scale: 1)
        let perChunk = StampRun.stampsPerChunk(onDevice: true)
        let count = 3 * perChunk + 7
        // Back and forth across both tiles, so every cell's list takes stamps from every chunk.
        let stamps = (0..<count).map { index in
            Stamp(
                x: Float(16 + (index * 37) % 480), y: 128, size: 6, angle: 0, red: 0, green: 0, blue: 0, alpha: 1,
                flow: 1)
        }
        var run = StampRun()
        run.append(
            Stroke(id: ElementID(1), brush: .brush(Brush()), seed: 1, samples: StrokeSamples()), stamps: [])
        run.append(
            Stroke(id: ElementID(2), brush: .brush(Brush()), seed: 2, samples: StrokeSamples()), stamps: stamps)
        let work = run.takeWork(for: layer, onlyTiles: nil, cellsPerTileSide: 16, onDevice: true, textures: textures)
        #expect(work.stampCount == count && work.strokeCount == 2)
        let memory = work.writtenToHost()
        defer { memory.deallocate() }
        let kernelStamps = memory.assumingMemoryBound(to: MLStamp.self)
        #expect((0..<count).allSatisfy { kernelStamps[$0].stroke == 1 && kernelStamps[$0].x == stamps[$0].x })
        // Each cell lists its stamps in order; all of them are listed.
        let cells = (memory + work.stampBytes + work.strokeBytes).assumingMemoryBound(to: UInt32.self)
        let entries = cells + work.cellWordCount
        var listed = 0
        for cell in 0..<(work.cellWordCount / 2) {
            let list = (0..<Int(cells[cell * 2 + 1])).map { entries[Int(cells[cell * 2]) + $0] }
            #expect(list == list.sorted())
            listed += list.count
        }
        #expect(listed == work.entryCount && listed >= count)
        assertClean(context)
    }
}

extension StampWork {
    /// The layout in freshly allocated host memory, as the host's kernel reads it; deallocate it when done.
    func writtenToHost() -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 16), alignment: 16)
        write(to: memory)
        return memory
    }
}
