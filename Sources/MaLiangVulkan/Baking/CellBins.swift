import MaLiangCore

/// Stamp indices binned by the cells they reach, per tile, in the order they were added: one chunk of strokes'
/// share of a ``StampWork``.
struct CellBins {
    /// One binning: a cell (slot × cells per tile + cell in the tile) and a stamp reaching it.
    struct Pair {
        var cell: Int32
        var stamp: UInt32
    }

    let layer: TileLayer
    let onlyTiles: Set<TileKey>?
    let perSide: Int
    /// log2 of `perSide` (a power of two): cells are found by shifts, not divisions, once or more a stamp.
    let perSideShift: Int
    let cellPixels: Double
    private let cellsPerDocumentPixel: Double
    /// The layer's last cell column and row.
    private let lastColumn: Int
    private let lastRow: Int
    /// The tiles reached, by slot.
    private(set) var tiles: [TileKey] = []
    private var slots: TileSlotTable
    /// The last tile looked up and its slot (consecutive stamps mostly land on the same tile).
    private var lastTile: (key: TileKey, slot: Int)?
    /// Each binning, in the order added.
    private(set) var pairs: [Pair] = []
    /// Slots reached only by erasing where the layer has no tile yet.
    private(set) var provisional: Set<Int> = []

    init(layer: TileLayer, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int) {
        precondition(cellsPerTileSide > 0 && cellsPerTileSide & (cellsPerTileSide - 1) == 0)
        self.layer = layer
        self.onlyTiles = onlyTiles
        perSide = cellsPerTileSide
        perSideShift = cellsPerTileSide.trailingZeroBitCount
        cellPixels = Double(TileLayer.tileSize / cellsPerTileSide)
        cellsPerDocumentPixel = layer.scale / cellPixels
        lastColumn = layer.columns * cellsPerTileSide - 1
        lastRow = layer.rows * cellsPerTileSide - 1
        slots = TileSlotTable(columns: layer.columns, rows: layer.rows)
    }

    var cellsPerTile: Int { perSide * perSide }

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
            // Erasing where there is no paint does nothing: unless paint comes to it (later here, or in another
            // chunk of the same work), no tile is made for it.
            if erasing && layer.tile(key) == nil { provisional.insert(slot) }
        }
        lastTile = (key, slot)
        return slot
    }

    /// Bins stamp `index`, which paints up to `reach` document pixels from its centre; false when it reaches no
    /// cell to draw in.
    @inline(__always)
    mutating func add(_ index: UInt32, stamp: Stamp, reach: Double, erasing: Bool) -> Bool {
        // Cells in layer coordinates, clipped to the layer.
        let scale = cellsPerDocumentPixel
        let x0 = Self.firstCell((Double(stamp.x) - reach) * scale)
        let x1 = min(Self.lastCell((Double(stamp.x) + reach) * scale), lastColumn)
        let y0 = Self.firstCell((Double(stamp.y) - reach) * scale)
        let y1 = min(Self.lastCell((Double(stamp.y) + reach) * scale), lastRow)
        guard x0 <= x1, y0 <= y1 else { return false }
        // Most small dabs reach a cell or a few of the tile the stamp before reached: nothing to look up.
        let (tileColumn, tileRow) = (x0 >> perSideShift, y0 >> perSideShift)
        if let lastTile, lastTile.key.column == tileColumn, lastTile.key.row == tileRow,
            x1 >> perSideShift == tileColumn, y1 >> perSideShift == tileRow, erasing || provisional.isEmpty
        {
            let mask = perSide - 1
            let tileBase = lastTile.slot << (2 * perSideShift)
            for row in (y0 & mask)...(y1 & mask) {
                let rowBase = tileBase | (row << perSideShift)
                for column in (x0 & mask)...(x1 & mask) {
                    pairs.append(Pair(cell: Int32(rowBase | column), stamp: index))
                }
            }
            return true
        }
        return add(index, columns: x0...x1, rows: y0...y1, erasing: erasing)
    }

    /// Bins stamp `index` into the cells of `columns` × `rows` (layer cells, clipped to the layer).
    @inline(never)
    private mutating func add(
        _ index: UInt32, columns: ClosedRange<Int>, rows: ClosedRange<Int>, erasing: Bool
    ) -> Bool {
        let (x0, x1, y0, y1) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
        let before = pairs.count
        for tileRow in (y0 >> perSideShift)...(y1 >> perSideShift) {
            for tileColumn in (x0 >> perSideShift)...(x1 >> perSideShift) {
                guard let slot = slot(TileKey(column: tileColumn, row: tileRow), erasing: erasing) else { continue }
                let firstRow = max(y0, tileRow * perSide) - tileRow * perSide
                let lastRow = min(y1, tileRow * perSide + perSide - 1) - tileRow * perSide
                let firstColumn = max(x0, tileColumn * perSide) - tileColumn * perSide
                let lastColumn = min(x1, tileColumn * perSide + perSide - 1) - tileColumn * perSide
                for row in firstRow...lastRow {
                    let rowBase = Int32(slot * perSide * perSide + row * perSide)
                    for column in firstColumn...lastColumn {
                        pairs.append(Pair(cell: rowBase + Int32(column), stamp: index))
                    }
                }
            }
        }
        return pairs.count > before
    }

    // Cells from coordinates in cells (finite) without the C library's floor (four calls a stamp were a share of
    // binning's time) and without a branch on the fraction, which no predictor guesses: a truncation is the floor
    // wherever it counts. Far-off values are clamped; the clip to the layer follows.

    /// The first cell a span starting at `value` reaches, no lower than 0.
    @inline(__always) private static func firstCell(_ value: Double) -> Int { Int(min(max(value, 0), 1e15)) }

    /// The last cell a span ending at `value` reaches: −1 left of the layer.
    @inline(__always) private static func lastCell(_ value: Double) -> Int {
        value < 0 ? -1 : Int(min(value, 1e15))
    }

    /// Makes room for `count` binnings.
    mutating func reserve(pairs count: Int) { pairs.reserveCapacity(count) }

    /// Takes the memory of `spare`'s pairs (an earlier chunk's), emptied, for its own.
    mutating func adoptPairs(_ spare: inout CellBins) {
        swap(&pairs, &spare.pairs)
        pairs.removeAll(keepingCapacity: true)
    }

    /// Bytes the pairs' memory holds.
    var pairBytes: Int { pairs.capacity * MemoryLayout<Pair>.stride }

    /// How many binnings each cell has, by cell.
    func cellCounts() -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: tiles.count * cellsPerTile)
        counts.withUnsafeMutableBufferPointer { counts in
            for pair in pairs { counts[Int(pair.cell)] += 1 }
        }
        return counts
    }
}

/// Each reached tile's slot in one chunk's bins. A table over the layer's tiles where the layer is not huge: a look-up
/// is an index rather than a hash, and a large dab looks up every tile it reaches (each 30 ns or so hashed, most of
/// binning a dab of radius 128). A dictionary for layers of more tiles, whose table would cost more to make than it saves.
private struct TileSlotTable {
    /// Tiles up to which the table is used (64 KiB).
    static let tableLimit = 16_384
    private let columns: Int
    /// Slot + 1 by tile, row by row (0: none yet); empty for a large layer.
    private var table: [Int32]
    private var dictionary: [TileKey: Int] = [:]

    init(columns: Int, rows: Int) {
        self.columns = columns
        let count = columns * rows
        table = count <= Self.tableLimit ? [Int32](repeating: 0, count: count) : []
    }

    /// The slot of `key` (a tile of the layer), nil before it is given one.
    subscript(key: TileKey) -> Int? {
        get {
            guard !table.isEmpty else { return dictionary[key] }
            let stored = table[key.row * columns + key.column]
            return stored == 0 ? nil : Int(stored) - 1
        }
        set {
            guard !table.isEmpty else {
                dictionary[key] = newValue
                return
            }
            table[key.row * columns + key.column] = newValue.map { Int32($0 + 1) } ?? 0
        }
    }
}
