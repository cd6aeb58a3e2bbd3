import CStamping
import Dispatch
import MaLiangCore

/// Layers composed on the host, for CPU devices: each tile's layers go down to a staging buffer, are composed there
/// on every core (CStamping's `ml_compose_layer`, the same formulas as Shaders/layer.frag) with the result's smaller
/// levels, and go back. On a CPU device drawing a tile is fragment-bound: composing on the host costs a fraction of
/// that (docs/benchmarks.md).
extension LayerCompositor {
    /// Staging memory a round trip may take (tiles of layers in, composed tiles with their levels out).
    static let hostCompositionBytes = 48 << 20

    /// Composes tiles `keys` of the `shown` layers (bottom first) into `target` on the host, from level
    /// `fromLevel` of their tiles (the target's finer levels are left as they were).
    func composeOnHost(
        _ keys: [TileKey], shown: [(paint: TileLayer, layer: Layer)], into target: TileLayer,
        staging scratch: CompositionScratch, fromLevel level: Int = 0
    ) throws(VulkanError) {
        let outputBytes = CPUStamping.slotBytes
        let inputBytes = TileMips.levelBytes(level)
        let outputStart = TileMips.offset(ofLevel: level)
        let perTile = outputBytes + max(shown.count, 1) * inputBytes
        let tilesPerRound = max(1, min(Self.hostCompositionBytes / perTile, keys.count))
        let staging = try scratch.staging(bytes: tilesPerRound * perTile)
        let inputsStart = tilesPerRound * outputBytes
        let layerCount = shown.count
        @Sendable func inputOffset(tile: Int, layer: Int) -> Int {
            inputsStart + (tile * layerCount + layer) * inputBytes
        }
        for group in keys.chunked(tilesPerRound) {
            let tiles = Array(group)
            // Which layers have paint at each tile.
            let present = tiles.map { key in shown.indices.filter { shown[$0].paint.tile(key) != nil } }
            try resources.context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for (index, key) in tiles.enumerated() {
                    for layer in present[index] {
                        guard let tile = shown[layer].paint.tile(key) else { continue }
                        commands.copy(level: level, of: tile, to: staging, at: inputOffset(tile: index, layer: layer))
                    }
                }
            }
            let modes = shown.map { source -> Int32 in
                switch source.layer.blend {
                case .normal: 0
                case .multiply: 1
                case .screen: 2
                case .overlay: 3
                }
            }
            let opacities = shown.map { Float($0.layer.opacity) }
            nonisolated(unsafe) let base = staging.contents
            let pixels = Int32((TileLayer.tileSize >> level) * (TileLayer.tileSize >> level))
            DispatchQueue.concurrentPerform(iterations: tiles.count) { index in
                let output = base.advanced(by: index * outputBytes + outputStart).assumingMemoryBound(to: UInt16.self)
                output.initialize(repeating: 0, count: inputBytes / 2)
                for layer in present[index] {
                    let input = base.advanced(by: inputOffset(tile: index, layer: layer))
                        .assumingMemoryBound(to: UInt16.self)
                    ml_compose_layer(output, input, pixels, opacities[layer], modes[layer])
                }
            }
            let filled = tiles.indices.filter { !present[$0].isEmpty }
            // The composed paint's smaller levels are made here too (a CPU device blits them slowly).
            TileMips.make(in: staging, slots: tiles.count, slotBytes: outputBytes, fromLevel: level)
            try resources.context.submitAndWait { commands throws(VulkanError) in
                var made: [(Int, GPUImage)] = []
                for index in filled { made.append((index, try target.makeTile(tiles[index], commands))) }
                commands.barrier()
                for (index, tile) in made {
                    TileMips.upload(
                        from: staging, at: index * outputBytes, to: tile, levels: tile.mipLevels, firstLevel: level,
                        commands)
                }
                commands.barrier()
            }
            for index in tiles.indices where present[index].isEmpty { target.replace(tiles[index], with: nil) }
            target.markChanged(filled.map { tiles[$0] }, mipmapsMatch: true)
            if let composedOnHost {
                let slots = filled.map { (key: tiles[$0], slot: UnsafeRawPointer(base.advanced(by: $0 * outputBytes))) }
                composedOnHost(slots, target, level)
            }
        }
    }
}
