import MaLiangCore

extension WindowFrames {
    /// What a window frame through `view` would show if the paint were one picture instead of tiles: the tiles in
    /// view and the ring around them copied, every level, into one image drawn as one quad over the paper (no
    /// stroke in progress, no chartlets). The reference that tile edges must not show against.
    package func singlePicturePixels(view: ViewTransform, width: Int, height: Int) throws(VulkanError) -> [UInt8] {
        let target = try windowTarget(width: width, height: height)
        let readback = try GPUBuffer(resources.context, size: width * height * 4, usage: .copiedTo)
        try prepareFrame(view: view, width: width, height: height)
        let shown = scene.tilesShown(paint, through: view, width: width, height: height)
        let columns = shown.map {
            max($0.columns.lowerBound - 1, 0)...min($0.columns.upperBound + 1, paint.columns - 1)
        }
        let rows = shown.map { max($0.rows.lowerBound - 1, 0)...min($0.rows.upperBound + 1, paint.rows - 1) }
        let side = TileLayer.tileSize
        let picture = try columns.flatMap { columns throws(VulkanError) in
            try rows.map { rows throws(VulkanError) in
                try GPUImage(
                    resources.context, width: columns.count * side, height: rows.count * side, format: TileLayer.format,
                    mipLevels: TileLayer.mipLevels,
                    usage: [.sampled, .copiedTo])
            }
        }
        let paper = try overlays.paper()
        try resources.context.submitAndWait { commands throws(VulkanError) in
            paint.refreshMipmaps(commands)
            if let picture, let columns, let rows {
                commands.initializeLayout(picture)
                commands.clear(picture)
                commands.barrier()
                for row in rows {
                    for column in columns {
                        guard let tile = paint.tile(TileKey(column: column, row: row)) else { continue }
                        let regions = (0..<TileLayer.mipLevels).map { level in
                            let levelSide = side >> level
                            return ImageRegion(
                                sourceLevel: level, destinationLevel: level,
                                destinationX: (column - columns.lowerBound) * levelSide,
                                destinationY: (row - rows.lowerBound) * levelSide, width: levelSide, height: levelSide)
                        }
                        commands.copy(tile, to: picture, regions)
                    }
                }
                commands.barrier()
            }
            commands.beginRendering(target, clear: (0.5, 0.5, 0.5, 1))
            let quads = QuadPainter(pipelines: resources.pipelines)
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
            commands.endRendering()
        }
        return try readBack(target, into: readback)
    }
}
