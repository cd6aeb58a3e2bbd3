import Glibc
import MaLiangCore

/// The host's whole share of a compute-shader bake, done without the device: stamps made a window ahead on other
/// cores, queued and binned batch by batch as ``PaintBaker`` does, each batch's work written into memory as it is
/// into upload memory. On a GPU that outruns the host (small dabs), this is the most a bake can go.
struct HostShare {
    /// The wall time, and the process's time on every core meanwhile (both in seconds).
    var seconds = 0.0
    var coreSeconds = 0.0
    /// Of the wall time: waiting for stamps made ahead, binning, writing the work (the rest: queueing strokes).
    var waitingForStamps = 0.0
    var binning = 0.0
    var writing = 0.0
    /// The cores' time binning took, added up (against `binning`, how many cores' worth ran at once).
    var binningOnCores = 0.0

    /// Does the host's share of baking `strokes` into `layer`, binned into cells of `cellPixels` (nil: the rule's,
    /// ``StampRun/deviceCellsPerTileSide(diameter:)``).
    static func measure(_ strokes: [Stroke], into layer: TileLayer, textures: BrushTextures, cellPixels: Int?)
        -> HostShare
    {
        var output = WorkMemory()
        defer { output.free() }
        var share = HostShare()
        var run = StampRun()
        var pixels = 0
        func writeQueued() {
            guard !run.isEmpty else { return }
            let side =
                cellPixels.map { TileLayer.tileSize / $0 }
                ?? StampRun.deviceCellsPerTileSide(diameter: run.typicalDiameter)
            let binning = ContinuousClock.now
            let work = run.takeWork(
                for: layer, onlyTiles: nil, cellsPerTileSide: side, onDevice: true, textures: textures)
            let writing = ContinuousClock.now
            share.binning += BakeHostTimes.seconds(since: binning)
            work.write(to: output.reserve(work.byteCount))
            run.recycle(work.binnedChunks)
            share.writing += BakeHostTimes.seconds(since: writing)
            pixels = 0
        }
        let start = ContinuousClock.now
        let coresBefore = processCoreSeconds()
        var source = StampSource(strokes, layer: layer, buildsAhead: true)
        for (index, stroke) in strokes.enumerated() {
            let waiting = ContinuousClock.now
            let built = source.built(at: index)
            share.waitingForStamps += BakeHostTimes.seconds(since: waiting)
            run.append(stroke, stamps: built.stamps, coveredPixels: built.coveredPixels)
            pixels += built.coveredPixels
            if run.stampCount >= PaintBaker.batchStamps || pixels >= PaintBaker.gpuBatchPixels { writeQueued() }
        }
        writeQueued()
        share.binningOnCores = run.binningCoreSeconds
        share.seconds = BakeHostTimes.seconds(since: start)
        share.coreSeconds = processCoreSeconds() - coresBefore
        return share
    }

    /// The process's time on every core so far.
    private static func processCoreSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Memory the batches' work is written into, kept from batch to batch as upload memory is.
    private struct WorkMemory {
        private var base: UnsafeMutableRawPointer?
        private var capacity = 0

        /// At least `bytes` bytes, 16-byte aligned (the last batch's contents are not kept).
        mutating func reserve(_ bytes: Int) -> UnsafeMutableRawPointer {
            if let base, capacity >= bytes { return base }
            free()
            capacity = max(bytes, 1)
            let made = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            base = made
            return made
        }

        mutating func free() {
            base?.deallocate()
            base = nil
            capacity = 0
        }
    }
}
