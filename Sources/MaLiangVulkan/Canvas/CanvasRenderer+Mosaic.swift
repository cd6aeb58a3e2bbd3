import CVulkan
import MaLiangCore

extension CanvasRenderer {
    /// The tiles of `layer` a target of `width`×`height` pixels (or its `region`) shows through `transform`.
    func tilesShown(
        _ layer: TileLayer, through transform: ViewTransform, width: Int, height: Int, region: VkRect2D? = nil
    ) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let left = Double(region?.offset.x ?? 0)
        let top = Double(region?.offset.y ?? 0)
        let right = region.map { left + Double($0.extent.width) } ?? Double(width)
        let bottom = region.map { top + Double($0.extent.height) } ?? Double(height)
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map { transform.invert($0.0, $0.1) }
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            [minX, maxX, minY, maxY].allSatisfy({ abs($0) < 1e12 }),
            let columns = layer.columnRange(minX, maxX), let rows = layer.rowRange(minY, maxY)
        else { return nil }
        return (columns, rows)
    }

    /// Lays the paint tiles a frame through `transform` shows into ``mosaic`` (recorded into `commands` before
    /// rendering begins) and returns it, or nil where each tile can be drawn from itself: at 1:1 unturned on whole
    /// pixels the filter samples texel centres only, and never reaches a neighbouring tile.
    func prepareMosaic(
        for layer: TileLayer, transform: ViewTransform, width: Int, height: Int, region: VkRect2D? = nil,
        _ commands: VkCommandBuffer
    ) throws(VulkanError) -> TileMosaic? {
        let zoom = transform.scale / layer.scale
        // A turn too small to move a corner by a millionth of a pixel is no turn.
        let exact =
            abs(zoom - 1) < 1e-9 && abs(transform.rotation) < 1e-12
            && transform.offsetX == transform.offsetX.rounded()
            && transform.offsetY == transform.offsetY.rounded()
        guard !exact, !layer.tiles.isEmpty,
            let shown = tilesShown(layer, through: transform, width: width, height: height, region: region)
        else { return nil }
        let mipLevels = layer.tiles.values.first?.mipLevels ?? TileLayer.mipLevels
        let levels = TileMosaic.levels(forZoom: zoom, mipLevels: mipLevels)
        guard
            try mosaic.update(
                layer: layer, columnsShown: shown.columns, rowsShown: shown.rows, levels: levels, commands)
        else { return nil }
        return mosaic
    }

    /// The tiles to draw from `mosaic` for a view showing `shown`: those with paint and those beside paint, which
    /// the filter carries a little way over their edge.
    func mosaicTiles(
        _ layer: TileLayer, shown: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)
    ) -> [TileKey] {
        var keys: [TileKey] = []
        for row in shown.rows {
            for column in shown.columns {
                let near = (row - 1...row + 1).contains { neighbourRow in
                    (column - 1...column + 1).contains { layer.tile(TileKey(column: $0, row: neighbourRow)) != nil }
                }
                if near { keys.append(TileKey(column: column, row: row)) }
            }
        }
        return keys
    }
}
