import CStamping
import Dispatch
import Glibc
import MaLiangCore

/// How strokes are stamped while baking (see ``CanvasRenderer/stamping``).
package enum StampingPath: String, CaseIterable, Sendable {
    /// Rasterised quads through the stroke's own layers.
    case raster
    /// The compute shader, whole runs of strokes per tile.
    case gpuKernel = "gpu-kernel"
    /// The host's code, whole runs of strokes per tile.
    case cpuKernel = "cpu-kernel"
}

/// Strokes queued to be stamped together, and their stamps binned by the cells of the tiles they reach — the work
/// both stamping kernels (Shaders/stamp.comp on a GPU, CStamping on the CPU) walk cell by cell.
struct StampRun {
    /// Cells per tile side the host's kernel bins into (16×16 pixels each).
    static let hostCellsPerTileSide = 16

    /// Cells per tile side the compute shader's work is binned into, for stamps about `diameter` tile pixels
    /// across: cells about four dabs wide, from 16 pixels (a workgroup's block) to the whole tile. Each workgroup
    /// stages and tests every stamp of its cell's list, so small dabs in whole-tile lists are tested by all 256
    /// workgroups of the tile for the one or two they reach (radius 2 costs the device 3-4 times as long); cells
    /// narrower than that bin each dab several times over, which costs the host more than it spares the device.
    static func deviceCellsPerTileSide(diameter: Double) -> Int {
        guard diameter.isFinite else { return 1 }
        let cellPixels = 1 << Int(log2(max(4 * (diameter + 2), 16)).rounded())
        return max(TileLayer.tileSize / min(cellPixels, TileLayer.tileSize), 1)
    }

    /// The compute shader's cells per tile side for the waiting stamps: those of `cellPixels` when fixed (benchmarks,
    /// tests), else the rule's for their typical diameter.
    func deviceCellsPerTileSide(cellPixels: Int?) -> Int {
        cellPixels.map { TileLayer.tileSize / $0 } ?? Self.deviceCellsPerTileSide(diameter: typicalDiameter)
    }

    /// The waiting stamps' typical diameter in the layer's pixels: the root mean square, from the pixels they cover.
    var typicalDiameter: Double { stampCount > 0 ? (Double(coveredPixels) / Double(stampCount)).squareRoot() : 0 }

    /// The strokes waiting, in order.
    private(set) var strokes: [(stroke: Stroke, stamps: [Stamp])] = []
    private(set) var stampCount = 0
    /// The waiting stamps' squares in the layer's pixels, as ``StampSource`` found them (0 where not given).
    private var coveredPixels = 0
    /// Each waiting stroke's stamp count (reading them from `strokes` copies every stroke).
    private var stampCounts: [Int] = []
    /// Seconds spent laying binned chunks out together so far (``BakeHostTimes/layout``).
    private(set) var layoutSeconds = 0.0
    /// Seconds the cores spent binning chunks so far, all together (``BakeHostTimes/binningOnCores``).
    private(set) var binningCoreSeconds = 0.0
    /// The last work's chunks, kept for their memory (``recycle(_:)``): a chunk's stamps and pairs are a hundred
    /// KiB or more, which allocated afresh is mapped, faulted in and unmapped at every binning.
    private var spareChunks: [BinnedChunk] = []

    /// One of a stroke in progress's own layers, which hold it at full opacity until frames composite them: its body
    /// built up "over", or its glow's halo, which keeps the larger value (the host's kernel only).
    enum WetLayer {
        case body, halo
    }

    /// Whether the kernels draw these stamps (they do not draw chartlet images).
    static func draws(_ stamps: [Stamp]) -> Bool { !stamps.contains { $0.layer == .chartlet } }

    /// Whether a stamp covers anything: a non-finite or empty one is skipped, as the rasteriser would.
    static func isDrawable(_ stamp: Stamp) -> Bool {
        stamp.x.isFinite && stamp.y.isFinite && stamp.size.isFinite && stamp.size > 0 && stamp.angle.isFinite
            && stamp.layer != .chartlet
    }

    /// Queues `stroke`'s `stamps`, which cover `coveredPixels` (their squares in the layer's pixels) when known.
    mutating func append(_ stroke: Stroke, stamps: [Stamp], coveredPixels: Int = 0) {
        strokes.append((stroke, stamps))
        stampCounts.append(stamps.count)
        stampCount += stamps.count
        self.coveredPixels += coveredPixels
    }

    var isEmpty: Bool { strokes.isEmpty }

    /// Chunks kept at most: a batch of the largest size (200,000 stamps) in the compute shader's chunks.
    static let spareChunksKept = 128

    /// Keeps `chunks` (work that is written out) for the next binning to fill again.
    mutating func recycle(_ chunks: [BinnedChunk]) { spareChunks = Array(chunks.prefix(Self.spareChunksKept)) }

    /// Keeps only as many of the spare chunks as fit in `bytes` (the first ones, which the next binning fills first).
    mutating func trimSpareChunks(toBytes bytes: Int) {
        var total = 0
        var kept = 0
        while kept < spareChunks.count, total + spareChunks[kept].bytes <= bytes {
            total += spareChunks[kept].bytes
            kept += 1
        }
        if kept < spareChunks.count { spareChunks.removeSubrange(kept...) }
    }

    /// Gives back the kept chunks' memory; returns its bytes.
    mutating func dropSpareChunks() -> Int {
        defer { spareChunks = [] }
        return spareChunks.reduce(0) { $0 + $1.bytes }
    }

    /// Stamps a chunk binned on one core holds (the last one fewer): below that, handing work out costs more than it saves.
    /// Binning for the compute shader (cells four dabs wide, about two cells a dab) costs a fraction of binning into
    /// the host's 16×16 cells, so its chunks are smaller: a GPU batch of large dabs (~30,000 stamps), or a live
    /// stroke's, still reaches every core.
    static func stampsPerChunk(onDevice: Bool) -> Int { onDevice ? 2048 : 8192 }

    /// Takes the queued strokes out as work for `layer` (only its `onlyTiles` when given), binned into
    /// `cellsPerTileSide`² cells per tile. Chunks of consecutive stamps are binned on every core, then put together
    /// in order by ``StampWork``, so each cell still lists its stamps in stroke order.
    /// With `wet`, the stamps of that layer only, drawn into `layer` as a stroke in progress's own.
    mutating func takeWork(
        for layer: TileLayer, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int, onDevice: Bool,
        textures: BrushTextures, wet: WetLayer? = nil
    ) -> StampWork {
        let binning = takeBinning(
            grid: layer.grid, onlyTiles: onlyTiles, cellsPerTileSide: cellsPerTileSide, onDevice: onDevice,
            textures: textures, wet: wet)
        binning.run()
        return work(from: binning, for: layer)
    }

    /// Takes the queued strokes out and starts binning them on other cores as ``takeWork(for:onlyTiles:cellsPerTileSide:onDevice:textures:wet:)``
    /// does, for the caller to go on meanwhile (queueing the next strokes) and lay the work out with
    /// ``work(from:for:)``. Binning reads values only, so the layer's tiles may change meanwhile.
    mutating func startBinning(
        grid: TileGrid, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int, textures: BrushTextures
    ) -> BinningJob {
        let binning = takeBinning(
            grid: grid, onlyTiles: onlyTiles, cellsPerTileSide: cellsPerTileSide, onDevice: true, textures: textures,
            wet: nil)
        binning.start()
        return binning
    }

    /// The binned work of `binning` (waiting for it to finish), laid out for `layer` on this thread.
    mutating func work(from binning: BinningJob, for layer: TileLayer) -> StampWork {
        let chunks = binning.wait()
        binningCoreSeconds += binning.coreSeconds
        let laying = ContinuousClock.now
        defer { layoutSeconds += BakeHostTimes.seconds(since: laying) }
        return StampWork(chunks: chunks, cellsPerTileSide: binning.cellsPerTileSide, layer: layer)
    }

    /// The queued strokes, with the spare chunks' memory, handed to a binning job; the run is left empty.
    private mutating func takeBinning(
        grid: TileGrid, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int, onDevice: Bool, textures: BrushTextures,
        wet: WetLayer?
    ) -> BinningJob {
        defer {
            strokes = []
            stampCounts = []
            stampCount = 0
            coveredPixels = 0
            spareChunks = []
        }
        return BinningJob(
            strokes: strokes, chunks: Self.chunks(of: stampCounts, stamps: Self.stampsPerChunk(onDevice: onDevice)),
            spares: spareChunks,
            target: BinningJob.Target(
                grid: grid, onlyTiles: onlyTiles, cellsPerTileSide: cellsPerTileSide, textures: textures, wet: wet))
    }

    /// The queued strokes' stamps cut into chunks of `stampsPerChunk` stamps (the last one smaller), in order: a
    /// chunk holds consecutive strokes, and a stroke longer than a chunk is cut across several, so a long stroke's
    /// binning is shared by the cores rather than left to one while the others wait.
    static func chunks(of stampCounts: [Int], stamps stampsPerChunk: Int) -> [[StrokePiece]] {
        var chunks: [[StrokePiece]] = []
        var current: [StrokePiece] = []
        var filled = 0
        for (stroke, count) in stampCounts.enumerated() {
            var start = 0
            // A stroke without stamps still has its piece: the kernels read every stroke.
            repeat {
                let taken = min(count - start, stampsPerChunk - filled)
                current.append(StrokePiece(stroke: stroke, stamps: start..<(start + taken)))
                start += taken
                filled += taken
                if filled >= stampsPerChunk {
                    chunks.append(current)
                    current = []
                    filled = 0
                }
            } while start < count
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// The kernels' entry for `stroke`: its opacity (full for a stroke in progress's `wet` layer), how it
    /// composites, its round's hardness, texture and paper grain.
    static func kernelStroke(_ stroke: Stroke, textures: BrushTextures, wet: WetLayer? = nil) -> MLStroke {
        let base = stroke.brush.base
        // A stroke in progress is held whole in its own layers: an eraser's marks too, which frames take away.
        let isEraser = wet == nil && stroke.brush.isEraser
        let opacity = wet != nil ? 1 : base.opacity.isFinite ? min(max(base.opacity, 0), 1) : 1
        return MLStroke(
            opacity: Float(opacity), erase: isEraser ? 1 : 0, hardness: Float(base.hardness),
            textureLayer: textures.pushLayer(for: base.textureID), grain: base.grainStrength,
            grainLayer: textures.paperLayer, keepsLarger: wet == .halo ? 1 : 0, unused: 0)
    }

    /// One chunk's `pieces` of the queued `strokes` turned into kernel stamps and binned, with stamp indices from 0.
    /// A stroke's entry for the kernels goes with its first piece.
    static func bin(
        _ pieces: [StrokePiece], of strokes: [(stroke: Stroke, stamps: [Stamp])], target: BinningJob.Target,
        reusing spare: inout BinnedChunk?
    ) -> BinnedChunk {
        let (grid, cellsPerTileSide) = (target.grid, target.cellsPerTileSide)
        let (textures, wet) = (target.textures, target.wet)
        var chunk = BinnedChunk(
            bins: CellBins(grid: grid, onlyTiles: target.onlyTiles, cellsPerTileSide: cellsPerTileSide), stamps: [],
            strokes: [])
        if var old = spare {
            spare = nil
            swap(&chunk.stamps, &old.stamps)
            swap(&chunk.strokes, &old.strokes)
            chunk.stamps.removeAll(keepingCapacity: true)
            chunk.strokes.removeAll(keepingCapacity: true)
            chunk.bins.adoptPairs(&old.bins)
        }
        chunk.strokes.reserveCapacity(pieces.count)
        // Room for every stamp and for each binned once or twice, so the arrays do not grow by copying.
        let stampCount = pieces.reduce(0) { $0 + $1.stamps.count }
        chunk.stamps.reserveCapacity(stampCount)
        chunk.bins.reserve(pairs: stampCount * (cellsPerTileSide == 1 ? 5 : 8) / 4)
        let scale = Float(grid.scale)
        let documentPixel = 1 / grid.scale
        for piece in pieces {
            let entry = strokes[piece.stroke]
            let brush = entry.stroke.brush
            let base = brush.base
            // A stroke in progress is held whole in its own layers: an eraser's marks too, which frames take away.
            let isEraser = wet == nil && brush.isEraser
            let textured = base.textureID != nil
            if piece.stamps.lowerBound == 0 {
                chunk.strokes.append(kernelStroke(entry.stroke, textures: textures, wet: wet))
            }
            let strokeIndex = Float(piece.stroke)
            for stamp in entry.stamps[piece.stamps] where isDrawable(stamp) {
                if let wet, (wet == .halo) != (stamp.layer == .glowHalo) { continue }
                // A texture fills its rotated square; a round stamp its disc and a rim under a pixel wide.
                let reach =
                    textured
                    ? StampPainter.reach(of: stamp, scale: grid.scale) : Double(stamp.size) / 2 + documentPixel
                guard
                    chunk.bins.add(UInt32(chunk.stamps.count), stamp: stamp, reach: reach, erasing: isEraser)
                else { continue }
                let radius = stamp.size / 2
                let alpha = stamp.alpha * stamp.flow
                // Most stamps are not turned: no sine and cosine to work out for them.
                let (cosine, sine) = stamp.angle == 0 ? (1, 0) : (cos(stamp.angle), sin(stamp.angle))
                chunk.stamps.append(
                    MLStamp(
                        x: stamp.x, y: stamp.y, cosOverRadius: cosine / radius, sinOverRadius: sine / radius,
                        red: stamp.red * alpha, green: stamp.green * alpha,
                        blue: stamp.blue * alpha, alpha: alpha, slot: Float(stamp.textureSlot),
                        stroke: strokeIndex, halo: stamp.layer == .glowHalo ? 1 : 0,
                        radiusPixels: radius * scale))
            }
        }
        return chunk
    }
}

extension AnyBrush {
    var isEraser: Bool {
        if case .eraser = self { return true }
        return false
    }

    var isChartlet: Bool {
        if case .chartlet = self { return true }
        return false
    }
}

/// Stamps `stamps` of the queued stroke `stroke` (its index in the run): all of them, or a part of a long stroke.
struct StrokePiece: Equatable {
    var stroke: Int
    var stamps: Range<Int>
}
