import Dispatch
import MaLiangCore

/// A run's queued strokes being binned for a stamping kernel, chunk by chunk on every core: on the caller's thread
/// (``run()``), or on other cores while the caller goes on (``start()``) — queueing the next batch's strokes while
/// this one is binned keeps every core busy where the caller's own work between batches would leave them idle.
/// It holds values only (the strokes, the layer's grid), so the layer's tiles may change meanwhile.
final class BinningJob: @unchecked Sendable {
    /// What the chunks are binned for.
    struct Target {
        let grid: TileGrid
        /// Only these tiles are drawn in, when given.
        let onlyTiles: Set<TileKey>?
        let cellsPerTileSide: Int
        let textures: BrushTextures
        /// A stroke in progress's own layer, whose stamps only are binned.
        let wet: StampRun.WetLayer?
    }

    let target: Target
    /// Let go of once binned, on the binning's core and after the caller is told the binning is done: freed on the
    /// caller's thread, memory the other cores allocated waits for their allocator's locks, and freeing a batch's
    /// stamps takes as long as laying its work out.
    private var strokes: [(stroke: Stroke, stamps: [Stamp])]
    private let pieces: [[StrokePiece]]
    private let done = DispatchGroup()
    /// Written by the binning, read after `done` (the group orders the two).
    private var spares: [BinnedChunk]
    private var chunks: [BinnedChunk] = []
    /// The cores' time binning took, added up.
    private(set) var coreSeconds = 0.0

    var cellsPerTileSide: Int { target.cellsPerTileSide }

    /// A job binning `pieces` (``StampRun/chunks(of:stamps:)``) of `strokes`, filling the memory of `spares` first.
    init(
        strokes: [(stroke: Stroke, stamps: [Stamp])], chunks pieces: [[StrokePiece]], spares: [BinnedChunk],
        target: Target
    ) {
        self.strokes = strokes
        self.pieces = pieces
        self.spares = spares
        self.target = target
    }

    /// Bins on this thread, with every core.
    func run() {
        bin()
        strokes = []
    }

    /// Starts binning on other cores.
    func start() {
        done.enter()
        DispatchQueue.global().async { [self] in
            bin()
            let binned = strokes
            strokes = []
            withExtendedLifetime(binned) { done.leave() }
        }
    }

    /// The binned chunks, in order, once binning is done.
    func wait() -> [BinnedChunk] {
        done.wait()
        return chunks
    }

    private func bin() {
        var binned = [BinnedChunk?](repeating: nil, count: pieces.count)
        var chunkSeconds = [Double](repeating: 0, count: pieces.count)
        // Each chunk fills the memory of a spare one, taken out of the list so that nothing else holds it.
        var kept = spares.map { Optional($0) }
        spares = []
        let (pieces, strokes, target) = (pieces, strokes, target)
        binned.withUnsafeMutableBufferPointer { buffer in
            chunkSeconds.withUnsafeMutableBufferPointer { seconds in
                kept.withUnsafeMutableBufferPointer { spareBuffer in
                    nonisolated(unsafe) let output = buffer
                    nonisolated(unsafe) let times = seconds
                    nonisolated(unsafe) let spareChunks = spareBuffer
                    nonisolated(unsafe) let target = target
                    DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
                        let start = ContinuousClock.now
                        let began = BakeTimeline.begin()
                        defer { BakeTimeline.end(began, .binChunk) }
                        var spare: BinnedChunk?
                        if index < spareChunks.count { swap(&spare, &spareChunks[index]) }
                        output[index] = StampRun.bin(pieces[index], of: strokes, target: target, reusing: &spare)
                        times[index] = BakeHostTimes.seconds(since: start)
                    }
                }
            }
        }
        chunks = binned.compactMap { $0 }
        coreSeconds = chunkSeconds.reduce(0, +)
    }
}
