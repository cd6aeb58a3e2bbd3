import CStamping
import CVulkan

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
            try UploadArena(context, capacity: 4 << 20, usage: VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
            try UploadArena(context, capacity: 4 << 20, usage: VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
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

    /// Empties both arenas: call when nothing recorded is in flight.
    func resetArenas() {
        for arena in arenas { arena.reset() }
    }

    /// Records `work` into `layer`'s tiles (made where missing).
    func record(_ work: StampWork, into layer: TileLayer, _ commands: VkCommandBuffer) throws(VulkanError) {
        guard !work.tiles.isEmpty else { return }
        let stampBytes = work.stamps.count * MemoryLayout<MLStamp>.stride
        let strokeBytes = work.strokes.count * MemoryLayout<MLStroke>.stride
        let cellBytes = work.cells.count * 4
        let (buffer, base) = try arena.allocate(
            stampBytes + strokeBytes + cellBytes + work.entries.count * 4, alignment: 16)
        var destination = buffer.contents.advanced(by: base)
        func append<Element>(_ elements: [Element]) {
            elements.withUnsafeBytes { bytes in
                guard let source = bytes.baseAddress else { return }
                destination.copyMemory(from: source, byteCount: bytes.count)
                destination += bytes.count
            }
        }
        append(work.stamps)
        append(work.strokes)
        append(work.cells)
        append(work.entries)
        for key in work.tiles where layer.tile(key) == nil { _ = try layer.makeTile(key, commands) }
        fullBarrier(commands)
        kernel.bind(
            buffer: buffer, textures: textures.image, textured: work.strokes.contains { $0.textureLayer > 0.5 },
            commands)
        let cellWords = (base + stampBytes + strokeBytes) / 4
        for (slot, key) in work.tiles.enumerated() {
            guard let tile = layer.tile(key) else { continue }
            let origin = layer.origin(of: key)
            var push = StampKernel.Push(
                originX: Float(origin.x), originY: Float(origin.y), scale: Float(layer.scale),
                stampBase: UInt32(base / 16), strokeBase: UInt32((base + stampBytes) / 16),
                cellBase: UInt32(cellWords + slot * work.cellsPerTile * 2),
                entryBase: UInt32(cellWords + work.cells.count))
            try kernel.dispatch(tile: tile, push: &push, commands)
        }
        fullBarrier(commands)
        layer.markChanged(work.tiles)
    }
}
