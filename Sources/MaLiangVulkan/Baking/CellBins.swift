import MaLiangCore

/// Stamp indices binned by the cells they reach, per tile, in the order they were added: one chunk of strokes'
/// share of a ``StampWork``.
struct CellBins {
    let layer: TileLayer
    let onlyTiles: Set<TileKey>?
    let perSide: Int
    let cellPixels: Double
    private let cellsPerDocumentPixel: Double
    /// The layer's last cell column and row.
    private let lastColumn: Int
    private let lastRow: Int
    /// The tiles reached, by slot.
    private(set) var tiles: [TileKey] = []
    private var slots: [TileKey: Int] = [:]
    /// The last tile looked up and its slot (consecutive stamps mostly land on the same tile).
    private var lastTile: (key: TileKey, slot: Int)?
    /// Cell (slot × cells per tile + cell in the tile) and stamp index of each binning, in the order added.
    private(set) var cellOfPair: [Int32] = []
    private(set) var stampOfPair: [UInt32] = []
    /// Slots reached only by erasing where the layer has no tile yet.
    private(set) var provisional: Set<Int> = []

    init(layer: TileLayer, onlyTiles: Set<TileKey>?, cellsPerTileSide: Int) {
        self.layer = layer
        self.onlyTiles = onlyTiles
        perSide = cellsPerTileSide
        cellPixels = Double(TileLayer.tileSize / cellsPerTileSide)
        cellsPerDocumentPixel = layer.scale / cellPixels
        lastColumn = layer.columns * cellsPerTileSide - 1
        lastRow = layer.rows * cellsPerTileSide - 1
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
    mutating func add(_ index: UInt32, stamp: Stamp, reach: Double, erasing: Bool) -> Bool {
        // Cells in layer coordinates, clipped to the layer.
        let scale = cellsPerDocumentPixel
        let x0 = max(Self.floor((Double(stamp.x) - reach) * scale), 0)
        let x1 = min(Self.floor((Double(stamp.x) + reach) * scale), lastColumn)
        let y0 = max(Self.floor((Double(stamp.y) - reach) * scale), 0)
        let y1 = min(Self.floor((Double(stamp.y) + reach) * scale), lastRow)
        guard x0 <= x1, y0 <= y1 else { return false }
        if x0 == x1 && y0 == y1 {
            // Most small dabs reach one cell: one tile to look up, one binning.
            let (tileColumn, tileRow) = (x0 / perSide, y0 / perSide)
            guard let slot = slot(TileKey(column: tileColumn, row: tileRow), erasing: erasing) else { return false }
            cellOfPair.append(Int32((slot * perSide + y0 - tileRow * perSide) * perSide + x0 - tileColumn * perSide))
            stampOfPair.append(index)
            return true
        }
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

    /// The largest integer not above `value` (finite), without a call to the C library's floor: four a stamp were a
    /// share of binning's time. Far-off values are clamped; the clip to the layer follows.
    @inline(__always) private static func floor(_ value: Double) -> Int {
        let clamped = min(max(value, -1e15), 1e15)
        let truncated = Int(clamped)
        return Double(truncated) > clamped ? truncated - 1 : truncated
    }

    /// Makes room for `pairs` binnings.
    mutating func reserve(pairs: Int) {
        cellOfPair.reserveCapacity(pairs)
        stampOfPair.reserveCapacity(pairs)
    }

    /// How many binnings each cell has, by cell.
    func cellCounts() -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: tiles.count * cellsPerTile)
        counts.withUnsafeMutableBufferPointer { counts in
            for cell in cellOfPair { counts[Int(cell)] += 1 }
        }
        return counts
    }
}
