/// A rectangle of pixels inside a tile: x0 ≤ x < x1, y0 ≤ y < y1.
struct PixelRect: Equatable {
    var x0, y0, x1, y1: Int

    static let whole = PixelRect(x0: 0, y0: 0, x1: TileLayer.tileSize, y1: TileLayer.tileSize)

    func union(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
}

/// Where a tile sits: column and row of 256-pixel squares from the layer's top-left.
struct TileKey: Hashable, Comparable {
    var column: Int
    var row: Int

    static func < (a: TileKey, b: TileKey) -> Bool { (a.row, a.column) < (b.row, b.column) }
}

/// Paint at one resolution, premultiplied RGBA 16-bit, in 256-pixel tiles allocated only where painted.
///
/// 16 bits per channel: 8-bit paint stops building up at low flow (1 % flow stalls near 0.81).
final class TileLayer {
    static let tileSize = 256
    static let format = PixelFormat.rgba16
    /// 256 → 1: zoomed-out views sample a smaller level instead of aliasing.
    static let mipLevels = 9
    /// Tiles one layer may hold: each is 256² at 16 bits with its mip levels (about 683 KiB), so about 4 GiB. A
    /// drawing that needs more (a 65,536² canvas painted edge to edge) is refused with a clear error instead of
    /// exhausting the machine's memory.
    static let maximumTiles = 6144

    let context: VulkanContext
    let pipelines: Pipelines
    /// Layer pixels per document pixel.
    let scale: Double
    let widthPixels: Int
    let heightPixels: Int
    private(set) var tiles: [TileKey: GPUImage] = [:]
    /// Tiles whose smaller mip levels no longer match level 0.
    private(set) var staleMipmaps: Set<TileKey> = []
    /// When each tile last changed (a count that only grows): what was made from a tile knows if it is stale.
    private var revisions: [TileKey: UInt64] = [:]
    private var lastRevision: UInt64 = 0
    /// The part of each tile drawn to, for short-lived layers: compositing and clearing cover only that.
    private(set) var dirty: [TileKey: PixelRect] = [:]
    /// Where tiles come from and go back to, for short-lived layers.
    private let pool: TilePool?

    init(
        _ context: VulkanContext, _ pipelines: Pipelines, documentWidth: Double, documentHeight: Double, scale: Double,
        pool: TilePool? = nil
    ) {
        self.context = context
        self.pipelines = pipelines
        self.pool = pool
        self.scale = scale
        widthPixels = max(Int((documentWidth * scale).rounded(.up)), 1)
        heightPixels = max(Int((documentHeight * scale).rounded(.up)), 1)
    }

    /// An empty layer of the same size and scale as `other`, for a stroke's short-lived layers.
    convenience init(like other: TileLayer, pool: TilePool?) {
        self.init(
            other.context, other.pipelines, pixelWidth: other.widthPixels, pixelHeight: other.heightPixels,
            scale: other.scale, pool: pool)
    }

    private init(
        _ context: VulkanContext, _ pipelines: Pipelines, pixelWidth: Int, pixelHeight: Int, scale: Double,
        pool: TilePool?
    ) {
        self.context = context
        self.pipelines = pipelines
        self.pool = pool
        self.scale = scale
        widthPixels = pixelWidth
        heightPixels = pixelHeight
    }

    deinit {
        if let pool {
            pool.give(tiles.map { ($0.value, dirty[$0.key] ?? .whole) })
        } else {
            removeAll()
        }
    }

    var columns: Int { (widthPixels + Self.tileSize - 1) / Self.tileSize }
    var rows: Int { (heightPixels + Self.tileSize - 1) / Self.tileSize }

    /// Document position of a tile's top-left pixel.
    func origin(of key: TileKey) -> (x: Double, y: Double) {
        (Double(key.column * Self.tileSize) / scale, Double(key.row * Self.tileSize) / scale)
    }

    /// Where the tiles lie, as a value other threads may hold.
    var grid: TileGrid { TileGrid(scale: scale, columns: columns, rows: rows) }

    func columnRange(_ minX: Double, _ maxX: Double) -> ClosedRange<Int>? { grid.columnRange(minX, maxX) }

    func rowRange(_ minY: Double, _ maxY: Double) -> ClosedRange<Int>? { grid.rowRange(minY, maxY) }

    func tile(_ key: TileKey) -> GPUImage? { tiles[key] }

    /// Every tile image the layer holds.
    var tileImages: [GPUImage] { Array(tiles.values) }

    /// More tiles than ``maximumTiles`` were needed.
    var tooManyTiles: VulkanError {
        VulkanError(
            "this drawing needs more than \(Self.maximumTiles) tiles (about 4 GiB) of paint at "
                + "\(scale == 1 ? "its full size" : "this scale"); render it smaller (maliang render --width)")
    }

    /// The tile at `key`, created (cleared to transparent) when missing.
    func makeTile(_ key: TileKey, _ commands: CommandRecorder) throws(VulkanError) -> GPUImage {
        if let existing = tiles[key] { return existing }
        if let (recycled, used) = pool?.take() {
            // Only the part the last stroke drew to holds paint: clear that.
            if !used.isEmpty {
                commands.barrier()
                commands.beginRendering(recycled)
                commands.clear(
                    [BufferRect(x: used.x0, y: used.y0, width: used.x1 - used.x0, height: used.y1 - used.y0)],
                    to: (0, 0, 0, 0))
                commands.endRendering()
            }
            tiles[key] = recycled
            return recycled
        }
        guard tiles.count < Self.maximumTiles else { throw tooManyTiles }
        let image = try GPUImage(
            context, width: Self.tileSize, height: Self.tileSize, format: Self.format,
            mipLevels: pool == nil ? Self.mipLevels : 1,
            usage: [.drawn, .sampled, .copiedFrom, .copiedTo, context.supportsComputeStamping ? .storage : []])
        commands.initializeLayout(image)
        commands.clear(image)
        tiles[key] = image
        return image
    }

    /// Notes that tiles' pixels changed: anything made from them is stale, and so are their smaller levels unless
    /// `mipmapsMatch` (they were written with level 0).
    func markChanged<Keys: Sequence<TileKey>>(_ keys: Keys, mipmapsMatch: Bool = false) {
        for key in keys {
            if mipmapsMatch { staleMipmaps.remove(key) } else { staleMipmaps.insert(key) }
            lastRevision += 1
            revisions[key] = lastRevision
        }
    }

    /// A number that changes whenever tile `key`'s pixels do.
    func revision(of key: TileKey) -> UInt64 { revisions[key] ?? 0 }

    /// The newest change's revision: tiles that change later have higher ones.
    var latestRevision: UInt64 { lastRevision }

    /// Tiles whose pixels changed (or which went) after `revision`.
    func keysChanged(after revision: UInt64) -> [TileKey] {
        guard revision < lastRevision else { return [] }
        return revisions.compactMap { $0.value > revision ? $0.key : nil }
    }

    /// Notes that `rect` (tile pixels) of tile `key` was drawn to.
    func markDirty(_ key: TileKey, _ rect: PixelRect) {
        let clipped = PixelRect(
            x0: max(rect.x0, 0), y0: max(rect.y0, 0), x1: min(rect.x1, Self.tileSize), y1: min(rect.y1, Self.tileSize))
        guard !clipped.isEmpty else { return }
        dirty[key] = dirty[key].map { $0.union(clipped) } ?? clipped
    }

    /// Puts `image` at `key`, replacing what was there (nil: no tile).
    func replace(_ key: TileKey, with image: GPUImage?) {
        markChanged([key])
        tiles[key] = image
    }

    /// Puts a saved copy's pixels back at `key` (nil: there was no tile).
    func restore(_ key: TileKey, from copy: GPUImage?, _ commands: CommandRecorder) throws(VulkanError) {
        guard let copy else {
            replace(key, with: nil)
            return
        }
        let tile = try makeTile(key, commands)
        commands.barrier()
        commands.copyLevel0(from: copy, to: tile)
        commands.barrier()
        markChanged([key])
    }

    /// Whether a view at `scale` would sample smaller levels that no longer match (only views below 1:1 use them).
    func needsMipmapRefresh(forViewScale scale: Double) -> Bool { scale < 0.999 && !staleMipmaps.isEmpty }

    /// Notes that the smaller levels of `keys` were brought up to date (by the host).
    func mipmapsRefreshed<Keys: Sequence<TileKey>>(_ keys: Keys) { staleMipmaps.subtract(keys) }

    /// Brings the smaller levels of changed tiles up to date (before a zoomed-out view samples them).
    func refreshMipmaps(_ commands: CommandRecorder) {
        for key in staleMipmaps.sorted() {
            if let tile = tiles[key], tile.mipLevels > 1 { commands.generateMipmaps(tile) }
        }
        staleMipmaps = []
    }

    /// Takes every tile out (a clear that may be undone keeps them).
    func takeAll() -> [TileKey: GPUImage] {
        defer { removeAll() }
        return tiles
    }

    /// Puts tiles taken by ``takeAll()`` back, dropping the current ones.
    func restoreAll(_ stash: [TileKey: GPUImage]) {
        removeAll()
        tiles = stash
        markChanged(stash.keys)
    }

    func removeAll() {
        markChanged(tiles.keys)
        tiles = [:]
    }
}
