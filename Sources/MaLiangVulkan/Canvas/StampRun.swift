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

/// Strokes queued to be stamped together, and their stamps binned by the 16×16-pixel cells of the tiles they
/// reach — the work both stamping kernels (Shaders/stamp.comp on a GPU, CStamping on the CPU) walk cell by cell.
struct StampRun {
    /// Cells per tile side the host's kernel bins into (16×16 pixels each). The compute shader takes whole tiles'
    /// lists (1) and has each workgroup skip the stamps that miss its cell: a GPU tests a stamp far faster than the
    /// host bins it.
    static let hostCellsPerTileSide = 16

    /// The strokes waiting, in order.
    private(set) var strokes: [(stroke: Stroke, stamps: [Stamp])] = []
    private(set) var stampCount = 0
    /// Each waiting stroke's stamp count (reading them from `strokes` copies every stroke).
    private var stampCounts: [Int] = []

    /// Whether the kernels draw these stamps (they do not draw chartlet images).
    static func draws(_ stamps: [Stamp]) -> Bool { !stamps.contains { $0.layer == .chartlet } }

    /// Whether a stamp covers anything: a non-finite or empty one is skipped, as the rasteriser would.
    static func isDrawable(_ stamp: Stamp) -> Bool {
        stamp.x.isFinite && stamp.y.isFinite && stamp.size.isFinite && stamp.size > 0 && stamp.angle.isFinite
            && stamp.layer != .chartlet
    }

    mutating func append(_ stroke: Stroke, stamps: [Stamp]) {
        strokes.append((stroke, stamps))
        stampCounts.append(stamps.count)
        stampCount += stamps.count
    }

    var isEmpty: Bool { strokes.isEmpty }

    /// Stamps a chunk binned on one core holds at least: below that, handing work out costs more than it saves.
    static let stampsPerChunk = 8192

    /// Takes the queued strokes out as work for `layer` (only its `onlyTiles` when given), binned into
    /// `cellsPerTileSide`² cells per tile. Runs of consecutive strokes are binned on every core, then put together in
    /// order, so each cell still lists its stamps in stroke order.
    mutating func takeWork(
        for layer: TileLayer, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int, textures: BrushTextures
    ) -> StampWork {
        defer {
            strokes = []
            stampCounts = []
            stampCount = 0
        }
        var work = StampWork()
        let chunks = Self.chunks(of: stampCounts)
        let queued = strokes
        var parts = [BinnedChunk?](repeating: nil, count: chunks.count)
        parts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            nonisolated(unsafe) let target = layer
            nonisolated(unsafe) let masks = textures
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                output[index] = Self.bin(
                    queued[chunks[index]], firstStroke: chunks[index].lowerBound, layer: target, onlyTiles: onlyTiles,
                    cellsPerTileSide: cellsPerTileSide, textures: masks)
            }
        }
        var bins = CellBins(layer: layer, onlyTiles: onlyTiles, cellsPerTileSide: cellsPerTileSide)
        // Room for all of it at once: growing by each part's size would copy what is there at every part.
        bins.reserve(pairs: parts.reduce(0) { $0 + ($1?.bins.pairCount ?? 0) })
        work.stamps.reserveCapacity(parts.reduce(0) { $0 + ($1?.stamps.count ?? 0) })
        work.strokes.reserveCapacity(strokes.count)
        for part in parts {
            guard let part else { continue }
            bins.append(part.bins, stampOffset: UInt32(work.stamps.count))
            work.stamps += part.stamps
            work.strokes += part.strokes
        }
        (work.tiles, work.cells, work.entries) = bins.finish()
        work.cellsPerTile = cellsPerTileSide * cellsPerTileSide
        return work
    }

    /// Ranges of consecutive strokes of about ``stampsPerChunk`` stamps or more each (one range for little work).
    static func chunks(of stampCounts: [Int]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var stamps = 0
        for (index, count) in stampCounts.enumerated() {
            stamps += count
            if stamps >= stampsPerChunk {
                ranges.append(start..<(index + 1))
                start = index + 1
                stamps = 0
            }
        }
        if start < stampCounts.count { ranges.append(start..<stampCounts.count) }
        return ranges
    }

    /// Stamps of consecutive strokes turned into kernel stamps and binned, with stamp indices from 0.
    private static func bin(
        _ strokes: ArraySlice<(stroke: Stroke, stamps: [Stamp])>, firstStroke: Int, layer: TileLayer,
        onlyTiles: Set<TileKey>?, cellsPerTileSide: Int, textures: BrushTextures
    ) -> BinnedChunk {
        var chunk = BinnedChunk(
            bins: CellBins(layer: layer, onlyTiles: onlyTiles, cellsPerTileSide: cellsPerTileSide), stamps: [],
            strokes: [])
        chunk.strokes.reserveCapacity(strokes.count)
        let scale = Float(layer.scale)
        for (offset, entry) in strokes.enumerated() {
            let brush = entry.stroke.brush
            let base = brush.base
            let isEraser = brush.isEraser
            let textured = base.textureID != nil
            let opacity = base.opacity.isFinite ? min(max(base.opacity, 0), 1) : 1
            chunk.strokes.append(
                MLStroke(
                    opacity: Float(opacity), erase: isEraser ? 1 : 0, hardness: Float(base.hardness),
                    textureLayer: textures.pushLayer(for: base.textureID), grain: base.grainStrength,
                    grainLayer: textures.paperLayer, unused0: 0, unused1: 0))
            let strokeIndex = Float(firstStroke + offset)
            for stamp in entry.stamps where isDrawable(stamp) {
                // A texture fills its rotated square; a round stamp its disc and a rim under a pixel wide.
                let reach =
                    textured
                    ? StampPainter.reach(of: stamp, scale: layer.scale) : Double(stamp.size) / 2 + 1 / layer.scale
                guard
                    chunk.bins.add(UInt32(chunk.stamps.count), stamp: stamp, reach: reach, erasing: isEraser)
                else { continue }
                let radius = stamp.size / 2
                let alpha = stamp.alpha * stamp.flow
                chunk.stamps.append(
                    MLStamp(
                        x: stamp.x, y: stamp.y, cosOverRadius: cos(stamp.angle) / radius,
                        sinOverRadius: sin(stamp.angle) / radius, red: stamp.red * alpha, green: stamp.green * alpha,
                        blue: stamp.blue * alpha, alpha: alpha, slot: Float(stamp.textureSlot),
                        stroke: strokeIndex, halo: stamp.layer == .glowHalo ? 1 : 0,
                        radiusPixels: radius * scale))
            }
        }
        return chunk
    }
}

/// One run of strokes binned on its own.
private struct BinnedChunk {
    var bins: CellBins
    var stamps: [MLStamp]
    /// What the kernels read of each of its strokes, in order.
    var strokes: [MLStroke]
}

/// Binned stamps: what a stamping kernel reads.
struct StampWork {
    var stamps: [MLStamp] = []
    var strokes: [MLStroke] = []
    /// The tiles reached; tile n's cells are at n × ``cellsPerTile``.
    var tiles: [TileKey] = []
    var cellsPerTile = 1
    /// Per cell: index of its first entry, number of entries.
    var cells: [UInt32] = []
    /// Stamp indices, each cell's in stroke order.
    var entries: [UInt32] = []
}

/// Stamp indices binned by the cells they reach, per tile, in the order they were added.
private struct CellBins {
    let layer: TileLayer
    let onlyTiles: Set<TileKey>?
    let perSide: Int
    let cellPixels: Double
    private var tiles: [TileKey] = []
    private var slots: [TileKey: Int] = [:]
    /// The last tile looked up and its slot (consecutive stamps mostly land on the same tile).
    private var lastTile: (key: TileKey, slot: Int)?
    /// Cell index and stamp index of each binning, in the order added.
    private var cellOfPair: [Int32] = []
    private var stampOfPair: [UInt32] = []
    /// Slots reached only by erasing where the layer has no tile yet.
    private var provisional: Set<Int> = []

    init(layer: TileLayer, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int) {
        self.layer = layer
        self.onlyTiles = onlyTiles
        perSide = cellsPerTileSide
        cellPixels = Double(TileLayer.tileSize / cellsPerTileSide)
    }

    /// The slot of tile `key`, made when first reached; nil for a tile not to draw in.
    private mutating func slot(_ key: TileKey, erasing: Bool) -> Int? {
        if let lastTile, lastTile.key == key {
            if !erasing && !provisional.isEmpty { provisional.remove(lastTile.slot) }
            return lastTile.slot
        }
        if let onlyTiles, !onlyTiles.contains(key) { return nil }
        let slot: Int
        if let existing = slots[key] {
            slot = existing
            if !erasing && !provisional.isEmpty { provisional.remove(existing) }
        } else {
            slot = tiles.count
            slots[key] = slot
            tiles.append(key)
            // Erasing where there is no paint does nothing: unless paint comes to it (later here, or in the runs
            // binned before this one), no tile is made for it.
            if erasing && layer.tile(key) == nil { provisional.insert(slot) }
        }
        lastTile = (key, slot)
        return slot
    }

    /// Bins stamp `index`, which paints up to `reach` document pixels from its centre; false when it reaches no
    /// cell to draw in.
    mutating func add(_ index: UInt32, stamp: Stamp, reach: Double, erasing: Bool) -> Bool {
        let scale = layer.scale / cellPixels
        // Cells in layer coordinates, clipped to the layer.
        let x0 = max(Int(((Double(stamp.x) - reach) * scale).rounded(.down)), 0)
        let x1 = min(Int(((Double(stamp.x) + reach) * scale).rounded(.down)), layer.columns * perSide - 1)
        let y0 = max(Int(((Double(stamp.y) - reach) * scale).rounded(.down)), 0)
        let y1 = min(Int(((Double(stamp.y) + reach) * scale).rounded(.down)), layer.rows * perSide - 1)
        guard x0 <= x1, y0 <= y1 else { return false }
        let before = cellOfPair.count
        for tileRow in (y0 / perSide)...(y1 / perSide) {
            for tileColumn in (x0 / perSide)...(x1 / perSide) {
                guard let slot = slot(TileKey(column: tileColumn, row: tileRow), erasing: erasing) else { continue }
                let firstRow = max(y0, tileRow * perSide) - tileRow * perSide
                let lastRow = min(y1, tileRow * perSide + perSide - 1) - tileRow * perSide
                let firstColumn = max(x0, tileColumn * perSide) - tileColumn * perSide
                let lastColumn = min(x1, tileColumn * perSide + perSide - 1) - tileColumn * perSide
                for row in firstRow...lastRow {
                    let rowBase = Int32(slot * perSide * perSide + row * perSide)
                    for column in firstColumn...lastColumn {
                        cellOfPair.append(rowBase + Int32(column))
                        stampOfPair.append(index)
                    }
                }
            }
        }
        return cellOfPair.count > before
    }

    /// How many (cell, stamp) binnings there are.
    var pairCount: Int { cellOfPair.count }

    /// Makes room for `pairs` binnings in all.
    mutating func reserve(pairs: Int) {
        cellOfPair.reserveCapacity(pairs)
        stampOfPair.reserveCapacity(pairs)
    }

    /// Adds another binner's binnings after these, its stamp indices moved by `stampOffset` and its tiles given
    /// slots here.
    mutating func append(_ other: CellBins, stampOffset: UInt32) {
        let cellsPerTile = perSide * perSide
        var slotOf: [Int] = []
        slotOf.reserveCapacity(other.tiles.count)
        for (localSlot, key) in other.tiles.enumerated() {
            let painted = !other.provisional.contains(localSlot)
            if let existing = slots[key] {
                slotOf.append(existing)
                if painted { provisional.remove(existing) }
            } else {
                slots[key] = tiles.count
                slotOf.append(tiles.count)
                if !painted { provisional.insert(tiles.count) }
                tiles.append(key)
            }
        }
        for (cell, stamp) in zip(other.cellOfPair, other.stampOfPair) {
            let slot = slotOf[Int(cell) / cellsPerTile]
            cellOfPair.append(Int32(slot * cellsPerTile + Int(cell) % cellsPerTile))
            stampOfPair.append(stamp + stampOffset)
        }
    }

    /// These binnings without the tiles only erasing reached (nothing to erase there), slots renumbered.
    private func withoutProvisionalTiles() -> CellBins {
        var kept = CellBins(layer: layer, onlyTiles: onlyTiles, cellsPerTileSide: perSide)
        let cellsPerTile = perSide * perSide
        var slotOf = [Int](repeating: -1, count: tiles.count)
        for (slot, key) in tiles.enumerated() where !provisional.contains(slot) {
            slotOf[slot] = kept.tiles.count
            kept.slots[key] = kept.tiles.count
            kept.tiles.append(key)
        }
        for (cell, stamp) in zip(cellOfPair, stampOfPair) {
            let slot = slotOf[Int(cell) / cellsPerTile]
            guard slot >= 0 else { continue }
            kept.cellOfPair.append(Int32(slot * cellsPerTile + Int(cell) % cellsPerTile))
            kept.stampOfPair.append(stamp)
        }
        return kept
    }

    /// The tiles, the cell table and the entries (a counting sort of the binnings by cell, stable).
    func finish() -> (tiles: [TileKey], cells: [UInt32], entries: [UInt32]) {
        guard provisional.isEmpty else { return withoutProvisionalTiles().finish() }
        let cellCount = tiles.count * perSide * perSide
        var cells = [UInt32](repeating: 0, count: cellCount * 2)
        var entries = [UInt32](repeating: 0, count: cellOfPair.count)
        cells.withUnsafeMutableBufferPointer { cells in
            for cell in cellOfPair { cells[Int(cell) * 2 + 1] += 1 }
            var position: UInt32 = 0
            for cell in 0..<cellCount {
                cells[cell * 2] = position
                position += cells[cell * 2 + 1]
            }
            // The first of each cell's pairs doubles as its next free place while filling, then is put back.
            entries.withUnsafeMutableBufferPointer { entries in
                for (cell, stamp) in zip(cellOfPair, stampOfPair) {
                    let at = Int(cells[Int(cell) * 2])
                    entries[at] = stamp
                    cells[Int(cell) * 2] += 1
                }
            }
            for cell in 0..<cellCount { cells[cell * 2] -= cells[cell * 2 + 1] }
        }
        return (tiles, cells, entries)
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
