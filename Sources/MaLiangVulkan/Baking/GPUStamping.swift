import CStamping

/// Records binned stamp work as one compute dispatch per tile (Shaders/stamp.comp): each workgroup walks its
/// cell's stamps with the pixel in registers, so a tile is read and written once however many dabs land on it.
final class GPUStamping {
    private let kernel: StampKernel
    private let textures: BrushTextures
    /// Two arenas used in turn: the device reads one submission's work while the next is written into the other.
    private let arenas: [UploadArena]
    private var current = 0

    init(_ context: VulkanContext, kernel: StampKernel, textures: BrushTextures) throws(VulkanError) {
        self.kernel = kernel
        self.textures = textures
        arenas = [
            try UploadArena(context, capacity: 4 << 20, usage: .storage),
            try UploadArena(context, capacity: 4 << 20, usage: .storage),
        ]
    }

    /// The arena being written.
    var arena: UploadArena { arenas[current] }

    /// Turns to the other arena, emptying it but keeping its blocks for the next batch: call once the submission
    /// that last read it has run.
    func turnArenas() {
        current = 1 - current
        arenas[current].rewind()
    }

    /// Upload memory each arena keeps between bakes: a batch of the largest size (200,000 stamps) with its cells and
    /// entries. Allocating it afresh is fresh memory to map and fault in at every bake, a share of a fast device's
    /// own work that shows in `maliang bench render`.
    static let keptBytes = 32 << 20

    /// Empties both arenas: call when nothing recorded is in flight.
    func resetArenas() {
        for arena in arenas { arena.reset(keepingBytes: Self.keptBytes) }
    }

    /// Upload memory the arenas hold beyond their first blocks: what the last large bake left for the next.
    var keptUploadBytes: Int { arenas.reduce(0) { $0 + $1.extraBytes } }

    /// Gives back what the arenas keep beyond their first blocks: call when nothing recorded is in flight and the
    /// canvas has been idle a while (the next large bake maps fresh memory again).
    func giveBackKeptMemory() {
        for arena in arenas { arena.reset() }
    }

    /// Records `work` into `layer`'s tiles (made where missing).
    func record(_ work: StampWork, into layer: TileLayer, _ commands: CommandRecorder) throws(VulkanError) {
        guard !work.tiles.isEmpty else { return }
        let (buffer, base) = try arena.allocate(work.byteCount, alignment: 16)
        work.write(to: buffer.contents.advanced(by: base))
        for key in work.tiles where layer.tile(key) == nil { _ = try layer.makeTile(key, commands) }
        commands.barrier()
        try kernel.bind(buffer: buffer, textures: textures.image, textured: work.isTextured, commands)
        let cellWords = (base + work.stampBytes + work.strokeBytes) / 4
        for (slot, key) in work.tiles.enumerated() {
            guard let tile = layer.tile(key) else { continue }
            let origin = layer.origin(of: key)
            let push = StampKernel.Push(
                originX: Float(origin.x), originY: Float(origin.y), scale: Float(layer.scale),
                stampBase: UInt32(base / 16), strokeBase: UInt32((base + work.stampBytes) / 16),
                cellBase: UInt32(cellWords + slot * work.cellsPerTile * 2),
                entryBase: UInt32(cellWords + work.cellWordCount), cellsPerSide: UInt32(work.cellsPerTileSide))
            try kernel.dispatch(tile: tile, push: push, commands)
        }
        commands.barrier()
        layer.markChanged(work.tiles)
    }
}
