import MaLiangCore

/// Draws stamps into a tile layer: stamps are sorted into the tiles they touch, then each tile gets one instanced
/// draw of all its stamps.
final class StampPainter {
    private let context: VulkanContext
    private let pipelines: Pipelines
    private let textures: BrushTextures
    let arena: UploadArena

    static let instanceSize = Pipelines.stampInstanceSize

    init(_ context: VulkanContext, _ pipelines: Pipelines, _ textures: BrushTextures) throws(VulkanError) {
        self.context = context
        self.pipelines = pipelines
        self.textures = textures
        arena = try UploadArena(context, capacity: 4 << 20, usage: .instances)
    }

    struct Style {
        /// Procedural round stamp hardness.
        var hardness: Float
        /// Brush texture id, or nil for the procedural round.
        var textureID: String?
        /// How much the paper's tooth shows (``MaLiangCore/Brush/grain``), 0…1.
        var grain: Float = 0
    }

    /// The rotated quad's reach from its centre, in document pixels, plus the antialiasing pixel.
    static func reach(of stamp: Stamp, scale: Double) -> Double { Double(stamp.size) * 0.7072 + 1.5 / scale }

    /// The tiles of `layer` that `stamps` reach.
    static func tiles(touchedBy stamps: [Stamp], in layer: TileLayer) -> Set<TileKey> {
        tiles(touchedBy: stamps, in: layer.grid)
    }

    /// The tiles of a layer laid out as `grid` that `stamps` reach.
    static func tiles(touchedBy stamps: [Stamp], in grid: TileGrid) -> Set<TileKey> {
        var keys = Set<TileKey>()
        // Consecutive stamps mostly reach the same tiles: those are neither worked out again nor inserted.
        var same = SameReach.none
        for stamp in stamps {
            let reach = Self.reach(of: stamp, scale: grid.scale)
            let (x, y) = (Double(stamp.x), Double(stamp.y))
            if same.contain(x: x, y: y, reach: reach) { continue }
            guard let columns = grid.columnRange(x - reach, x + reach), let rows = grid.rowRange(y - reach, y + reach)
            else {
                same = .none
                continue
            }
            same = grid.sameTiles(columns: columns, rows: rows)
            for row in rows {
                for column in columns { keys.insert(TileKey(column: column, row: row)) }
            }
        }
        return keys
    }

    /// Records draws of `stamps` into `layer` (only into `onlyTiles` when given); returns the tiles drawn to.
    @discardableResult
    func paint(
        _ stamps: some Collection<Stamp>, style: Style, into layer: TileLayer, blend: BlendMode,
        onlyTiles: Set<TileKey>? = nil, _ commands: CommandRecorder
    ) throws(VulkanError) -> Set<TileKey> {
        guard !stamps.isEmpty else { return [] }
        let stamps = Array(stamps)
        // Bucket the stamps by tile; a stamp on a tile border goes to every tile it touches.
        var buckets: [TileKey: [Int]] = [:]
        for index in stamps.indices {
            let stamp = stamps[index]
            let reach = Self.reach(of: stamp, scale: layer.scale)
            guard let columns = layer.columnRange(Double(stamp.x) - reach, Double(stamp.x) + reach),
                let rows = layer.rowRange(Double(stamp.y) - reach, Double(stamp.y) + reach)
            else { continue }
            let scale = layer.scale
            let size = Double(TileLayer.tileSize)
            for row in rows {
                for column in columns {
                    let key = TileKey(column: column, row: row)
                    if let onlyTiles, !onlyTiles.contains(key) { continue }
                    buckets[key, default: []].append(index)
                    // The stamp's reach in this tile's pixels.
                    let left = (Double(stamp.x) - reach) * scale - Double(column) * size
                    let top = (Double(stamp.y) - reach) * scale - Double(row) * size
                    let right = (Double(stamp.x) + reach) * scale - Double(column) * size
                    let bottom = (Double(stamp.y) + reach) * scale - Double(row) * size
                    layer.markDirty(
                        key,
                        PixelRect(
                            x0: Int(left.rounded(.down)), y0: Int(top.rounded(.down)), x1: Int(right.rounded(.up)) + 1,
                            y1: Int(bottom.rounded(.up)) + 1))
                }
            }
        }
        guard !buckets.isEmpty else { return [] }
        let total = buckets.values.reduce(0) { $0 + $1.count }
        let (buffer, base) = try arena.allocate(total * Self.instanceSize)
        var writer = buffer.contents.advanced(by: base).assumingMemoryBound(to: Float.self)
        var ranges: [(TileKey, first: Int, count: Int)] = []
        var written = 0
        for key in buckets.keys.sorted() {
            guard let bucket = buckets[key] else { continue }
            ranges.append((key, written, bucket.count))
            for index in bucket {
                let stamp = stamps[index]
                writer[0] = stamp.x
                writer[1] = stamp.y
                writer[2] = stamp.size
                writer[3] = stamp.angle
                writer[4] = stamp.flow
                writer[5] = Float(stamp.textureSlot)
                writer[6] = stamp.red
                writer[7] = stamp.green
                writer[8] = stamp.blue
                writer[9] = stamp.alpha
                writer += 10
            }
            written += bucket.count
        }
        let pipeline = try pipelines.pipeline(.stamp, format: TileLayer.format, blend: blend)
        let descriptor = try pipelines.bind(textures.image)
        for (key, _, _) in ranges where layer.tile(key) == nil { _ = try layer.makeTile(key, commands) }
        commands.barrier()
        var push = StampPush(
            originX: 0, originY: 0, width: Float(TileLayer.tileSize), height: Float(TileLayer.tileSize),
            scale: Float(layer.scale),
            hardness: style.hardness, textureLayer: textures.pushLayer(for: style.textureID), grain: style.grain,
            grainLayer: textures.paperLayer, unused: 0)
        for (key, first, count) in ranges {
            guard let tile = layer.tile(key) else { continue }
            let origin = layer.origin(of: key)
            push.originX = Float(origin.x)
            push.originY = Float(origin.y)
            commands.beginRendering(tile)
            commands.bind(pipeline)
            commands.bind(descriptor, layout: pipelines.stampLayout)
            commands.bindInstances(buffer, offset: base)
            commands.push(push, layout: pipelines.stampLayout)
            commands.draw(vertices: 4, instances: count, firstInstance: first)
            commands.endRendering()
        }
        return Set(ranges.map(\.0))
    }
}

/// The stamp shaders' push constants (Shaders/stamp.vert).
struct StampPush {
    var originX: Float
    var originY: Float
    var width: Float
    var height: Float
    var scale: Float
    var hardness: Float
    var textureLayer: Float
    var grain: Float
    var grainLayer: Float
    var unused: Float
}
