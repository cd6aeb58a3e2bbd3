import MaLiangCore

/// Stamp indices binned by the cells they reach, per tile, in the order they were added: one chunk of strokes'
/// share of a ``StampWork``.
struct CellBins {
    let layer: TileLayer
    let onlyTiles: Set<TileKey>?
    let perSide: Int
    let cellPixels: Double
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
