import Foundation

/// A layer's tiles around a view laid side by side in one image, so that a view between whole zooms, or turned,
/// filters across tile edges exactly as it would across one picture of the page.
///
/// Sampled on its own, a tile's edge texels are filtered against themselves (clamped), not against the
/// neighbouring tile's: zoomed in, the last half texel before each tile edge is flat, and a stroke crossing it
/// steps there (a seam). Here tile (column, row) lives in cell (column mod columns, row mod rows) and the image is
/// sampled repeating, so the texel past any cell's edge is the neighbouring tile's — also across the image's own
/// edge. Cells hold the two levels of the tiles that the view's filter mixes (its level of detail rounded down and
/// the next), with those as the mosaic's levels 0 and 1: sampling it is sampling the page's mip chain.
///
/// Cells keep the revision of the tile they hold: panning copies only the tiles coming into view, painting only
/// the tiles painted. A change of level (zooming past a power of two) lays the mosaic out again.
final class TileMosaic {
    /// Which levels of the tiles the cells hold, and how many (1: magnified views need level 0 only).
    struct Levels: Equatable {
        var first: Int
        var count: Int
    }

    private enum Content: Equatable {
        case empty
        case tile(TileKey, revision: UInt64)
        /// Whatever another layer left there.
        case unknown
    }

    /// The largest side of the image (every Vulkan device allows 4,096; CPU devices and desktop GPUs 16,384).
    static let largestSide = 8192

    private let context: VulkanContext
    private(set) var image: GPUImage?
    private weak var layer: TileLayer?
    private(set) var levels = Levels(first: 0, count: 1)
    private var columns = 0
    private var rows = 0
    private var contents: [Content] = []
    /// Transparent, every level: what an empty cell is copied from.
    private var emptyTile: GPUImage?

    init(_ context: VulkanContext) { self.context = context }

    /// The levels a view sampling `layer` at `zoom` target pixels per tile pixel mixes.
    static func levels(forZoom zoom: Double, mipLevels: Int) -> Levels {
        guard zoom < 1, mipLevels > 1 else { return Levels(first: 0, count: 1) }
        let detail = (-log2(zoom)).rounded(.down)
        let first = Int(min(max(detail, 0), Double(mipLevels - 2)))
        return Levels(first: first, count: 2)
    }

    /// Makes the cells hold `layer`'s tiles over `columnsShown`×`rowsShown` and the ring around them (what the
    /// filter reaches), at `levels`; records the copies into `commands`, outside rendering, with a barrier after.
    /// False when the view shows more tiles than one image can hold (the tiles are then drawn from themselves).
    func update(
        layer: TileLayer, columnsShown: ClosedRange<Int>, rowsShown: ClosedRange<Int>, levels: Levels,
        _ commands: CommandRecorder
    ) throws(VulkanError) -> Bool {
        let neededColumns = min(columnsShown.count + 2, layer.columns + 1)
        let neededRows = min(rowsShown.count + 2, layer.rows + 1)
        let cellSide = TileLayer.tileSize >> levels.first
        guard max(neededColumns, neededRows) * cellSide <= Self.largestSide else {
            removeAll()
            return false
        }
        let fits = image != nil && self.levels == levels && neededColumns <= columns && neededRows <= rows
        if !fits {
            // Room to grow — a view panning, a stroke getting longer — before it must be laid out again: a cell
            // more, or twice what it held at these levels.
            let limit = Self.largestSide / cellSide
            let grown = self.levels == levels ? (columns * 2, rows * 2) : (0, 0)
            try layOut(
                layer: layer, columns: min(max(neededColumns + 1, grown.0), limit, layer.columns + 1),
                rows: min(max(neededRows + 1, grown.1), limit, layer.rows + 1), levels: levels, commands)
        } else if self.layer !== layer {
            // Another layer of the same grid (the next stroke's): the image is kept, its cells filled anew as needed.
            self.layer = layer
            contents = Array(repeating: .unknown, count: contents.count)
        }
        guard let image, let emptyTile else { return false }
        var copies: [(GPUImage, [ImageRegion])] = []
        var emptyRegions: [ImageRegion] = []
        for row in (rowsShown.lowerBound - 1)...(rowsShown.upperBound + 1) {
            for column in (columnsShown.lowerBound - 1)...(columnsShown.upperBound + 1) {
                let key = TileKey(column: column, row: row)
                let cell = cellIndex(of: key)
                let tile = layer.tile(key)
                let wanted: Content = tile == nil ? .empty : .tile(key, revision: layer.revision(of: key))
                guard contents[cell] != wanted else { continue }
                contents[cell] = wanted
                let regions = (0..<levels.count).map { step in
                    cellCopy(cell: cell, sourceLevel: levels.first + step, mosaicLevel: step, side: cellSide >> step)
                }
                if let tile { copies.append((tile, regions)) } else { emptyRegions += regions }
            }
        }
        guard !copies.isEmpty || !emptyRegions.isEmpty else { return true }
        commands.barrier()
        for (tile, regions) in copies { commands.copy(tile, to: image, regions) }
        commands.copy(emptyTile, to: image, emptyRegions)
        commands.barrier()
        return true
    }

    /// Where tile `key` lies in ``image``, in texture coordinates.
    func textureRect(of key: TileKey) -> QuadPainter.TextureRect {
        let cell = cellIndex(of: key)
        return QuadPainter.TextureRect(
            u: Double(cell % columns) / Double(columns), v: Double(cell / columns) / Double(rows),
            width: 1 / Double(columns), height: 1 / Double(rows))
    }

    /// Lets the image go (the device is being rebuilt, or memory is short).
    func removeAll() {
        image = nil
        layer = nil
        contents = []
        columns = 0
        rows = 0
    }

    private func cellIndex(of key: TileKey) -> Int {
        let column = ((key.column % columns) + columns) % columns
        let row = ((key.row % rows) + rows) % rows
        return row * columns + column
    }

    private func layOut(layer: TileLayer, columns: Int, rows: Int, levels: Levels, _ commands: CommandRecorder)
        throws(VulkanError)
    {
        image = nil
        let side = TileLayer.tileSize >> levels.first
        let created = try GPUImage(
            context, width: columns * side, height: rows * side, format: TileLayer.format, mipLevels: levels.count,
            usage: [.sampled, .copiedTo, .copiedFrom])
        // Not cleared: every cell a frame reads is written first (a tile or the empty one), and touching the rest
        // would only cost time and memory.
        commands.initializeLayout(created)
        if emptyTile == nil {
            let empty = try GPUImage(
                context, width: TileLayer.tileSize, height: TileLayer.tileSize, format: TileLayer.format,
                mipLevels: TileLayer.mipLevels,
                usage: [.sampled, .copiedFrom, .copiedTo])
            commands.initializeLayout(empty)
            commands.clear(empty)
            emptyTile = empty
        }
        image = created
        self.layer = layer
        self.levels = levels
        self.columns = columns
        self.rows = rows
        contents = Array(repeating: .unknown, count: columns * rows)
    }

    private func cellCopy(cell: Int, sourceLevel: Int, mosaicLevel: Int, side: Int) -> ImageRegion {
        ImageRegion(
            sourceLevel: sourceLevel, destinationLevel: mosaicLevel, destinationX: cell % columns * side,
            destinationY: cell / columns * side, width: max(side, 1), height: max(side, 1))
    }
}
