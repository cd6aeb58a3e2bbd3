import MaLiangCore

/// The document's layers composed into one paint, tile by tile, kept up to date by following each layer's changes
/// (tile revisions) and what changes layers as a whole (order, visibility, opacity, blend). Everything downstream —
/// window frames, zoomed views, exports at one pixel per document pixel — reads this paint as it would one layer's.
final class LayerComposition {
    let composite: TileLayer
    /// The revision of each layer's paint already composed.
    var composed: [LayerID: UInt64] = [:]
    /// Tiles to compose again whatever the revisions say (a layer moved, hidden, faded, deleted or back).
    var pending: Set<TileKey> = []
    /// Tiles left out of date when a change reached many (``LayerCompositor/focus``): the value is the finest level
    /// that is right (the number of levels: none is), so a frame that samples only coarser levels can show them.
    var stale: [TileKey: Int] = [:]
    let scratch: CompositionScratch

    init(_ composite: TileLayer) {
        self.composite = composite
        scratch = CompositionScratch(composite.context)
    }
}

/// What composing needs besides the tiles, made on first use and kept: the tile a blend mode's backdrop is copied
/// to (a pass cannot read its own target), and the host's staging memory (fresh memory each time would be fresh
/// pages to fault in).
final class CompositionScratch {
    private let context: VulkanContext
    private var image: GPUImage?
    private var staging: GPUBuffer?

    init(_ context: VulkanContext) { self.context = context }

    /// A staging buffer of at least `bytes`.
    func staging(bytes: Int) throws(VulkanError) -> GPUBuffer {
        if let staging, staging.size >= bytes { return staging }
        let made = try GPUBuffer(
            context, size: bytes,
            usage: [.copiedFrom, .copiedTo])
        staging = made
        return made
    }

    /// The backdrop tile.
    func backdrop(_ commands: CommandRecorder) throws(VulkanError) -> GPUImage {
        if let image { return image }
        let made = try GPUImage(
            context, width: TileLayer.tileSize, height: TileLayer.tileSize, format: TileLayer.format,
            usage: [.sampled, .copiedTo])
        commands.initializeLayout(made)
        image = made
        return made
    }
}
