import CVulkan

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
    static let format = VK_FORMAT_R16G16B16A16_UNORM

    let context: VulkanContext
    let pipelines: Pipelines
    /// Layer pixels per document pixel.
    let scale: Double
    let widthPixels: Int
    let heightPixels: Int
    private(set) var tiles: [TileKey: GPUImage] = [:]

    init(_ context: VulkanContext, _ pipelines: Pipelines, documentWidth: Double, documentHeight: Double, scale: Double) {
        self.context = context
        self.pipelines = pipelines
        self.scale = scale
        widthPixels = max(Int((documentWidth * scale).rounded(.up)), 1)
        heightPixels = max(Int((documentHeight * scale).rounded(.up)), 1)
    }

    deinit { removeAll() }

    var columns: Int { (widthPixels + Self.tileSize - 1) / Self.tileSize }
    var rows: Int { (heightPixels + Self.tileSize - 1) / Self.tileSize }

    /// Document position of a tile's top-left pixel.
    func origin(of key: TileKey) -> (x: Double, y: Double) {
        (Double(key.column * Self.tileSize) / scale, Double(key.row * Self.tileSize) / scale)
    }


    func columnRange(_ minX: Double, _ maxX: Double) -> ClosedRange<Int>? {
        range(minX, maxX, limit: columns)
    }

    func rowRange(_ minY: Double, _ maxY: Double) -> ClosedRange<Int>? {
        range(minY, maxY, limit: rows)
    }

    private func range(_ low: Double, _ high: Double, limit: Int) -> ClosedRange<Int>? {
        let first = Int((low * scale / Double(Self.tileSize)).rounded(.down))
        let last = Int((high * scale / Double(Self.tileSize)).rounded(.down))
        let clippedFirst = max(first, 0)
        let clippedLast = min(last, limit - 1)
        return clippedFirst <= clippedLast ? clippedFirst...clippedLast : nil
    }

    func tile(_ key: TileKey) -> GPUImage? { tiles[key] }

    /// The tile at `key`, created (cleared to transparent) when missing.
    func makeTile(_ key: TileKey, _ commands: VkCommandBuffer) throws(VulkanError) -> GPUImage {
        if let existing = tiles[key] { return existing }
        let image = try GPUImage(
            context, width: Self.tileSize, height: Self.tileSize, format: Self.format,
            usage: VkImageUsageFlagBits(
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue | VK_IMAGE_USAGE_SAMPLED_BIT.rawValue
                    | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue))
        image.initializeLayout(commands)
        image.clear(commands)
        tiles[key] = image
        return image
    }

    /// Puts `image` at `key` (restoring a snapshot), replacing what was there.
    func replace(_ key: TileKey, with image: GPUImage?) {
        if let old = tiles[key], old !== image { pipelines.release(old) }
        tiles[key] = image
    }

    /// Takes every tile out (a clear that may be undone keeps them).
    func takeAll() -> [TileKey: GPUImage] {
        defer { tiles = [:] }
        return tiles
    }

    /// Puts tiles taken by ``takeAll()`` back, dropping the current ones.
    func restoreAll(_ stash: [TileKey: GPUImage]) {
        removeAll()
        tiles = stash
    }

    func removeAll() {
        for image in tiles.values { pipelines.release(image) }
        tiles = [:]
    }
}
