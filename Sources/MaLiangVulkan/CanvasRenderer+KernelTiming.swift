import MaLiangCore

extension CanvasRenderer {
    /// The compute shader's own time a dab, without the host's share: `strokes` replayed into one layer whose tiles
    /// exist, binned once into batches as a bake cuts them, then recorded and submitted again and again, each
    /// submission waited for. A round holds as many replays as take the device about `roundSeconds` (measured on
    /// one first); returns each of `rounds` rounds' device seconds a dab, or nil where the device has no compute
    /// shader or cannot time its work. The least is the kernel's cost with the device's clocks up: what the host's
    /// share is to be compared with, steady where a bake's sustained rate moves with the host.
    package func measureKernel(_ strokes: [Stroke], rounds: Int, roundSeconds: Double = 0.02) throws(VulkanError)
        -> [Double]?
    {
        guard let gpuStamping = paint.baker.gpuStamping, context.measureGPUTime() else { return nil }
        let layer = resources.makeLayer()
        defer { layer.removeAll() }
        try paint.baker.bake(strokes, into: layer)
        let dabs = PaintBaker.dabCount(strokes)
        guard dabs > 0 else { return [] }
        func works(passes: Int) -> [StampWork] {
            var works: [StampWork] = []
            var run = StampRun()
            var pixels = 0
            func take() {
                works.append(
                    run.takeWork(
                        for: layer, onlyTiles: nil,
                        cellsPerTileSide: run.deviceCellsPerTileSide(cellPixels: deviceCellPixels), onDevice: true,
                        textures: resources.brushTextures))
                pixels = 0
            }
            for _ in 0..<passes {
                for stroke in strokes {
                    let built = StampSource.build(stroke, samples: stroke.samples.loaded(), grid: layer.grid)
                    run.append(stroke, stamps: built.stamps, coveredPixels: built.coveredPixels)
                    pixels += built.coveredPixels
                    if PaintBaker.fillsGPUBatch(stamps: run.stampCount, pixels: pixels) { take() }
                }
            }
            if !run.isEmpty { take() }
            return works
        }
        func deviceSeconds(_ works: [StampWork]) throws(VulkanError) -> Double {
            _ = context.measureGPUTime()
            for work in works {
                let batch = CommandBatch(context)
                try batch.record(work: work.stampCount) { commands throws(VulkanError) in
                    try gpuStamping.record(work, into: layer, commands)
                }
                defer {
                    resources.commandsRan()
                    gpuStamping.resetArenas()
                }
                try batch.submit()?.wait()
            }
            return context.gpuClock?.busySeconds ?? 0
        }
        let one = works(passes: 1)
        _ = try deviceSeconds(one)
        let passes = min(max(Int(roundSeconds / max(try deviceSeconds(one), 1e-9)), 1), 1000)
        let round = passes == 1 ? one : works(passes: passes)
        var times: [Double] = []
        for _ in 0..<rounds { times.append(try deviceSeconds(round) / Double(dabs * passes)) }
        return times
    }
}
