import CStamping
import Glibc

/// Stamps binned work on the host's cores (CStamping): the tiles go down to a staging buffer, are stamped there
/// and go back. On a CPU device (lavapipe) this is several times faster than the compute shader, whose stamp
/// loads the device's compiler makes lane by lane.
final class CPUStamping {
    /// Tiles stamped per round trip: bounds the staging memory (32 × 512 KiB).
    static let tilesPerGroup = 32
    static let tileBytes = TileLayer.tileSize * TileLayer.tileSize * 8
    /// A tile's place in the staging buffer: level 0, then its smaller levels.
    static let slotBytes = tileBytes + TileMips.bytes

    let context: VulkanContext
    private let textures: BrushTextures
    private var staging: GPUBuffer?
    private let threads = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    /// The memory work is laid out in, kept from bake to bake: a pass of small dabs is a megabyte or more, which
    /// allocated afresh is mapped, faulted in and unmapped at every bake (blocks that size get mappings of their
    /// own). Given back with ``giveBackKeptMemory()``.
    private var workMemory: UnsafeMutableRawPointer?
    private var workCapacity = 0

    init(_ context: VulkanContext, textures: BrushTextures) {
        self.context = context
        self.textures = textures
    }

    /// Stamps `work` into `layer`'s tiles (made where missing). Commands recorded earlier must have run.
    func stamp(_ work: StampWork, into layer: TileLayer) throws(VulkanError) {
        let memory = memory(for: work)
        work.write(to: memory)
        var start = 0
        while start < work.tiles.count {
            let group = Array(work.tiles[start..<min(start + Self.tilesPerGroup, work.tiles.count)])
            try stamp(work, at: memory, tiles: group, firstSlot: start, into: layer)
            start += group.count
        }
    }

    /// Stamps `tiles` (from slot `firstSlot`) of `work`, laid out at `memory`.
    private func stamp(
        _ work: StampWork, at memory: UnsafeMutableRawPointer, tiles: [TileKey], firstSlot: Int, into layer: TileLayer
    )
        throws(VulkanError)
    {
        let staging = try download(tiles, of: layer)
        let origins = tiles.flatMap { key -> [Float] in
            let origin = layer.origin(of: key)
            return [Float(origin.x), Float(origin.y)]
        }
        let pixels: [UnsafeMutablePointer<UInt16>?] = tiles.indices.map {
            staging.contents.advanced(by: $0 * Self.slotBytes).assumingMemoryBound(to: UInt16.self)
        }
        let strokes = memory + work.stampBytes
        let cells = (strokes + work.strokeBytes).assumingMemoryBound(to: UInt32.self)
        origins.withUnsafeBufferPointer { origins in
            pixels.withUnsafeBufferPointer { pixels in
                textures.hostMasks.withUnsafeBufferPointer { masks in
                    var job = MLStampJob(
                        stamps: memory.assumingMemoryBound(to: MLStamp.self),
                        strokes: strokes.assumingMemoryBound(to: MLStroke.self),
                        cells: cells + firstSlot * work.cellsPerTile * 2, entries: cells + work.cellWordCount,
                        tileCount: Int32(tiles.count), pixels: pixels.baseAddress, origins: origins.baseAddress,
                        scale: Float(layer.scale), masks: masks.baseAddress, maskLayers: Int32(BrushTextures.capacity),
                        maskLevels: Int32(BrushTextures.mipLevels), threads: Int32(threads))
                    ml_stamp_tiles(&job)
                }
            }
        }
        try upload(tiles, of: layer, from: staging)
    }

    /// Copies `tiles` of `layer` into the staging buffer, a slot each in order (tiles it lacks are made, their slots
    /// cleared), and returns it: the host then works on them there.
    func download(_ tiles: [TileKey], of layer: TileLayer) throws(VulkanError) -> GPUBuffer {
        let staging = try stagingBuffer()
        var fresh: [Int] = []
        try context.submitAndWait { commands throws(VulkanError) in
            for (index, key) in tiles.enumerated() {
                if let tile = layer.tile(key) {
                    commands.copy(level: 0, of: tile, to: staging, at: index * Self.slotBytes)
                } else {
                    _ = try layer.makeTile(key, commands)
                    fresh.append(index)
                }
            }
        }
        for index in fresh { memset(staging.contents.advanced(by: index * Self.slotBytes), 0, Self.tileBytes) }
        return staging
    }

    /// Copies the staging buffer's slots back into `tiles` of `layer` (``download(_:of:)``'s order), their smaller
    /// levels made here too: a CPU device blits them far more slowly.
    func upload(_ tiles: [TileKey], of layer: TileLayer, from staging: GPUBuffer) throws(VulkanError) {
        let withMips = tiles.allSatisfy { layer.tile($0)?.mipLevels == TileLayer.mipLevels }
        if withMips { TileMips.make(in: staging, slots: tiles.count, slotBytes: Self.slotBytes) }
        try context.submitAndWait { commands throws(VulkanError) in
            commands.barrier()
            for (index, key) in tiles.enumerated() {
                guard let tile = layer.tile(key) else { continue }
                TileMips.upload(
                    from: staging, at: index * Self.slotBytes, to: tile, levels: withMips ? TileLayer.mipLevels : 1,
                    commands)
            }
            commands.barrier()
        }
        layer.markChanged(tiles, mipmapsMatch: withMips)
    }

    /// Room for `work`'s layout: the kept memory, made larger when it is too small.
    private func memory(for work: StampWork) -> UnsafeMutableRawPointer {
        let needed = max(work.byteCount, 16)
        if let workMemory, needed <= workCapacity { return workMemory }
        workMemory?.deallocate()
        let made = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 16)
        workMemory = made
        workCapacity = needed
        return made
    }

    /// Bytes of host memory kept for laying work out.
    var keptBytes: Int { workCapacity }

    /// Gives back the memory kept for laying work out (the next bake allocates it again).
    func giveBackKeptMemory() {
        workMemory?.deallocate()
        workMemory = nil
        workCapacity = 0
    }

    deinit { workMemory?.deallocate() }

    private func stagingBuffer() throws(VulkanError) -> GPUBuffer {
        if let staging { return staging }
        let made = try GPUBuffer(
            context, size: Self.tilesPerGroup * Self.slotBytes,
            usage: [.copiedFrom, .copiedTo])
        staging = made
        return made
    }
}
