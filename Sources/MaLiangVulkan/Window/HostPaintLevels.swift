import CStamping
import Dispatch

/// Paint tiles at the levels a view between whole zooms samples, kept on the host in 8 bits, for frames drawn there (CPU devices: ``CanvasRenderer/drawsFramesOnHost``).
///
/// Each remembers the revision of the tile it was read from and is read again when the tile changes; the least
/// recently used go beyond twice what one frame uses, so memory follows the view (at most about four window-sized
/// images of texels), not the document.
final class HostPaintLevels {
    private struct Key: Hashable {
        var tile: TileKey
        var level: Int
    }

    /// One level of one tile: side² texels of 4 bytes.
    private final class Texels {
        let pointer: UnsafeMutablePointer<UInt8>
        init(count: Int) { pointer = .allocate(capacity: count) }
        deinit { pointer.deallocate() }
    }

    private struct Entry {
        let texels: Texels
        var revision: UInt64
        var lastUsed: UInt64
    }

    /// Bytes read back from the device in one submission at most (the staging buffer goes when they are read: after
    /// a first view, reads are a few tiles a stroke).
    static let stagingBytes = 16 << 20

    private let context: VulkanContext
    private var entries: [Key: Entry] = [:]
    /// What the entries were read from; another layer drops them all.
    private weak var layer: TileLayer?
    private var frame: UInt64 = 0

    init(_ context: VulkanContext) { self.context = context }

    /// Brings tiles `keys` of `layer` at `levels` up to date, reading back those that changed since they were
    /// read; `layer`'s smaller levels must match level 0.
    func update(layer: TileLayer, keys: [TileKey], levels: Range<Int>) throws(VulkanError) {
        if self.layer !== layer {
            entries = [:]
            self.layer = layer
        }
        frame += 1
        var stale: [(key: Key, tile: GPUImage, revision: UInt64)] = []
        var used = 0
        for tileKey in keys {
            guard let tile = layer.tile(tileKey) else { continue }
            let revision = layer.revision(of: tileKey)
            for level in levels where level < tile.mipLevels {
                let key = Key(tile: tileKey, level: level)
                used += 1
                if var entry = entries[key], entry.revision == revision {
                    entry.lastUsed = frame
                    entries[key] = entry
                } else {
                    stale.append((key, tile, revision))
                }
            }
        }
        try readBack(stale)
        forgetOldest(keeping: max(2 * used, 64))
    }

    /// Takes the texels of tiles of `layer` just composed on the host straight from there (each `slot` holds a
    /// tile's levels one after another, from `firstLevel` on) for the levels held of them, instead of reading them
    /// back at the next frame. Finer levels held keep their old revision: they are read again when a frame needs
    /// them.
    func refresh(_ tiles: [(key: TileKey, slot: UnsafeRawPointer)], of layer: TileLayer, fromLevel firstLevel: Int) {
        guard layer === self.layer else { return }
        var work: [(source: UnsafePointer<UInt16>, target: UnsafeMutablePointer<UInt8>, count: Int)] = []
        for (tileKey, slot) in tiles {
            let revision = layer.revision(of: tileKey)
            for level in firstLevel..<TileLayer.mipLevels {
                let key = Key(tile: tileKey, level: level)
                guard var entry = entries[key] else { continue }
                entry.revision = revision
                entries[key] = entry
                let side = TileLayer.tileSize >> level
                let source = slot.advanced(by: TileMips.offset(ofLevel: level)).assumingMemoryBound(to: UInt16.self)
                work.append((source, entry.texels.pointer, side * side))
            }
        }
        nonisolated(unsafe) let items = work
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            ml_texels_to_8bit(items[index].source, items[index].target, Int32(items[index].count))
        }
    }

    /// The texels of tile `key` at `level`, if it has paint and was brought up to date.
    func texels(_ key: TileKey, level: Int) -> UnsafePointer<UInt8>? {
        entries[Key(tile: key, level: level)].map { UnsafePointer($0.texels.pointer) }
    }

    /// Lets everything go (the device is being rebuilt, or memory is short).
    func removeAll() { entries = [:] }

    private func readBack(_ stale: [(key: Key, tile: GPUImage, revision: UInt64)]) throws(VulkanError) {
        guard !stale.isEmpty else { return }
        let needed = stale.reduce(0) { total, item in
            total + (TileLayer.tileSize >> item.key.level) * (TileLayer.tileSize >> item.key.level) * 8
        }
        let staging = try GPUBuffer(
            context, size: min(needed, Self.stagingBytes), usage: .copiedTo)
        var start = 0
        while start < stale.count {
            // As many as the staging buffer holds (at least one: a level is at most 512 KiB).
            var offsets: [Int] = []
            var bytes = 0
            var end = start
            while end < stale.count {
                let side = TileLayer.tileSize >> stale[end].key.level
                let size = side * side * 8
                guard bytes + size <= staging.size || end == start else { break }
                offsets.append(bytes)
                bytes += size
                end += 1
            }
            let group = Array(stale[start..<end])
            try context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for (index, item) in group.enumerated() {
                    commands.copy(level: item.key.level, of: item.tile, to: staging, at: offsets[index])
                }
                commands.barrier()
            }
            let targets = group.map { item -> Texels in
                let side = TileLayer.tileSize >> item.key.level
                if let existing = entries[item.key]?.texels { return existing }
                return Texels(count: side * side * 4)
            }
            nonisolated(unsafe) let base = staging.contents
            let levels = group.map(\.key.level)
            let starts = offsets
            let pointers = targets.map(\.pointer)
            nonisolated(unsafe) let unsafePointers = pointers
            DispatchQueue.concurrentPerform(iterations: group.count) { index in
                let side = TileLayer.tileSize >> levels[index]
                ml_texels_to_8bit(
                    base.advanced(by: starts[index]).assumingMemoryBound(to: UInt16.self), unsafePointers[index],
                    Int32(side * side))
            }
            for (index, item) in group.enumerated() {
                entries[item.key] = Entry(texels: targets[index], revision: item.revision, lastUsed: frame)
            }
            start = end
        }
    }

    private func forgetOldest(keeping limit: Int) {
        guard entries.count > limit else { return }
        let oldest = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(entries.count - limit)
        for (key, entry) in oldest where entry.lastUsed != frame { entries[key] = nil }
    }
}
