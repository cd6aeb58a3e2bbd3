import CStamping
import Dispatch

/// A paint tile's smaller levels made on the host from level 0 in a staging buffer, and the copies that put every
/// level in the tile: on a CPU device, blitting them level by level costs far more.
enum TileMips {
    static let levelZeroBytes = TileLayer.tileSize * TileLayer.tileSize * 8
    /// Bytes of levels 1… of one tile, stored right after its level 0.
    static let bytes = (1..<TileLayer.mipLevels).reduce(0) { total, level in
        total + (TileLayer.tileSize >> level) * (TileLayer.tileSize >> level) * 8
    }

    /// Bytes of level `level` of a tile.
    static func levelBytes(_ level: Int) -> Int { (TileLayer.tileSize >> level) * (TileLayer.tileSize >> level) * 8 }

    /// Where level `level` starts in a tile's levels stored one after another.
    static func offset(ofLevel level: Int) -> Int { (0..<level).reduce(0) { $0 + levelBytes($1) } }

    /// Makes the levels smaller than `level` holds of the tiles in `slots` slots of `slotBytes` each (each slot
    /// holds a tile's levels one after another), on every core.
    static func make(in staging: GPUBuffer, slots: Int, slotBytes: Int, fromLevel level: Int = 0) {
        nonisolated(unsafe) let base = staging.contents
        let start = offset(ofLevel: level)
        DispatchQueue.concurrentPerform(iterations: slots) { slot in
            let tile = base.advanced(by: slot * slotBytes + start)
            ml_mip_chain_rgba16(
                tile.assumingMemoryBound(to: UInt16.self), Int32(TileLayer.tileSize >> level),
                tile.advanced(by: levelBytes(level)).assumingMemoryBound(to: UInt16.self))
        }
    }

    /// Records the copies of a tile's levels `firstLevel..<levels` from `buffer` at `offset` (where its level 0
    /// would start; the levels one after another) into `tile`.
    static func upload(
        from buffer: GPUBuffer, at offset: Int, to tile: GPUImage, levels: Int, firstLevel: Int = 0,
        _ commands: CommandRecorder
    ) {
        var regions: [BufferImageRegion] = []
        var levelOffset = offset + Self.offset(ofLevel: firstLevel)
        for level in firstLevel..<levels {
            let side = TileLayer.tileSize >> level
            regions.append(BufferImageRegion(bufferOffset: levelOffset, level: level, width: side, height: side))
            levelOffset += side * side * 8
        }
        commands.copy(buffer, to: tile, regions)
    }
}
