import CVulkan
import MaLiangCore

extension CanvasRenderer {
    /// What a window frame through `view` would show if the paint were one picture instead of tiles: the tiles in
    /// view and the ring around them copied, every level, into one image drawn as one quad over the paper (no
    /// stroke in progress, no chartlets). The reference that tile edges must not show against.
    package func singlePicturePixels(view: ViewTransform, width: Int, height: Int) throws(VulkanError) -> [UInt8] {
        let target = try windowTarget(width: width, height: height)
        let readback = try GPUBuffer(context, size: width * height * 4, usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT)
        try prepareFrame(view: view, width: width, height: height)
        let shown = tilesShown(paint, through: view, width: width, height: height)
        let columns = shown.map {
            max($0.columns.lowerBound - 1, 0)...min($0.columns.upperBound + 1, paint.columns - 1)
        }
        let rows = shown.map { max($0.rows.lowerBound - 1, 0)...min($0.rows.upperBound + 1, paint.rows - 1) }
        let side = TileLayer.tileSize
        let picture = try columns.flatMap { columns throws(VulkanError) in
            try rows.map { rows throws(VulkanError) in
                try GPUImage(
                    context, width: columns.count * side, height: rows.count * side, format: TileLayer.format,
                    mipLevels: TileLayer.mipLevels,
                    usage: VkImageUsageFlagBits(
                        VK_IMAGE_USAGE_SAMPLED_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue))
            }
        }
        let paper = try paperOverlay()
        try context.submitAndWait { commands throws(VulkanError) in
            paint.refreshMipmaps(commands)
            if let picture, let columns, let rows {
                picture.initializeLayout(commands)
                picture.clear(commands)
                fullBarrier(commands)
                for row in rows {
                    for column in columns {
                        guard let tile = paint.tile(TileKey(column: column, row: row)) else { continue }
                        var regions = (0..<TileLayer.mipLevels).map { level in
                            var region = VkImageCopy()
                            region.srcSubresource = VkImageSubresourceLayers(
                                aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue),
                                mipLevel: UInt32(level), baseArrayLayer: 0, layerCount: 1)
                            region.dstSubresource = region.srcSubresource
                            let levelSide = side >> level
                            region.dstOffset = VkOffset3D(
                                x: Int32((column - columns.lowerBound) * levelSide),
                                y: Int32((row - rows.lowerBound) * levelSide), z: 0)
                            region.extent = VkExtent3D(width: UInt32(levelSide), height: UInt32(levelSide), depth: 1)
                            return region
                        }
                        vkCmdCopyImage(
                            commands, tile.image, VK_IMAGE_LAYOUT_GENERAL, picture.image, VK_IMAGE_LAYOUT_GENERAL,
                            UInt32(regions.count), &regions)
                    }
                }
                fullBarrier(commands)
            }
            beginRendering(commands, view: target.view, width: width, height: height, clear: (0.5, 0.5, 0.5, 1))
            let quads = QuadPainter(pipelines: pipelines)
            try quads.draw(
                paper.image,
                corners: view.corners(x: 0, y: 0, width: document.size.width, height: document.size.height),
                targetWidth: width, targetHeight: height, format: target.format, blend: .over, commands)
            if let picture, let columns, let rows {
                let origin = paint.origin(of: TileKey(column: columns.lowerBound, row: rows.lowerBound))
                let tileSide = Double(side) / paint.scale
                try quads.draw(
                    picture,
                    corners: view.corners(
                        x: origin.x, y: origin.y, width: Double(columns.count) * tileSide,
                        height: Double(rows.count) * tileSide),
                    targetWidth: width, targetHeight: height, format: target.format, blend: .over, commands)
            }
            vkCmdEndRendering(commands)
        }
        return try readBack(target, into: readback)
    }
}
