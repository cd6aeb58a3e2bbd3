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

    /// Makes the smaller levels of the tiles in `slots` slots of `slotBytes` each, on every core.
    static func make(in staging: GPUBuffer, slots: Int, slotBytes: Int) {
        nonisolated(unsafe) let base = staging.contents
        DispatchQueue.concurrentPerform(iterations: slots) { slot in
            let tile = base.advanced(by: slot * slotBytes)
            ml_mip_chain_rgba16(
                tile.assumingMemoryBound(to: UInt16.self), Int32(TileLayer.tileSize),
                tile.advanced(by: levelZeroBytes).assumingMemoryBound(to: UInt16.self))
        }
    }

    /// Records the copies of a tile's first `levels` levels from `buffer` at `offset` (level 0 first) into `tile`.
    static func upload(
        from buffer: GPUBuffer, at offset: Int, to tile: GPUImage, levels: Int, _ commands: CommandRecorder
    ) {
        var regions: [BufferImageRegion] = []
        var levelOffset = offset
        for level in 0..<levels {
            let side = TileLayer.tileSize >> level
            regions.append(BufferImageRegion(bufferOffset: levelOffset, level: level, width: side, height: side))
            levelOffset += side * side * 8
        }
        commands.copy(buffer, to: tile, regions)
    }
}
