import MaLiangCore

/// Turns one stroke's stamps into paint: stamps go into the stroke's own layers (so overlapping dabs never exceed
/// the stroke's opacity, and glow halos never build up), which are then composited onto the paint at the stroke's
/// opacity — "over" for paint, destination-out for the eraser.
final class StrokeBaker {
    let context: VulkanContext
    let pipelines: Pipelines
    let painter: StampPainter
    let quads: QuadPainter
    let chartletImages: ChartletImages

    init(_ context: VulkanContext, _ pipelines: Pipelines, _ painter: StampPainter, _ chartletImages: ChartletImages) {
        self.context = context
        self.pipelines = pipelines
        self.painter = painter
        self.chartletImages = chartletImages
        quads = QuadPainter(pipelines: pipelines)
    }

    /// The layers of one stroke in progress.
    final class WetStroke {
        let brush: AnyBrush
        let body: TileLayer
        let halo: TileLayer

        /// Empty layers the size and scale of `paint`, drawing their tiles from `pool`.
        init(brush: AnyBrush, like paint: TileLayer, pool: TilePool) {
            self.brush = brush
            body = TileLayer(like: paint, pool: pool)
            halo = TileLayer(like: paint, pool: pool)
        }

        var touchedTiles: Set<TileKey> { Set(body.tiles.keys).union(halo.tiles.keys) }
    }

    /// Records the stamps of a stroke into its wet layers (only their `onlyTiles` when given).
    ///
    /// Halo and body are separate layers, so a glow's alternating halo and core stamps go in two draws, one per
    /// layer, each in stroke order — not one draw per stamp.
    func addStamps(
        _ stamps: [Stamp], to wet: WetStroke, textureIDs: [String], onlyTiles: Set<TileKey>? = nil,
        _ commands: CommandRecorder
    ) throws(VulkanError) {
        let base = wet.brush.base
        let style = StampPainter.Style(
            hardness: Float(base.hardness), textureID: base.textureID, grain: base.grainStrength)
        let halo = stamps.lazy.filter { $0.layer == .glowHalo }
        let images = stamps.lazy.filter { $0.layer == .chartlet }
        let body = stamps.lazy.filter { $0.layer != .glowHalo && $0.layer != .chartlet }
        try painter.paint(halo, style: style, into: wet.halo, blend: .maximum, onlyTiles: onlyTiles, commands)
        try painter.paint(body, style: style, into: wet.body, blend: .over, onlyTiles: onlyTiles, commands)
        var proportional = false
        if case .chartlet(let brush) = wet.brush { proportional = brush.keepsProportions }
        try drawChartletStamps(
            images, textureIDs: textureIDs, proportional: proportional, into: wet.body, onlyTiles: onlyTiles, commands)
    }

    private func drawChartletStamps(
        _ stamps: some Sequence<Stamp>, textureIDs: [String], proportional: Bool, into layer: TileLayer,
        onlyTiles: Set<TileKey>?, _ commands: CommandRecorder
    )
        throws(VulkanError)
    {
        for stamp in stamps {
            guard Int(stamp.textureSlot) < textureIDs.count,
                let image = try chartletImages.image(textureIDs[Int(stamp.textureSlot)], mipmapped: !proportional)
            else { continue }
            // A picture that keeps its proportions fits the stamp's square by its longer side.
            let longer = Double(max(image.width, image.height, 1))
            let width = Double(stamp.size) * (proportional ? Double(image.width) / longer : 1)
            let height = Double(stamp.size) * (proportional ? Double(image.height) / longer : 1)
            let half = Double(stamp.size) / 2
            let reach = half * 1.4143
            guard let columns = layer.columnRange(Double(stamp.x) - reach, Double(stamp.x) + reach),
                let rows = layer.rowRange(Double(stamp.y) - reach, Double(stamp.y) + reach)
            else { continue }
            for row in rows {
                for column in columns {
                    let key = TileKey(column: column, row: row)
                    if let onlyTiles, !onlyTiles.contains(key) { continue }
                    let tile = try layer.makeTile(key, commands)
                    layer.markDirty(key, .whole)
                    let origin = layer.origin(of: key)
                    let corners = ViewTransform(
                        scale: layer.scale, offsetX: -origin.x * layer.scale, offsetY: -origin.y * layer.scale
                    )
                    .corners(
                        centerX: Double(stamp.x), centerY: Double(stamp.y), width: width, height: height,
                        angle: Double(stamp.angle))
                    commands.barrier()
                    commands.beginRendering(tile)
                    try quads.draw(
                        image, corners: corners, targetWidth: TileLayer.tileSize, targetHeight: TileLayer.tileSize,
                        format: TileLayer.format,
                        blend: .over, commands)
                    commands.endRendering()
                }
            }
        }
    }

    /// Composites the wet layers onto `paint` (only `onlyTiles` when given) and returns the paint tiles changed.
    @discardableResult
    func composite(_ wet: WetStroke, onto paint: TileLayer, onlyTiles: Set<TileKey>? = nil, _ commands: CommandRecorder)
        throws(VulkanError)
        -> Set<TileKey>
    {
        let base = wet.brush.base
        let opacity = Float(min(max(base.opacity.isFinite ? base.opacity : 1, 0), 1))
        let isEraser: Bool
        if case .eraser = wet.brush { isEraser = true } else { isEraser = false }
        var changed = wet.touchedTiles
        if let onlyTiles { changed.formIntersection(onlyTiles) }
        commands.barrier()
        let whole = QuadPainter.Corners.rectangle(
            x: 0, y: 0, width: Double(TileLayer.tileSize), height: Double(TileLayer.tileSize))
        for key in changed.sorted() {
            if isEraser && paint.tile(key) == nil { continue }
            let target = try paint.makeTile(key, commands)
            commands.beginRendering(target)
            // Only the part of the tile the stroke drew to.
            let parts = [wet.halo.dirty[key], wet.body.dirty[key]].compactMap { $0 }
            let area = parts.dropFirst().reduce(parts.first ?? .whole) { $0.union($1) }
            commands.setScissor(
                BufferRect(x: area.x0, y: area.y0, width: area.x1 - area.x0, height: area.y1 - area.y0))
            for source in [wet.halo.tile(key), wet.body.tile(key)] {
                guard let source else { continue }
                try quads.draw(
                    source, corners: whole, targetWidth: TileLayer.tileSize, targetHeight: TileLayer.tileSize,
                    format: TileLayer.format,
                    blend: isEraser ? .erase : .over, opacity: opacity, commands)
            }
            commands.endRendering()
        }
        commands.barrier()
        // Smaller levels are made when a zoomed-out view needs them, not after every stroke.
        paint.markChanged(changed)
        return changed
    }
}
