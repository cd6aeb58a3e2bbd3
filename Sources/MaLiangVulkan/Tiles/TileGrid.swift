/// Where a layer's tiles lie: its scale and how many tiles it is across and down. A value, so work on other threads
/// (stamps built ahead) can find tiles without holding the layer, whose last release must happen where its images
/// are freed.
struct TileGrid: Sendable {
    /// Layer pixels per document pixel.
    let scale: Double
    let columns: Int
    let rows: Int

    /// The tile columns from document x `minX` to `maxX`, clipped to the layer; nil when none.
    func columnRange(_ minX: Double, _ maxX: Double) -> ClosedRange<Int>? {
        range(minX, maxX, limit: columns)
    }

    /// The tile rows from document y `minY` to `maxY`, clipped to the layer; nil when none.
    func rowRange(_ minY: Double, _ maxY: Double) -> ClosedRange<Int>? {
        range(minY, maxY, limit: rows)
    }

    /// Where a box may start and end in document coordinates and still reach `columns` × `rows` (as
    /// ``columnRange(_:_:)`` and ``rowRange(_:_:)`` give them).
    func sameTiles(columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> SameReach {
        SameReach(
            columns: columns, rows: rows, unit: Double(TileLayer.tileSize) / scale, lastColumn: self.columns - 1,
            lastRow: self.rows - 1)
    }

    private func range(_ low: Double, _ high: Double, limit: Int) -> ClosedRange<Int>? {
        let tilesPerPixel = scale / Double(TileLayer.tileSize)
        let first = Self.firstIndex(low * tilesPerPixel)
        let last = min(Self.lastIndex(high * tilesPerPixel), limit - 1)
        return first <= last ? first...last : nil
    }

    // Tiles or cells from coordinates in their units without the C library's floor (it was a share of finding a
    // stroke's tiles and of binning, several calls a stamp) and without a branch on the fraction, which no predictor
    // guesses: a truncation is the floor wherever it counts. Far-off values are clamped and NaN reaches nothing; the
    // clip to the layer's far side is the caller's.

    /// The first index a span starting at `value` reaches, no lower than 0.
    @inline(__always) static func firstIndex(_ value: Double) -> Int { value > 0 ? Int(min(value, 1e15)) : 0 }

    /// The last index a span ending at `value` reaches: −1 before the first.
    @inline(__always) static func lastIndex(_ value: Double) -> Int { value >= 0 ? Int(min(value, 1e15)) : -1 }
}
