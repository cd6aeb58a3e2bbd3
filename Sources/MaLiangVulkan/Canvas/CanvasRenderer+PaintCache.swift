import CVulkan
import MaLiangCore

/// Paint kept in the document's file (``PaintCache``): a document whose kept paint matches its strokes opens
/// without stamping them; each layer's tiles come into its paint when first needed — those in view before a frame
/// (every layer's, since a tile is composed from all of them), those a stroke reaches before it is stamped, a
/// layer's all before it is deleted or copied, all of them before a clear, an export or the paint is kept again.
extension CanvasRenderer {
    /// Bumped whenever stamping changes the pixels it makes: paint kept by an earlier way of stamping is stale.
    static let paintFormat = 2

    /// Names the paint the document's strokes make: any stroke added, taken away, put in another order or on
    /// another layer, another page size or way of stamping gives another key. (Layers' settings are not paint:
    /// they are applied when the layers are composed.)
    public var paintKey: String {
        // FNV-1a over every stroke's id, seed and sample count, in order.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((value >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3
            }
        }
        var strokes = 0
        for case .stroke(let stroke) in document.elements {
            strokes += 1
            mix(UInt64(bitPattern: stroke.id.rawValue))
            mix(stroke.seed)
            mix(UInt64(stroke.samples.count))
            mix(UInt64(bitPattern: stroke.layer.rawValue))
        }
        let size = "\(Int(document.size.width.rounded(.up)))x\(Int(document.size.height.rounded(.up)))"
        return "paint \(Self.paintFormat) page \(size) tile \(TileLayer.tileSize) strokes \(strokes) fnv "
            + String(hash, radix: 16)
    }

    /// Tiles of the kept paint not yet loaded (for tests and benchmarks).
    public var keptTilesWaiting: Int { cachedTiles.values.reduce(0) { $0 + $1.count } }

    /// Takes the kept paint as the document's when it was made from these strokes; returns whether it did.
    func adoptKeptPaint(_ cache: PaintCache) -> Bool {
        guard cache.paintKey() == paintKey else { return false }
        let layers = Set(document.layers.map(\.id))
        let geometry = paintOf(document.layers[0].id)
        let columns = 0..<geometry.columns
        let rows = 0..<geometry.rows
        cachedTiles = [:]
        for tile in cache.paintTiles()
        where layers.contains(tile.layer) && columns.contains(tile.column) && rows.contains(tile.row) {
            cachedTiles[tile.layer, default: []].insert(TileKey(column: tile.column, row: tile.row))
        }
        strokeTilesComplete = false
        return true
    }

    /// Puts the kept paint's tiles among `keys` (all of them when nil) of `layers` (all when nil) into their
    /// layers' paint. A kept tile that cannot be read is left for ``repairKeptTiles()``: this runs in the middle of
    /// stamping too.
    func loadKeptTiles(_ keys: Set<TileKey>? = nil, on layers: Set<LayerID>? = nil) throws(VulkanError) {
        guard !cachedTiles.isEmpty, let paintCache else { return }
        for (layer, waiting) in cachedTiles where layers?.contains(layer) ?? true {
            let wanted = keys.map { waiting.intersection($0) } ?? waiting
            guard !wanted.isEmpty else { continue }
            cachedTiles[layer] = waiting.subtracting(wanted)
            if cachedTiles[layer]?.isEmpty == true { cachedTiles[layer] = nil }
            try load(wanted, of: layer, from: paintCache)
        }
    }

    /// Uploads the kept tiles `wanted` of `layer` (with their smaller levels, made here) into its paint.
    private func load(_ wanted: Set<TileKey>, of layer: LayerID, from paintCache: PaintCache) throws(VulkanError) {
        let paint = paintOf(layer)
        var unreadable: Set<TileKey> = []
        let staging = try GPUBuffer(
            context, size: min(wanted.count, CPUStamping.tilesPerGroup) * CPUStamping.slotBytes,
            usage: VK_BUFFER_USAGE_TRANSFER_SRC_BIT)
        for group in wanted.sorted().chunked(CPUStamping.tilesPerGroup) {
            let coordinate = { (key: TileKey) in TileCoordinate(column: key.column, row: key.row, layer: layer) }
            let pixels = paintCache.paintPixels(group.map(coordinate))
            let loaded = group.filter { pixels[coordinate($0)] != nil }
            unreadable.formUnion(group.filter { !loaded.contains($0) })
            guard !loaded.isEmpty else { continue }
            for (slot, key) in loaded.enumerated() {
                guard let tile = pixels[coordinate(key)] else { continue }
                tile.withUnsafeBytes { bytes in
                    guard let values = bytes.baseAddress else { return }
                    staging.contents.advanced(by: slot * CPUStamping.slotBytes).copyMemory(
                        from: values, byteCount: TileMips.levelZeroBytes)
                }
            }
            TileMips.make(in: staging, slots: loaded.count, slotBytes: CPUStamping.slotBytes)
            try context.submitAndWait { commands throws(VulkanError) in
                var made: [(Int, GPUImage)] = []
                for (slot, key) in loaded.enumerated() { made.append((slot, try paint.makeTile(key, commands))) }
                fullBarrier(commands)
                for (slot, tile) in made {
                    TileMips.upload(
                        from: staging, at: slot * CPUStamping.slotBytes, to: tile, levels: tile.mipLevels, commands)
                }
                fullBarrier(commands)
            }
            paint.markChanged(loaded, mipmapsMatch: true)
        }
        if !unreadable.isEmpty { damagedKeptTiles[layer, default: []].formUnion(unreadable) }
    }

    /// Stamps again, from the strokes that reach them, the kept tiles that could not be read.
    func repairKeptTiles() throws(VulkanError) {
        guard !damagedKeptTiles.isEmpty else { return }
        let damaged = damagedKeptTiles
        damagedKeptTiles = [:]
        for (layer, tiles) in damaged where document.layer(layer) != nil { try rebuild(tiles, on: [layer]) }
    }

    /// Loads the kept tiles a window frame through `view` shows, repairs any that cannot be read, composes the
    /// layers there, and reads back what the frame samples if it is drawn on the host.
    func prepareFrame(view: ViewTransform, width: Int, height: Int) throws(VulkanError) {
        if !cachedTiles.isEmpty || !damagedKeptTiles.isEmpty {
            try loadKeptTiles(paintTiles(inView: view, width: width, height: height))
            try repairKeptTiles()
            try updateComposition()
        }
        try prepareHostFrame(view: view, width: width, height: height)
    }

    /// The paint tiles a view of `width`×`height` target pixels through `view` can show.
    func paintTiles(inView view: ViewTransform, width: Int, height: Int) -> Set<TileKey> {
        let corners = [(0, 0), (width, 0), (0, height), (width, height)].map {
            view.invert(Double($0.0), Double($0.1))
        }
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            let columns = paint.columnRange(minX, maxX), let rows = paint.rowRange(minY, maxY)
        else { return [] }
        return Set(rows.flatMap { row in columns.map { TileKey(column: $0, row: row) } })
    }

    /// Notes the tiles every stroke reaches, for strokes the paint came to without stamping (kept paint): taking
    /// one back stamps again only the strokes that share its tiles.
    func completeStrokeTiles() throws(VulkanError) {
        guard !strokeTilesComplete else { return }
        let missing = document.elements.compactMap { element -> Stroke? in
            guard case .stroke(let stroke) = element, strokeTiles[stroke.id] == nil else { return nil }
            return stroke
        }
        var source = StampSource(missing, layer: paint)
        for (index, stroke) in missing.enumerated() { strokeTiles[stroke.id] = source.built(at: index).tiles }
        strokeTilesComplete = true
    }

    /// The paint tiles `stroke`'s stamps reach.
    func tilesReached(by stroke: Stroke) -> Set<TileKey> {
        StampPainter.tiles(touchedBy: StampSource.stamps(of: stroke, samples: stroke.samples.loaded()), in: paint)
    }

    /// Keeps the paint in `cache` unless it holds this paint already: every layer's tiles read back and handed over
    /// a group at a time, with ``paintKey``. An export-only renderer that never stamped keeps nothing; paint of more
    /// than ``keptTilesLimit`` tiles (all layers together) is not kept, and what was kept before is dropped.
    public func keepPaint(in cache: PaintCache) throws {
        guard !paintPending else { return }
        let key = paintKey
        guard cache.paintKey() != key else { return }
        let layers = document.layers.map(\.id)
        let total = layers.reduce(0) { $0 + paintOf($1).tiles.count + (cachedTiles[$1]?.count ?? 0) }
        guard total <= keptTilesLimit else {
            try cache.forgetPaint()
            return
        }
        try loadKeptTiles()
        let keys = layers.flatMap { layer in paintOf(layer).tiles.keys.sorted().map { (layer, $0) } }
        var groups = keys.chunked(CPUStamping.tilesPerGroup)[...]
        let staging = try GPUBuffer(
            context, size: min(max(keys.count, 1), CPUStamping.tilesPerGroup) * TileMips.levelZeroBytes,
            usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT)
        try cache.keepPaint(key: key) { () throws -> [(TileCoordinate, [UInt16])]? in
            guard let group = groups.popFirst() else { return nil }
            try context.submitAndWait { commands throws(VulkanError) in
                fullBarrier(commands)
                for (slot, (layer, key)) in group.enumerated() {
                    guard let tile = paintOf(layer).tile(key) else { continue }
                    copyLevel(0, of: tile, to: staging, at: slot * TileMips.levelZeroBytes, commands)
                }
            }
            let values = TileMips.levelZeroBytes / 2
            return group.enumerated().map { slot, entry in
                let (layer, key) = entry
                let start = staging.contents.advanced(by: slot * TileMips.levelZeroBytes)
                    .assumingMemoryBound(to: UInt16.self)
                return (
                    TileCoordinate(column: key.column, row: key.row, layer: layer),
                    Array(UnsafeBufferPointer(start: start, count: values))
                )
            }
        }
    }
}
