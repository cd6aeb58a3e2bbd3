import CStamping
import MaLiangCore

/// Strokes stamped from their samples on the device: turned into stamps there (``StrokeExpander``), those into the
/// kernel's stamps with the bounds of each chunk of a few slots of a stroke's room (Shaders/chunks.comp), then stamped
/// tile by tile by the compute kernel, each workgroup staging the chunks whose bounds reach its block
/// (Shaders/stamp.comp, chunked). The host lays the samples out, reads back the counts and bounds, and lists each
/// tile's chunks in stroke order — a copy of the samples and a few words a chunk, where the host-made path builds
/// and bins every stamp.
final class DeviceStamping {
    /// Push constants of Shaders/chunks.comp.
    struct Push {
        var scale: Float
        var strokeBase: UInt32
        var boundsBase: UInt32
        var chunkCount: UInt32
        var groupsPerRow: UInt32
    }

    /// Slots a chunk may have (chunks.comp's workgroup; the kernel stages 256 slots at a time): smaller chunks have
    /// tighter bounds, so fewer blocks stage stamps that miss them, but make longer lists.
    static let chunkSizes = [16, 32, 64]
    static let defaultChunkStamps = 64
    /// Room for stamps a batch takes at most (48 MiB of them, and as many of the kernel's): larger batches spare
    /// little of the wait between expanding a batch and stamping it, and would keep more memory.
    static let stampsPerBatch = 1 << 20

    private let context: VulkanContext
    private let expander: StrokeExpander
    private let kernel: StampKernel
    private let textures: BrushTextures
    private let chunkPass: BufferKernel<Push>
    /// Slots in each chunk: one of ``chunkSizes``.
    let chunkStamps: Int
    /// Two sets of buffers used in turn: the device stamps one batch while the next is expanded into the other.
    private var sets = [Buffers(), Buffers()]
    private var current = 0
    /// The last batch's stamping, submitted and not yet waited for.
    private var inFlight: CommandBatch.Submission?
    /// Where the host's time went, since it was last reset.
    var times = Times()
    /// Strokes stamped this way so far (tests).
    private(set) var strokesStamped = 0

    /// Device stamping in chunks of `chunkStamps` slots (one of ``chunkSizes``), or nil where the device cannot
    /// expand strokes or run the kernel.
    static func make(
        _ context: VulkanContext, kernel: StampKernel?, textures: BrushTextures, chunkStamps: Int = defaultChunkStamps
    ) throws(VulkanError) -> DeviceStamping? {
        precondition(chunkSizes.contains(chunkStamps), "chunks of 16, 32 or 64 slots")
        guard let kernel, let expander = try StrokeExpander.make(context) else { return nil }
        return try DeviceStamping(
            context, expander: expander, kernel: kernel, textures: textures, chunkStamps: chunkStamps)
    }

    private init(
        _ context: VulkanContext, expander: StrokeExpander, kernel: StampKernel, textures: BrushTextures,
        chunkStamps: Int
    ) throws(VulkanError) {
        self.context = context
        self.expander = expander
        self.kernel = kernel
        self.textures = textures
        expander.stampsPerBatch = min(expander.stampsPerBatch, Self.stampsPerBatch)
        self.chunkStamps = chunkStamps
        chunkPass = try BufferKernel(
            context, code: ShaderCode.chunks_comp, name: "chunks.comp", bufferCount: 3,
            specialization: [UInt32(chunkStamps)])
    }

    /// A batch's buffers, kept from batch to batch and grown as needed: the stamps, with the strokes' entries after
    /// them (the device's memory where the host can map it); the counts, with the chunks' bounds after them (read
    /// back); the chunk table; the tiles' lists.
    private final class Buffers {
        var stamps: GPUBuffer?
        var readback: GPUBuffer?
        var chunkTable: GPUBuffer?
        var lists: GPUBuffer?

        var bytes: Int { [stamps, readback, chunkTable, lists].reduce(0) { $0 + ($1?.size ?? 0) } }
    }

    /// Seconds of the host's time in bakes: laying strokes out, listing tiles' chunks, waiting for the device.
    struct Times {
        var layout = 0.0
        var listing = 0.0
        var waiting = 0.0
    }

    /// Memory kept between batches, in bytes.
    var keptBytes: Int { sets.reduce(0) { $0 + $1.bytes } }

    /// Gives back the memory kept between batches (nothing may be in flight: after ``finish()``).
    func giveBackKeptMemory() { sets = [Buffers(), Buffers()] }

    /// Waits for the stamping in flight: call at the end of a bake, before its layer is read or freed.
    func finish() throws(VulkanError) {
        let waiting = ContinuousClock.now
        defer { times.waiting += BakeHostTimes.seconds(since: waiting) }
        let submitted = inFlight
        inFlight = nil
        try submitted?.wait()
    }

    /// Stamps strokes from the first of `strokes` (none of them a chartlet brush's) into `layer` (only its
    /// `onlyTiles` when given), as many as one batch holds, telling `observer` of each stroke and the tiles it reaches
    /// before it is stamped; returns how many. None (0) when the first must be stamped on the host: too many stamps for the
    /// device, or a walk the device did not finish (lavapipe ends long loops). `copyingForUndo` stamps the first
    /// stroke alone, its tiles copied for undo through `observer` first. The stamping is left running: the next
    /// batch is laid out meanwhile; ``finish()`` waits for it.
    func stamp(
        _ strokes: ArraySlice<Stroke>, into layer: TileLayer, onlyTiles: Set<TileKey>? = nil,
        observer: BakeObserver? = nil, copyingForUndo: Bool = false
    ) throws(VulkanError) -> Int {
        let layingOut = ContinuousClock.now
        // Strokes are laid out until the room is full: more than a batch's worth never need their samples here.
        let loaded = strokes.prefix(copyingForUndo ? 1 : 4096).map { ($0, $0.samples.loaded()) }
        let (batch, included) = expander.batch(loaded[...], roomAlignment: chunkStamps, endsAtLeftOut: true)
        let taken = included.prefix { $0 }.count
        guard taken > 0 else {
            try finish()
            return 0
        }
        var chunks: [MLStampChunk] = []
        chunks.reserveCapacity(batch.stampCapacity / chunkStamps)
        for (index, entry) in batch.strokes.prefix(taken).enumerated() {
            for first in stride(from: entry.outputBase, to: entry.outputBase + entry.capacity, by: chunkStamps) {
                chunks.append(
                    MLStampChunk(stroke: UInt32(index), first: first, strokeFirst: entry.outputBase, unused: 0))
            }
        }
        let kernelStrokes = strokes.prefix(taken).map { StampRun.kernelStroke($0, textures: textures) }
        times.layout += BakeHostTimes.seconds(since: layingOut)
        // This set was last read by the stamping before the one in flight, which the wait for this batch's
        // expansion follows.
        let buffers = sets[current]
        current = 1 - current
        let stampBytes = batch.stampCapacity * MemoryLayout<MLStamp>.stride
        let stamps = try ensure(
            &buffers.stamps, bytes: stampBytes + taken * MemoryLayout<MLStroke>.stride, usage: .storage,
            onDevice: true)
        let boundsBase = (taken + 3) / 4 * 4
        let readback = try ensure(
            &buffers.readback, bytes: (boundsBase + chunks.count * 4) * 4, usage: [.storage, .copiedTo],
            onDevice: false)
        let chunkTable = try ensure(
            &buffers.chunkTable, bytes: chunks.count * MemoryLayout<MLStampChunk>.stride, usage: .storage,
            onDevice: false)
        Self.copy(kernelStrokes, into: stamps, at: stampBytes)
        Self.copy(chunks, into: chunkTable)
        let prepared = try StrokeExpander.Prepared(batch, context: context, stamps: stamps, counts: readback)
        let groupsPerRow = min(chunks.count, 65_535)
        let push = Push(
            scale: Float(layer.scale), strokeBase: UInt32(stampBytes / 16), boundsBase: UInt32(boundsBase),
            chunkCount: UInt32(chunks.count), groupsPerRow: UInt32(groupsPerRow))
        let expansion = CommandBatch(context)
        try expansion.record { commands throws(VulkanError) in
            try expander.record(prepared, commands)
            try chunkPass.record(
                [stamps, readback, chunkTable], push, groupsX: groupsPerRow,
                groupsY: (chunks.count + groupsPerRow - 1) / groupsPerRow, commands)
        }
        let submitted = try expansion.submit()
        // The stamping in flight ran before this expansion did.
        try finish()
        let waiting = ContinuousClock.now
        try submitted?.wait()
        times.waiting += BakeHostTimes.seconds(since: waiting)
        let listing = ContinuousClock.now
        let words = readback.contents.bindMemory(to: UInt32.self, capacity: boundsBase + chunks.count * 4)
        // Strokes up to the first the device did not finish: the rest wait for it, stamped on the host.
        let finished = (0..<taken).first { words[$0] & StrokeExpander.unfinished != 0 } ?? taken
        guard finished > 0 else { return 0 }
        let usable = chunks.prefix { $0.stroke < finished }
        let bounds = ChunkBounds(readback.contents.advanced(by: boundsBase * 4), count: usable.count, layer: layer)
        var copiedTiles: Set<TileKey>?
        if let observer {
            // Told before the tiles are listed: kept paint it brings in is paint an eraser's chunks find.
            let reached = Self.tilesReached(usable, bounds: bounds, strokeCount: finished, onlyTiles: onlyTiles)
            for (stroke, tiles) in zip(strokes.prefix(finished), reached) {
                try observer.willStamp(stroke, reaching: tiles)
                observer.stamps(stroke, reaching: tiles)
            }
            if copyingForUndo { copiedTiles = reached.first }
        }
        let tiles = try Self.listTiles(
            usable, bounds: bounds, erasing: strokes.prefix(finished).map(\.brush.isEraser), layer: layer,
            onlyTiles: onlyTiles)
        strokesStamped += finished
        guard !tiles.keys.isEmpty else { return finished }
        let lists = try ensure(&buffers.lists, bytes: tiles.words.count * 4, usage: .storage, onDevice: false)
        Self.copy(tiles.words, into: lists)
        times.listing += BakeHostTimes.seconds(since: listing)
        let textured = kernelStrokes.prefix(finished).contains { $0.textureLayer > 0 }
        let stamping = CommandBatch(context)
        try stamping.record { commands throws(VulkanError) in
            if let copiedTiles, let observer, let stroke = strokes.first {
                stamping.hold(try observer.copyForUndo(copiedTiles, before: stroke, commands))
            }
            for key in tiles.keys where layer.tile(key) == nil { _ = try layer.makeTile(key, commands) }
            commands.barrier()
            try kernel.bindChunked(
                stamps: stamps, lists: lists, chunkStamps: chunkStamps, textures: textures.image, textured: textured,
                commands)
            for (key, start) in zip(tiles.keys, tiles.starts) {
                guard let tile = layer.tile(key) else { continue }
                let origin = layer.origin(of: key)
                let push = StampKernel.Push(
                    originX: Float(origin.x), originY: Float(origin.y), scale: Float(layer.scale), stampBase: 0,
                    strokeBase: UInt32(stampBytes / 16), cellBase: UInt32(start), entryBase: 0, cellsPerSide: 1)
                try kernel.dispatch(tile: tile, push: push, commands)
            }
            commands.barrier()
        }
        inFlight = try stamping.submit()
        layer.markChanged(tiles.keys)
        return finished
    }

    /// The chunks' bounds as read back, and the tiles of a layer each reaches.
    private struct ChunkBounds {
        let values: UnsafePointer<Float>
        let grid: TileGrid
        /// The layer's extent in document pixels: far-off bounds are clipped to just outside it.
        let width: Double
        let height: Double

        init(_ bounds: UnsafeMutableRawPointer, count: Int, layer: TileLayer) {
            values = UnsafePointer(bounds.bindMemory(to: Float.self, capacity: count * 4))
            grid = layer.grid
            width = Double(grid.columns * TileLayer.tileSize) / grid.scale
            height = Double(grid.rows * TileLayer.tileSize) / grid.scale
        }

        /// The tile columns and rows chunk `index` reaches; nil for a chunk with nothing to draw, or off the layer.
        func tiles(of index: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
            let (lowX, lowY) = (Double(values[index * 4]), Double(values[index * 4 + 1]))
            let (highX, highY) = (Double(values[index * 4 + 2]), Double(values[index * 4 + 3]))
            guard lowX <= highX, lowY <= highY,
                let columns = grid.columnRange(min(max(lowX, -1), width + 1), min(max(highX, -1), width + 1)),
                let rows = grid.rowRange(min(max(lowY, -1), height + 1), min(max(highY, -1), height + 1))
            else { return nil }
            return (columns, rows)
        }

        /// Chunk `index`'s bounds in tile `key`'s pixels (lowest x, y, highest x, y), as the kernel works them out.
        func tilePixels(of index: Int, in key: TileKey) -> (Double, Double, Double, Double) {
            let (originX, originY) = (Double(key.column * TileLayer.tileSize), Double(key.row * TileLayer.tileSize))
            return (
                Double(values[index * 4]) * grid.scale - originX, Double(values[index * 4 + 1]) * grid.scale - originY,
                Double(values[index * 4 + 2]) * grid.scale - originX,
                Double(values[index * 4 + 3]) * grid.scale - originY
            )
        }

        /// Chunk `index`'s bounds as the kernel reads them (float bits).
        func words(of index: Int) -> (UInt32, UInt32, UInt32, UInt32) {
            (
                values[index * 4].bitPattern, values[index * 4 + 1].bitPattern, values[index * 4 + 2].bitPattern,
                values[index * 4 + 3].bitPattern
            )
        }
    }

    /// The tiles each of the first `strokeCount` strokes reaches (within `onlyTiles` when given), from its chunks.
    private static func tilesReached(
        _ chunks: ArraySlice<MLStampChunk>, bounds: ChunkBounds, strokeCount: Int, onlyTiles: Set<TileKey>?
    ) -> [Set<TileKey>] {
        var reached = [Set<TileKey>](repeating: [], count: strokeCount)
        for (index, chunk) in chunks.enumerated() {
            guard let (columns, rows) = bounds.tiles(of: index) else { continue }
            for row in rows {
                for column in columns {
                    let key = TileKey(column: column, row: row)
                    if onlyTiles?.contains(key) ?? true { reached[Int(chunk.stroke)].insert(key) }
                }
            }
        }
        return reached
    }

    /// Each tile's list of the chunks whose bounds reach it, in order, laid out as the kernel reads them: its
    /// length, which of its 16×16 blocks any listed chunk reaches (a bit a block, row by row: a workgroup whose block
    /// none reaches leaves at once), then per chunk its first slot and its bounds. An eraser's chunk is listed only
    /// where there is paint (a tile of the layer, or one an earlier stroke of the batch paints); only `onlyTiles` when
    /// given.
    private static func listTiles(
        _ chunks: ArraySlice<MLStampChunk>, bounds: ChunkBounds, erasing: [Bool], layer: TileLayer,
        onlyTiles: Set<TileKey>?
    ) throws(VulkanError) -> (keys: [TileKey], starts: [Int], words: [UInt32]) {
        var slots: [TileKey: Int] = [:]
        var keys: [TileKey] = []
        var entries: [[UInt32]] = []
        var blocks: [BlockMask] = []
        var made = 0
        for (index, chunk) in chunks.enumerated() {
            guard let (columns, rows) = bounds.tiles(of: index) else { continue }
            let isEraser = erasing[Int(chunk.stroke)]
            let (lowX, lowY, highX, highY) = bounds.words(of: index)
            for row in rows {
                for column in columns {
                    let key = TileKey(column: column, row: row)
                    let slot: Int
                    if let known = slots[key] {
                        slot = known
                    } else {
                        if let onlyTiles, !onlyTiles.contains(key) { continue }
                        let exists = layer.tile(key) != nil
                        if isEraser && !exists { continue }
                        if !exists { made += 1 }
                        slot = keys.count
                        slots[key] = slot
                        keys.append(key)
                        entries.append([])
                        blocks.append(BlockMask())
                    }
                    entries[slot] += [chunk.first, lowX, lowY, highX, highY]
                    blocks[slot].mark(bounds.tilePixels(of: index, in: key))
                }
            }
        }
        if made > 0, layer.tiles.count + made > TileLayer.maximumTiles { throw layer.tooManyTiles }
        var words: [UInt32] = []
        var starts: [Int] = []
        for (list, mask) in zip(entries, blocks) {
            starts.append(words.count)
            words.append(UInt32(list.count / 5))
            words += mask.words
            words += list
        }
        return (keys, starts, words)
    }

    private static func copy<Element>(_ values: [Element], into buffer: GPUBuffer, at offset: Int = 0) {
        values.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                buffer.contents.advanced(by: offset).copyMemory(from: base, byteCount: bytes.count)
            }
        }
    }

    /// `buffer`, replaced by a larger one when it holds fewer than `bytes`.
    private func ensure(_ buffer: inout GPUBuffer?, bytes: Int, usage: BufferUsage, onDevice: Bool)
        throws(VulkanError) -> GPUBuffer
    {
        if let buffer, buffer.size >= bytes { return buffer }
        buffer = nil
        let made = try GPUBuffer(context, size: bytes, usage: usage, onDevice: onDevice)
        buffer = made
        return made
    }
}
