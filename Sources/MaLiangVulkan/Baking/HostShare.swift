import Glibc
import MaLiangCore

/// The host's whole share of a compute-shader bake, done without the device: stamps made two windows ahead on other
/// cores, queued and binned batch by batch (one binned while the next is queued) as ``PaintBaker`` does, each
/// batch's work written into memory as it is into upload memory. On a GPU that outruns the host (small dabs), this
/// is the most a bake can go.
package struct HostShare: Sendable {
    /// The wall time, and the process's time on every core meanwhile (both in seconds).
    package var seconds = 0.0
    package var coreSeconds = 0.0
    /// Where the baking thread's time went, as a bake's (no device to wait for or submit to; the rest of the wall
    /// time is queueing strokes).
    package var times = BakeHostTimes()
    /// The passes replayed and the dabs they made.
    package var passes = 1
    package var dabs = 0
    /// Each thread's intervals of work during the bake, when recorded (``BakeTimeline``).
    package var timeline: [BakeTimeline.Interval] = []

    package var secondsPerPass: Double { seconds / Double(max(passes, 1)) }
    package var secondsPerDab: Double { seconds / Double(max(dabs, 1)) }
    /// Cores' worth busy on average.
    package var coresBusy: Double { coreSeconds / max(seconds, 1e-9) }
    /// The cores' time binning took, a dab.
    package var binningPerDab: Double { times.binningOnCores / Double(max(dabs, 1)) }

    /// Does the host's share of baking `strokes` into `layer`, binned into cells of `cellPixels` (nil: the rule's,
    /// ``StampRun/deviceCellsPerTileSide(diameter:)``), writing each batch's work into `output` — kept from batch
    /// to batch and from bake to bake as upload memory is (16-byte elements: the layout's alignment), grown as needed.
    static func measure(
        _ strokes: [Stroke], into layer: TileLayer, textures: BrushTextures, cellPixels: Int?,
        output: inout [SIMD4<Float>]
    ) -> HostShare {
        var share = HostShare()
        var run = StampRun()
        var pixels = 0
        // As ``PaintBaker`` does: a full batch is binned on other cores while the next is queued, and starts
        // binning before the one binned before it is written.
        var binning: BinningJob?
        func takeBinned() -> StampWork? {
            guard let job = binning else { return nil }
            binning = nil
            let waiting = ContinuousClock.now
            let began = BakeTimeline.begin()
            defer {
                share.times.binning += BakeHostTimes.seconds(since: waiting)
                BakeTimeline.end(began, .waitingForBinning)
            }
            return run.work(from: job, for: layer)
        }
        func write(_ work: StampWork) {
            let writing = ContinuousClock.now
            let began = BakeTimeline.begin()
            defer { BakeTimeline.end(began, .writing) }
            let needed = (work.byteCount + 15) / 16
            if output.count < needed { output = Array(repeating: .zero, count: needed) }
            output.withUnsafeMutableBytes { bytes in
                if let base = bytes.baseAddress { work.write(to: base) }
            }
            run.recycle(work.binnedChunks)
            share.times.writing += BakeHostTimes.seconds(since: writing)
        }
        func binQueued() {
            let binned = takeBinned()
            if !run.isEmpty {
                let side = run.deviceCellsPerTileSide(cellPixels: cellPixels)
                let began = BakeTimeline.begin()
                binning = run.startBinning(
                    grid: layer.grid, onlyTiles: nil, cellsPerTileSide: side, textures: textures)
                BakeTimeline.end(began, .startingBinning)
                pixels = 0
            }
            if let binned { write(binned) }
        }
        let start = ContinuousClock.now
        let coresBefore = processCoreSeconds()
        var source = StampSource(strokes, layer: layer, buildsAhead: true)
        for (index, stroke) in strokes.enumerated() {
            let waiting = ContinuousClock.now
            let began = BakeTimeline.begin()
            let built = source.built(at: index)
            BakeTimeline.end(began, .waitingForStamps)
            share.times.stamps += BakeHostTimes.seconds(since: waiting)
            run.append(stroke, stamps: built.stamps, coveredPixels: built.coveredPixels)
            pixels += built.coveredPixels
            if PaintBaker.fillsGPUBatch(stamps: run.stampCount, pixels: pixels) { binQueued() }
        }
        // The last strokes start binning while the batch before is written; the second call writes them.
        binQueued()
        binQueued()
        share.times.binningOnCores = run.binningCoreSeconds
        share.times.layout = run.layoutSeconds
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
}
