/// Which of a tile's 16×16-pixel blocks (the stamp kernel's workgroups) some listed chunk reaches, a bit a block
/// row by row: the chunked kernel's workgroups whose block no chunk reaches leave before reading the tile.
struct BlockMask {
    static let blocksPerSide = TileLayer.tileSize / 16
    /// Two rows of 16 blocks a word, the lower row in the lower half.
    private(set) var words = [UInt32](repeating: 0, count: blocksPerSide * blocksPerSide / 32)

    /// Marks the blocks that bounds (lowest x, y, highest x, y, in tile pixels) reach, as the kernel tests them
    /// (a block reaches from its low edge to its high one, both included), half a pixel wider to be sure of float
    /// rounding: a block marked in excess costs the kernel a test, one missed would lose paint.
    mutating func mark(_ bounds: (lowX: Double, lowY: Double, highX: Double, highY: Double)) {
        guard let columns = Self.blocks(bounds.lowX, bounds.highX), let rows = Self.blocks(bounds.lowY, bounds.highY)
        else { return }
        let row = UInt32((1 << (columns.upperBound + 1)) - (1 << columns.lowerBound))
        for index in rows { words[index / 2] |= row << UInt32((index % 2) * 16) }
    }

    /// The blocks from `low` to `high` reach along one side, or nil where none.
    /// Bounds far off the tile are clipped first (they may lie anywhere on the page, or past it).
    private static func blocks(_ low: Double, _ high: Double) -> ClosedRange<Int>? {
        let side = Double(TileLayer.tileSize)
        let (low, high) = (min(max(low, -side), 2 * side), min(max(high, -side), 2 * side))
        // Block b spans 16b to 16b + 16: bounds reach it where low ≤ 16b + 16 and high ≥ 16b.
        let first = max(Int(((low - 0.5) / 16).rounded(.up)) - 1, 0)
        let last = min(Int(((high + 0.5) / 16).rounded(.down)), blocksPerSide - 1)
        return first <= last ? first...last : nil
    }
}
