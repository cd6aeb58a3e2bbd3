import MaLiangCore

/// What a fill looks at: a layer's lines read from its tiles, or the page as every shown layer together shows it.
extension PaintExporter {
    /// The region a tap at `point` fills with `settings`, on `layer` (ignored when the settings take every layer).
    /// A layer's lines are read straight from its tiles (tiles it lacks are paper); every layer together is drawn as
    /// an export draws it.
    func fillRegion(at point: Point, layer id: LayerID, settings: FillSettings) throws(VulkanError) -> Result<
        FillRegion, FillRefusal
    > {
        let (width, height) = pageSize
        guard point.isFinite, point.x >= 0, point.y >= 0, point.x < Double(width), point.y < Double(height) else {
            return .failure(.offPage)
        }
        let (x, y) = (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
        if settings.allLayers {
            let page = try pagePixels()
            return FloodFill.region(
                in: page.pixels, width: page.width, height: page.height, seedX: x, seedY: y, settings: settings)
        }
        let lines = try fillLines(layer: id, seedX: x, seedY: y, tolerance: settings.tolerance)
        return FloodFill.region(lines: lines, seedX: x, seedY: y, settings: settings)
    }

    /// The page's size in whole pixels.
    var pageSize: (width: Int, height: Int) {
        (Int(document.size.width.rounded(.up)), Int(document.size.height.rounded(.up)))
    }

    /// The lines of `layer` for a fill tapped at (`seedX`, `seedY`), read from its tiles: the tapped one first (its
    /// colour decides what a line is), tiles the layer lacks as paper. No page of pixels is made.
    func fillLines(layer id: LayerID, seedX: Int, seedY: Int, tolerance: Double) throws(VulkanError) -> BitGrid {
        try paint.bakeIfPending()
        let (width, height) = pageSize
        let layer = paint.layers.paint(of: id)
        let side = TileLayer.tileSize
        var keys = pageTiles(of: layer)
        let seedTile = keys.firstIndex { key in
            let origin = layer.origin(of: key)
            return (Int(origin.x)..<(Int(origin.x) + side)).contains(seedX)
                && (Int(origin.y)..<(Int(origin.y) + side)).contains(seedY)
        }
        var lines: FillLines?
        var grid = BitGrid(width: 0, height: 0)
        func begin(_ color: (UInt8, UInt8, UInt8, UInt8)) {
            let made = FillLines(color: color, tolerance: tolerance)
            lines = made
            grid = BitGrid(width: width, height: height, set: made.paperIsLine)
        }
        if let seedTile {
            keys.swapAt(0, seedTile)
        } else {
            begin((0, 0, 0, 0))
        }
        try readTiles(keys, of: layer) { key, texels in
            let origin = layer.origin(of: key)
            let (left, top) = (Int(origin.x), Int(origin.y))
            if lines == nil {
                let at = ((seedY - top) * side + seedX - left) * 4
                begin(
                    (
                        FillLines.narrow(texels[at]), FillLines.narrow(texels[at + 1]),
                        FillLines.narrow(texels[at + 2]), FillLines.narrow(texels[at + 3])
                    ))
            }
            guard let lines else { return }
            for row in 0..<min(side, height - top) {
                lines.mark(
                    wide: UnsafeBufferPointer(rebasing: texels[(row * side * 4)..<((row + 1) * side * 4)]),
                    into: &grid, x: left, y: top + row)
            }
        }
        return grid
    }

    /// The page at one pixel per document pixel as every shown layer together shows it, drawn as an export draws
    /// it: premultiplied RGBA with 8 bits a channel, row by row, on transparency.
    func pagePixels() throws(VulkanError) -> (pixels: [UInt8], width: Int, height: Int) {
        try paint.bakeIfPending()
        let (width, height) = pageSize
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBufferPointer { out throws(VulkanError) in
            try compose(
                layer: paint.paint, transform: ViewTransform(), width: width, height: height, background: false
            ) { band, top throws(VulkanError) in
                Self.narrow(band, into: out, at: top * width * 4)
            }
        }
        return (pixels, width, height)
    }

    /// `layer`'s tiles on the page, in order.
    private func pageTiles(of layer: TileLayer) -> [TileKey] {
        let (width, height) = pageSize
        return layer.tiles.keys.filter { key in
            let origin = layer.origin(of: key)
            return origin.x >= 0 && origin.y >= 0 && origin.x < Double(width) && origin.y < Double(height)
        }.sorted()
    }

    /// Hands each of `keys`' tiles of `layer` to `body` (its texels, 16 bits a channel, row by row), in order, a
    /// batch at a time through one staging buffer.
    private func readTiles(
        _ keys: [TileKey], of layer: TileLayer, _ body: (TileKey, UnsafeBufferPointer<UInt16>) -> Void
    ) throws(VulkanError) {
        let side = TileLayer.tileSize
        let tileBytes = side * side * 8
        let perBatch = 32
        let staging = try GPUBuffer(
            resources.context, size: tileBytes * min(max(keys.count, 1), perBatch), usage: .copiedTo)
        for batch in stride(from: 0, to: keys.count, by: perBatch) {
            let group = keys[batch..<min(batch + perBatch, keys.count)]
            try resources.context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for (index, key) in group.enumerated() {
                    guard let tile = layer.tile(key) else { continue }
                    commands.copy(level: 0, of: tile, to: staging, at: index * tileBytes)
                }
            }
            for (index, key) in group.enumerated() where layer.tile(key) != nil {
                body(
                    key,
                    UnsafeBufferPointer(
                        start: staging.contents.advanced(by: index * tileBytes).assumingMemoryBound(to: UInt16.self),
                        count: side * side * 4))
            }
        }
    }
}
