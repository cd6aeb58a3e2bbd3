import MaLiangCore

/// Stamp indices binned by the cells they reach, per tile, in the order they were added: one chunk of strokes'
/// share of a ``StampWork``.
struct CellBins {
    /// One binning: a cell (slot × cells per tile + cell in the tile) and a stamp reaching it.
    struct Pair {
        var cell: Int32
        var stamp: UInt32
    }

    let grid: TileGrid
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
    /// The cells within one tile that the last stamp binned so reached, and the boxes that reach the same: a small
    /// dab mostly reaches the cells of the one before.
    private var lastCells = LastCells.none
    /// Each binning, in the order added.
    private(set) var pairs = AppendBuffer<Pair>()
    /// How many binnings each cell has, by cell (counted as they are added: a pass over the pairs after was a share
    /// of binning small dabs).
    private(set) var cellCounts = AppendBuffer<UInt32>()
    /// The cells with a binning, in the order first reached: laying chunks out together visits only these (a small
    /// dab's chunk reaches a few hundred of its tiles' thousands of cells).
    private(set) var reachedCells = AppendBuffer<Int32>()
    /// Slots reached only by erasing so far: whether the layer has paint there to erase is for the layout to find
    /// (``StampWork``), on the thread that makes the layer's tiles — binning may run while an earlier batch makes them.
    private(set) var erasedOnly: Set<Int> = []

    /// Bins for a layer of tiles `grid`; values only, so that they can be filled on any thread.
    init(grid: TileGrid, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int) {
        precondition(cellsPerTileSide > 0 && cellsPerTileSide & (cellsPerTileSide - 1) == 0)
        self.grid = grid
        self.onlyTiles = onlyTiles
        perSide = cellsPerTileSide
        perSideShift = cellsPerTileSide.trailingZeroBitCount
        cellPixels = Double(TileLayer.tileSize / cellsPerTileSide)
        cellsPerDocumentPixel = grid.scale / cellPixels
        lastColumn = grid.columns * cellsPerTileSide - 1
        lastRow = grid.rows * cellsPerTileSide - 1
        slots = TileSlotTable(columns: grid.columns, rows: grid.rows)
    }

    var cellsPerTile: Int { perSide * perSide }

    /// The slot of tile `key`, made when first reached; nil for a tile not to draw in.
    private mutating func slot(_ key: TileKey, erasing: Bool) -> Int? {
        if let lastTile, lastTile.key == key {
            notePainting(lastTile.slot, erasing: erasing)
            return lastTile.slot
        }
        if let onlyTiles, !onlyTiles.contains(key) { return nil }
        let slot: Int
        if let existing = slots[key] {
            slot = existing
            notePainting(existing, erasing: erasing)
        } else {
            slot = tiles.count
            slots[key] = slot
            tiles.append(key)
            cellCounts.append(0, times: cellsPerTile)
            // Erasing where there is no paint does nothing: unless paint comes to it (later here, or in another
            // chunk of the same work) or the layer has a tile there, no tile is made for it.
            if erasing { erasedOnly.insert(slot) }
        }
        lastTile = (key, slot)
        return slot
    }

    /// A stamp reaches `slot`: unless it erases, the tile is painted, not only erased.
    @inline(__always)
    private mutating func notePainting(_ slot: Int, erasing: Bool) {
        if !erasing && !erasedOnly.isEmpty { erasedOnly.remove(slot) }
    }

    /// Bins stamp `index`, which paints up to `reach` document pixels from its centre; false when it reaches no
    /// cell to draw in.
    @inline(__always)
    mutating func add(_ index: UInt32, stamp: Stamp, reach: Double, erasing: Bool) -> Bool {
        let (x, y) = (Double(stamp.x), Double(stamp.y))
        if lastCells.same.contain(x: x, y: y, reach: reach) {
            notePainting(lastCells.slot, erasing: erasing)
            if lastCells.onlyCell >= 0 {
                append(index, cell: lastCells.onlyCell)
            } else {
                append(index, tileBase: lastCells.tileBase, columns: lastCells.columns, rows: lastCells.rows)
            }
            return true
        }
        // Cells in layer coordinates, clipped to the layer.
        let scale = cellsPerDocumentPixel
        let x0 = TileGrid.firstIndex((x - reach) * scale)
        let x1 = min(TileGrid.lastIndex((x + reach) * scale), lastColumn)
        let y0 = TileGrid.firstIndex((y - reach) * scale)
        let y1 = min(TileGrid.lastIndex((y + reach) * scale), lastRow)
        guard x0 <= x1, y0 <= y1 else { return false }
        // Most small dabs reach a cell or a few of the tile the stamp before reached: nothing to look up.
        let (tileColumn, tileRow) = (x0 &>> perSideShift, y0 &>> perSideShift)
        if let lastTile, lastTile.key.column == tileColumn, lastTile.key.row == tileRow,
            x1 &>> perSideShift == tileColumn, y1 &>> perSideShift == tileRow
        {
            notePainting(lastTile.slot, erasing: erasing)
            let mask = perSide - 1
            lastCells = LastCells(
                slot: lastTile.slot, columns: (x0 & mask)...(x1 & mask), rows: (y0 & mask)...(y1 & mask),
                perSideShift: perSideShift,
                same: SameReach(
                    columns: x0...x1, rows: y0...y1, unit: 1 / scale, lastColumn: lastColumn, lastRow: lastRow))
            append(index, tileBase: lastCells.tileBase, columns: lastCells.columns, rows: lastCells.rows)
            return true
        }
        return add(index, columns: x0...x1, rows: y0...y1, erasing: erasing)
    }

    /// Bins stamp `index` into `columns` × `rows` of the tile whose first cell is `tileBase`.
    @inline(__always)
    private mutating func append(_ index: UInt32, tileBase: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        var row = rows.lowerBound
        repeat {
            let rowBase = tileBase | (row &<< perSideShift)
            var column = columns.lowerBound
            repeat {
                append(index, cell: rowBase | column)
                column += 1
            } while column <= columns.upperBound
            row += 1
        } while row <= rows.upperBound
    }

    /// Bins stamp `index` into `cell`, and counts it there.
    @inline(__always)
    private mutating func append(_ index: UInt32, cell: Int) {
        pairs.append(Pair(cell: Int32(truncatingIfNeeded: cell), stamp: index))
        if cellCounts[cell] == 0 { reachedCells.append(Int32(truncatingIfNeeded: cell)) }
        cellCounts[cell] &+= 1
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
                // Whole-tile cells (dabs of radius 32 and more): the tile's one cell is its slot.
                if perSide == 1 {
                    append(index, cell: slot)
                    continue
                }
                let firstRow = max(y0, tileRow * perSide) - tileRow * perSide
                let lastRow = min(y1, tileRow * perSide + perSide - 1) - tileRow * perSide
                let firstColumn = max(x0, tileColumn * perSide) - tileColumn * perSide
                let lastColumn = min(x1, tileColumn * perSide + perSide - 1) - tileColumn * perSide
                for row in firstRow...lastRow {
                    let rowBase = slot * perSide * perSide + row * perSide
                    for column in firstColumn...lastColumn { append(index, cell: rowBase + column) }
                }
            }
        }
        return pairs.count > before
    }

    /// Makes room for `count` binnings.
    mutating func reserve(pairs count: Int) { pairs.reserve(count) }

    /// Takes the memory of `spare`'s pairs and counts (an earlier chunk's), emptied, for its own.
    mutating func adoptPairs(_ spare: inout CellBins) {
        swap(&pairs, &spare.pairs)
        swap(&cellCounts, &spare.cellCounts)
        swap(&reachedCells, &spare.reachedCells)
        pairs.removeAll()
        cellCounts.removeAll()
        reachedCells.removeAll()
    }

    /// Bytes the pairs' and counts' memory holds.
    var pairBytes: Int {
        pairs.capacity * MemoryLayout<Pair>.stride + cellCounts.capacity * 4 + reachedCells.capacity * 4
    }
}

/// The cells of one tile the last stamp binned in the fast way reached, and the boxes that reach the same.
private struct LastCells {
    var slot: Int
    /// The tile's first cell.
    var tileBase: Int
    var columns: ClosedRange<Int>
    var rows: ClosedRange<Int>
    var same: SameReach
    /// The one cell, when only one is reached (a small dab's, mostly); -1 otherwise.
    var onlyCell: Int

    /// Shifts by `perSideShift` (at most 4) mask rather than check their amount: this is the path of most stamps.
    init(slot: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>, perSideShift: Int, same: SameReach) {
        self.slot = slot
        tileBase = slot &<< (2 &* perSideShift)
        self.columns = columns
        self.rows = rows
        self.same = same
        let single = columns.count == 1 && rows.count == 1
        onlyCell = single ? tileBase | (rows.lowerBound &<< perSideShift) | columns.lowerBound : -1
    }

    /// None yet: no box reaches the same.
    static let none = LastCells(slot: 0, columns: 0...0, rows: 0...0, perSideShift: 0, same: .none)
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
        @inline(__always) get {
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
