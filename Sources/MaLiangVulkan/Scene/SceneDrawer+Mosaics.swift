import MaLiangCore

extension SceneDrawer {
    /// The tiles of `layer` a target of `width`×`height` pixels (or its `region`) shows through `transform`.
    func tilesShown(
        _ layer: TileLayer, through transform: ViewTransform, width: Int, height: Int, region: BufferRect? = nil
    ) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let left = Double(region?.x ?? 0)
        let top = Double(region?.y ?? 0)
        let right = Double(region?.maxX ?? width)
        let bottom = Double(region?.maxY ?? height)
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map { transform.invert($0.0, $0.1) }
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            [minX, maxX, minY, maxY].allSatisfy({ abs($0) < 1e12 }),
            let columns = layer.columnRange(minX, maxX), let rows = layer.rowRange(minY, maxY)
        else { return nil }
        return (columns, rows)
    }

    /// Lays the tiles a frame through `transform` shows into mosaics — the paint's, and those of the stroke in
    /// progress when `layer` is the paint — recorded into `commands` before rendering begins. None where each tile
    /// can be drawn from itself: at 1:1 unturned on whole pixels the filter samples texel centres only, and never
    /// reaches a neighbouring tile. Without `includingPaint`, only the stroke in progress's (a frame drawn on the
    /// host samples the paint there).
    func prepareMosaics(
        for layer: TileLayer, transform: ViewTransform, width: Int, height: Int, region: BufferRect? = nil,
        includingPaint: Bool = true, _ commands: CommandRecorder
    ) throws(VulkanError) -> FrameMosaics {
        let zoom = transform.scale / layer.scale
        // A turn too small to move a corner by a millionth of a pixel is no turn.
        let exact =
            abs(zoom - 1) < 1e-9 && abs(transform.rotation) < 1e-12 && !transform.mirrored
            && transform.offsetX == transform.offsetX.rounded()
            && transform.offsetY == transform.offsetY.rounded()
        let liveLayers = layer === paint.paint ? live.shownAbove.map(\.layers) ?? [] : []
        guard !exact, let shown = tilesShown(layer, through: transform, width: width, height: height, region: region)
        else {
            liveMosaics.forEach { $0.removeAll() }
            return FrameMosaics()
        }
        var mosaics = FrameMosaics()
        if includingPaint, !layer.tiles.isEmpty {
            let mipLevels = layer.tiles.values.first?.mipLevels ?? TileLayer.mipLevels
            let levels = TileMosaic.levels(forZoom: zoom, mipLevels: mipLevels)
            if try mosaic.update(
                layer: layer, columnsShown: shown.columns, rowsShown: shown.rows, levels: levels, commands)
            {
                mosaics.paint = mosaic
            }
        }
        // The stroke in progress needs its own only magnified: its layers have no smaller levels, and below 1:1 its
        // clamped edges are under half a pixel. They are kept from stroke to stroke (each stroke's layers are new).
        guard zoom > 1 + 1e-9 else {
            liveMosaics.forEach { $0.removeAll() }
            return mosaics
        }
        for (index, liveMosaic) in liveMosaics.enumerated() {
            // Only where the stroke is: its tiles and the ring beside them that the filter reaches.
            guard index < liveLayers.count, let reach = liveLayers[index].tileBounds,
                let columns = shown.columns.overlap(with: reach.columns.lowerBound - 1...reach.columns.upperBound + 1),
                let rows = shown.rows.overlap(with: reach.rows.lowerBound - 1...reach.rows.upperBound + 1)
            else { continue }
            let liveLayer = liveLayers[index]
            let mipLevels = liveLayer.tiles.values.first?.mipLevels ?? 1
            if try liveMosaic.update(
                layer: liveLayer, columnsShown: columns, rowsShown: rows,
                levels: TileMosaic.levels(forZoom: zoom, mipLevels: mipLevels), commands)
            {
                mosaics.live[ObjectIdentifier(liveLayer)] = liveMosaic
            }
        }
        return mosaics
    }

    /// The tiles to draw from `mosaic` for a view showing `shown`: those with paint and those beside paint, which
    /// the filter carries a little way over their edge.
    func mosaicTiles(
        _ layer: TileLayer, shown: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)
    ) -> [TileKey] {
        shown.rows.flatMap { row in
            shown.columns.map { TileKey(column: $0, row: row) }.filter { layer.hasTile(near: $0) }
        }
    }
}

/// The mosaics a frame draws from (none: each tile from itself).
struct FrameMosaics {
    var paint: TileMosaic?
    /// The stroke in progress's layers, by layer.
    var live: [ObjectIdentifier: TileMosaic] = [:]
}

extension TileLayer {
    /// Whether the layer has a tile at `key` or beside it (diagonals included).
    func hasTile(near key: TileKey) -> Bool {
        (key.row - 1...key.row + 1).contains { row in
            (key.column - 1...key.column + 1).contains { tile(TileKey(column: $0, row: row)) != nil }
        }
    }

    /// The columns and rows its tiles span; nil when it has none.
    var tileBounds: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let keys = tiles.keys
        guard let left = keys.map(\.column).min(), let right = keys.map(\.column).max(),
            let top = keys.map(\.row).min(), let bottom = keys.map(\.row).max()
        else { return nil }
        return (left...right, top...bottom)
    }
}

extension ClosedRange<Int> {
    /// The part of the range inside `limits`, or nil.
    func overlap(with limits: ClosedRange<Int>) -> ClosedRange<Int>? { overlaps(limits) ? clamped(to: limits) : nil }
}
