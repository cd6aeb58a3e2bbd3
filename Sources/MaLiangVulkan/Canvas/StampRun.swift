import CStamping
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
    static let cellSize = 16
    static let cellsPerTileSide = TileLayer.tileSize / cellSize
    static let cellsPerTile = cellsPerTileSide * cellsPerTileSide

    /// The strokes waiting, in order.
    private(set) var strokes: [(stroke: Stroke, stamps: [Stamp])] = []
    private(set) var stampCount = 0

    /// Whether the kernels draw these stamps (they do not draw chartlet images).
    static func draws(_ stamps: [Stamp]) -> Bool { !stamps.contains { $0.layer == .chartlet } }

    /// Whether a stamp covers anything: a non-finite or empty one is skipped, as the rasteriser would.
    static func isDrawable(_ stamp: Stamp) -> Bool {
        stamp.x.isFinite && stamp.y.isFinite && stamp.size.isFinite && stamp.size > 0 && stamp.angle.isFinite
            && stamp.layer != .chartlet
    }

    mutating func append(_ stroke: Stroke, stamps: [Stamp]) {
        strokes.append((stroke, stamps))
        stampCount += stamps.count
    }

    var isEmpty: Bool { strokes.isEmpty }

    /// Takes the queued strokes out as binned work for `layer` (only its `onlyTiles` when given).
    mutating func takeWork(for layer: TileLayer, onlyTiles: Set<TileKey>?, textures: BrushTextures) -> StampWork {
        defer {
            strokes = []
            stampCount = 0
        }
        var work = StampWork()
        var bins = CellBins(layer: layer, onlyTiles: onlyTiles)
        let scale = Float(layer.scale)
        for (strokeIndex, entry) in strokes.enumerated() {
            let brush = entry.stroke.brush
            let isEraser = brush.isEraser
            let opacity = brush.base.opacity.isFinite ? min(max(brush.base.opacity, 0), 1) : 1
            work.strokes.append(
                MLStroke(
                    opacity: Float(opacity), erase: isEraser ? 1 : 0, hardness: Float(brush.base.hardness),
                    textureLayer: textures.pushLayer(for: brush.base.textureID)))
            let textured = brush.base.textureID != nil
            for stamp in entry.stamps where Self.isDrawable(stamp) {
                // A texture fills its rotated square; a round stamp its disc and a rim under a pixel wide.
                let reach =
                    textured
                    ? StampPainter.reach(of: stamp, scale: layer.scale) : Double(stamp.size) / 2 + 1 / layer.scale
                guard bins.add(UInt32(work.stamps.count), stamp: stamp, reach: reach, erasing: isEraser) else {
                    continue
                }
                let radius = stamp.size / 2
                let alpha = stamp.alpha * stamp.flow
                work.stamps.append(
                    MLStamp(
                        x: stamp.x, y: stamp.y, cosOverRadius: cos(stamp.angle) / radius,
                        sinOverRadius: sin(stamp.angle) / radius, red: stamp.red * alpha, green: stamp.green * alpha,
                        blue: stamp.blue * alpha, alpha: alpha, slot: Float(stamp.textureSlot),
                        stroke: Float(strokeIndex), halo: stamp.layer == .glowHalo ? 1 : 0,
                        radiusPixels: radius * scale))
            }
        }
        (work.tiles, work.cells, work.entries) = bins.finish()
        return work
    }
}

/// Binned stamps: what a stamping kernel reads.
struct StampWork {
    var stamps: [MLStamp] = []
    var strokes: [MLStroke] = []
    /// The tiles reached; tile n's cells are at n × ``StampRun/cellsPerTile``.
    var tiles: [TileKey] = []
    /// Per cell: index of its first entry, number of entries.
    var cells: [UInt32] = []
    /// Stamp indices, each cell's in stroke order.
    var entries: [UInt32] = []
}

/// Stamp indices binned by the cells they reach, per tile, in the order they were added.
private struct CellBins {
    let layer: TileLayer
    let onlyTiles: Set<TileKey>?
    private var tiles: [TileKey] = []
    private var slots: [TileKey: Int] = [:]
    /// (cell index, stamp index) pairs, in the order added.
    private var pairs: [(cell: Int32, stamp: UInt32)] = []

    init(layer: TileLayer, onlyTiles: Set<TileKey>?) {
        self.layer = layer
        self.onlyTiles = onlyTiles
    }

    /// Bins stamp `index`, which paints up to `reach` document pixels from its centre; false when it reaches no
    /// cell to draw in.
    mutating func add(_ index: UInt32, stamp: Stamp, reach: Double, erasing: Bool) -> Bool {
        let scale = layer.scale
        let cell = Double(StampRun.cellSize)
        let perSide = StampRun.cellsPerTileSide
        // Cells in layer coordinates, clipped to the layer.
        let x0 = max(Int(((Double(stamp.x) - reach) * scale / cell).rounded(.down)), 0)
        let x1 = min(Int(((Double(stamp.x) + reach) * scale / cell).rounded(.down)), layer.columns * perSide - 1)
        let y0 = max(Int(((Double(stamp.y) - reach) * scale / cell).rounded(.down)), 0)
        let y1 = min(Int(((Double(stamp.y) + reach) * scale / cell).rounded(.down)), layer.rows * perSide - 1)
        guard x0 <= x1, y0 <= y1 else { return false }
        let before = pairs.count
        for tileRow in (y0 / perSide)...(y1 / perSide) {
            for tileColumn in (x0 / perSide)...(x1 / perSide) {
                let key = TileKey(column: tileColumn, row: tileRow)
                if let onlyTiles, !onlyTiles.contains(key) { continue }
                let slot: Int
                if let existing = slots[key] {
                    slot = existing
                } else {
                    // Erasing where there is no paint does nothing: no tile is made for it.
                    if erasing && layer.tile(key) == nil { continue }
                    slot = tiles.count
                    slots[key] = slot
                    tiles.append(key)
                }
                let rows = max(y0, tileRow * perSide)...min(y1, tileRow * perSide + perSide - 1)
                let columns = max(x0, tileColumn * perSide)...min(x1, tileColumn * perSide + perSide - 1)
                for row in rows {
                    let rowBase = slot * StampRun.cellsPerTile + (row - tileRow * perSide) * perSide
                    for column in columns {
                        pairs.append((Int32(rowBase + column - tileColumn * perSide), index))
                    }
                }
            }
        }
        return pairs.count > before
    }

    /// The tiles, the cell table and the entries (a counting sort of the pairs by cell, stable).
    func finish() -> (tiles: [TileKey], cells: [UInt32], entries: [UInt32]) {
        let cellCount = tiles.count * StampRun.cellsPerTile
        var cells = [UInt32](repeating: 0, count: cellCount * 2)
        for pair in pairs { cells[Int(pair.cell) * 2 + 1] += 1 }
        var position: UInt32 = 0
        for cell in 0..<cellCount {
            cells[cell * 2] = position
            position += cells[cell * 2 + 1]
        }
        var next = (0..<cellCount).map { cells[$0 * 2] }
        var entries = [UInt32](repeating: 0, count: pairs.count)
        for pair in pairs {
            entries[Int(next[Int(pair.cell)])] = pair.stamp
            next[Int(pair.cell)] += 1
        }
        return (tiles, cells, entries)
    }
}

extension AnyBrush {
    var isEraser: Bool {
        if case .eraser = self { return true }
        return false
    }
}
