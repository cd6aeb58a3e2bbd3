import MaLiangCore

/// Paint kept in the document's file (``PaintCache``): a document whose kept paint matches its strokes opens without
/// stamping them; each layer's tiles come into its paint when first needed — those in view before a frame (every
/// layer's, since a tile is composed from all of them), those a stroke reaches before it is stamped, a layer's all
/// before it is deleted or copied, all of them before a clear, an export or the paint is kept again.
final class KeptPaint {
    private let resources: RenderResources
    private let document: Document
    private let layers: LayerPaints
    /// Where the paint is kept between sessions (the document's file), if anywhere.
    private let cache: PaintCache?
    /// Tiles of the kept paint not yet in their layer's paint, by layer.
    private var waiting: [LayerID: Set<TileKey>] = [:]
    /// Kept tiles that could not be read, to be stamped again from the strokes at the next safe point.
    private var damaged: [LayerID: Set<TileKey>] = [:]
    /// Tiles of paint kept at most (1024: a 8192×8192 page painted edge to edge, 512 MiB before deflating). A
    /// larger drawing is stamped when opened rather than making its file and its closing that much larger.
    var limit = 1024

    init(_ resources: RenderResources, document: Document, layers: LayerPaints, cache: PaintCache?) {
        self.resources = resources
        self.document = document
        self.layers = layers
        self.cache = cache
    }

    /// Bumped whenever stamping changes the pixels it makes: paint kept by an earlier way of stamping is stale.
    static let format = 2

    /// Names the paint the document's strokes make: any stroke added, taken away, put in another order or on
    /// another layer, another page size or way of stamping gives another key. (Layers' settings are not paint:
    /// they are applied when the layers are composed.)
    var paintKey: String {
        // FNV-1a over every stroke's id, seed, sample count, layer, symmetry and transform, in order.
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
            // Only a symmetric stroke mixes more: paint kept for strokes without one keeps its key.
            if let symmetry = stroke.symmetry {
                for copy in symmetry.copies {
                    mix(copy.turn.bitPattern)
                    mix(copy.mirrored ? 1 : 0)
                }
                mix(symmetry.center.x.bitPattern)
                mix(symmetry.center.y.bitPattern)
            }
            if let transform = stroke.transform {
                for value in [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty] {
                    mix(value.bitPattern)
                }
            }
        }
        let size = "\(Int(document.size.width.rounded(.up)))x\(Int(document.size.height.rounded(.up)))"
        return "paint \(Self.format) page \(size) tile \(TileLayer.tileSize) strokes \(strokes) fnv "
            + String(hash, radix: 16)
    }

    /// Tiles of the kept paint not yet loaded (for tests and benchmarks).
    var tilesWaiting: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Whether tiles wait to be loaded or repaired.
    var hasWork: Bool { !waiting.isEmpty || !damaged.isEmpty }

    /// Forgets what waits (the paint is made again from the strokes).
    func removeAll() {
        waiting = [:]
        damaged = [:]
    }

    /// Takes the kept paint as the document's when it was made from these strokes; returns whether it did.
    func adopt() -> Bool {
        guard let cache, cache.paintKey() == paintKey else { return false }
        let ids = Set(document.layers.map(\.id))
        let geometry = layers.paint(of: document.layers[0].id)
        let columns = 0..<geometry.columns
        let rows = 0..<geometry.rows
        waiting = [:]
        for tile in cache.paintTiles()
        where ids.contains(tile.layer) && columns.contains(tile.column) && rows.contains(tile.row) {
            waiting[tile.layer, default: []].insert(TileKey(column: tile.column, row: tile.row))
        }
        return true
    }

    /// Whether kept tiles of `layer` wait among `keys`.
    func waits(_ keys: Set<TileKey>, on layer: LayerID) -> Bool {
        waiting[layer].map { !$0.isDisjoint(with: keys) } == true
    }

    /// Puts the kept paint's tiles among `keys` (all of them when nil) of `layers` (all when nil) into their
    /// layers' paint. A kept tile that cannot be read is left for ``takeDamaged()``: this runs in the middle of
    /// stamping too.
    func load(_ keys: Set<TileKey>? = nil, on layerIDs: Set<LayerID>? = nil) throws(VulkanError) {
        guard !waiting.isEmpty, let cache else { return }
        for (layer, tiles) in waiting where layerIDs?.contains(layer) ?? true {
            let wanted = keys.map { tiles.intersection($0) } ?? tiles
            guard !wanted.isEmpty else { continue }
            waiting[layer] = tiles.subtracting(wanted)
            if waiting[layer]?.isEmpty == true { waiting[layer] = nil }
            try load(wanted, of: layer, from: cache)
        }
    }

    /// Stamping again from the strokes makes these tiles: what was kept of them is not needed.
    func forget(_ tiles: Set<TileKey>, on layers: Set<LayerID>) {
        for id in layers { waiting[id]?.subtract(tiles) }
    }

    /// Uploads the kept tiles `wanted` of `layer` (with their smaller levels, made here) into its paint.
    private func load(_ wanted: Set<TileKey>, of layer: LayerID, from paintCache: PaintCache) throws(VulkanError) {
        let paint = layers.paint(of: layer)
        let context = resources.context
        var unreadable: Set<TileKey> = []
        let staging = try GPUBuffer(
            context, size: min(wanted.count, CPUStamping.tilesPerGroup) * CPUStamping.slotBytes,
            usage: .copiedFrom)
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
                commands.barrier()
                for (slot, tile) in made {
                    TileMips.upload(
                        from: staging, at: slot * CPUStamping.slotBytes, to: tile, levels: tile.mipLevels, commands)
                }
                commands.barrier()
            }
            paint.markChanged(loaded, mipmapsMatch: true)
        }
        if !unreadable.isEmpty { damaged[layer, default: []].formUnion(unreadable) }
    }

    /// The kept tiles that could not be read, by layer, to be stamped again from the strokes that reach them.
    func takeDamaged() -> [LayerID: Set<TileKey>] {
        defer { damaged = [:] }
        return damaged
    }

    /// Keeps the paint in `cache` unless it holds this paint already: every layer's tiles read back and handed over
    /// a group at a time, with ``paintKey``. Paint of more than ``limit`` tiles (all layers together) is not kept,
    /// and what was kept before is dropped.
    func keep(in cache: PaintCache) throws {
        let key = paintKey
        let context = resources.context
        guard cache.paintKey() != key else { return }
        let ids = document.layers.map(\.id)
        let total = ids.reduce(0) { $0 + layers.paint(of: $1).tiles.count + (waiting[$1]?.count ?? 0) }
        guard total <= limit else {
            try cache.forgetPaint()
            return
        }
        try load()
        let keys = ids.flatMap { layer in layers.paint(of: layer).tiles.keys.sorted().map { (layer, $0) } }
        var groups = keys.chunked(CPUStamping.tilesPerGroup)[...]
        let staging = try GPUBuffer(
            context, size: min(max(keys.count, 1), CPUStamping.tilesPerGroup) * TileMips.levelZeroBytes,
            usage: .copiedTo)
        try cache.keepPaint(key: key) { () throws -> [(TileCoordinate, [UInt16])]? in
            guard let group = groups.popFirst() else { return nil }
            try context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for (slot, (layer, key)) in group.enumerated() {
                    guard let tile = layers.paint(of: layer).tile(key) else { continue }
                    commands.copy(level: 0, of: tile, to: staging, at: slot * TileMips.levelZeroBytes)
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
