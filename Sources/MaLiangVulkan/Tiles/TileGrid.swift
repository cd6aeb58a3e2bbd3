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

    private func range(_ low: Double, _ high: Double, limit: Int) -> ClosedRange<Int>? {
        let first = Int((low * scale / Double(TileLayer.tileSize)).rounded(.down))
        let last = Int((high * scale / Double(TileLayer.tileSize)).rounded(.down))
        let clippedFirst = max(first, 0)
        let clippedLast = min(last, limit - 1)
        return clippedFirst <= clippedLast ? clippedFirst...clippedLast : nil
    }
}
