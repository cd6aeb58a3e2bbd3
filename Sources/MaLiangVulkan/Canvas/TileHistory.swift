import CVulkan
import MaLiang

/// What undo needs to take strokes back without re-stamping the document: for recent strokes, a copy of each tile
/// as it was before the stroke (or "no tile"); for clears, the tiles that were cleared.
///
/// Copies are bounded by ``budgetTiles``; the oldest are forgotten first, and a stroke whose copies are gone is
/// taken back by rebuilding only the tiles it touched.
struct TileHistory {
    /// 512 tiles of 256² × 8 bytes: 256 MiB.
    var budgetTiles = 512
    private var snapshots: [(id: ElementID, tiles: [TileKey: GPUImage?])] = []
    private var clearStashes: [[TileKey: GPUImage]] = []
    private var storedTiles = 0

    /// Copies the tiles `stroke` is about to change.
    mutating func remember(_ id: ElementID, tiles: Set<TileKey>, of paint: TileLayer, _ commands: VkCommandBuffer)
        throws(VulkanError)
    {
        var saved: [TileKey: GPUImage?] = [:]
        for key in tiles {
            guard let current = paint.tile(key) else {
                saved[key] = .some(nil)
                continue
            }
            let copy = try GPUImage(
                paint.context, width: TileLayer.tileSize, height: TileLayer.tileSize, format: TileLayer.format,
                mipLevels: current.mipLevels,
                usage: VkImageUsageFlagBits(
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue | VK_IMAGE_USAGE_SAMPLED_BIT.rawValue
                        | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue))
            copy.initializeLayout(commands)
            fullBarrier(commands)
            var region = VkImageCopy()
            region.srcSubresource = VkImageSubresourceLayers(
                aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: 0, baseArrayLayer: 0,
                layerCount: 1)
            region.dstSubresource = region.srcSubresource
            region.extent = VkExtent3D(width: UInt32(TileLayer.tileSize), height: UInt32(TileLayer.tileSize), depth: 1)
            vkCmdCopyImage(
                commands, current.image, VK_IMAGE_LAYOUT_GENERAL, copy.image, VK_IMAGE_LAYOUT_GENERAL, 1, &region)
            saved[key] = copy
            storedTiles += 1
        }
        snapshots.append((id, saved))
        while storedTiles > budgetTiles, !snapshots.isEmpty {
            let dropped = snapshots.removeFirst()
            storedTiles -= dropped.tiles.values.compactMap { $0 }.count
        }
    }

    /// The saved tiles of `id`, removed from the history.
    mutating func takeSnapshot(of id: ElementID) -> [TileKey: GPUImage?]? {
        guard let index = snapshots.lastIndex(where: { $0.id == id }) else { return nil }
        let entry = snapshots.remove(at: index)
        storedTiles -= entry.tiles.values.compactMap { $0 }.count
        return entry.tiles
    }

    mutating func stashForClear(_ tiles: [TileKey: GPUImage]) { clearStashes.append(tiles) }

    mutating func takeClearStash() -> [TileKey: GPUImage]? { clearStashes.popLast() }
}
