import CStamping
import Foundation
import MaLiangCore
import PNGCodec

/// The brush alpha masks, one layer each of a 256² R8 texture array with mipmaps (small dabs do not alias).
///
/// Built-in masks are made here, procedurally; registered brushes add masks from PNG images (their alpha, or
/// their darkness when opaque).
final class BrushTextures {
    static let size = 256
    static let capacity = 32
    static let mipLevels = 9

    let image: GPUImage
    private let context: VulkanContext
    /// Array layer of each texture id.
    private(set) var layers: [String: Int] = [:]
    /// The same masks in host memory, layer after layer, each its mip chain from 256² (the CPU stamping kernel
    /// samples these).
    private(set) var hostMasks: [UInt8]
    /// Bytes of one layer's mip chain in ``hostMasks``.
    static let layerBytes = Int(ml_mask_layer_bytes(Int32(mipLevels)))

    init(_ context: VulkanContext, _ pipelines: Pipelines) throws(VulkanError) {
        self.context = context
        hostMasks = [UInt8](repeating: 0, count: Self.layerBytes * Self.capacity)
        image = try GPUImage(
            context, width: Self.size, height: Self.size, format: .r8, layers: Self.capacity,
            mipLevels: Self.mipLevels,
            usage: [.sampled, .copiedTo])
        try context.submitAndWait { commands throws(VulkanError) in
            commands.initializeLayout(image)
            commands.clear(image)
        }
        _ = try pipelines.bind(image)
        for (id, mask) in BuiltInMasks.all { try add(id, mask: mask) }
    }

    /// The paper's layer (``BuiltInMasks/paperID``), for brushes with grain.
    var paperLayer: Float { Float(layers[BuiltInMasks.paperID] ?? 0) }

    /// The `textureLayer` push constant for a brush texture id: 0 for none (procedural round), layer + 1 otherwise.
    func pushLayer(for id: String?) -> Float {
        guard let id, let layer = layers[id] else { return 0 }
        return Float(layer + 1)
    }

    /// Adds (or replaces) a mask from a PNG image.
    func add(_ id: String, png: Data) throws {
        let decoded = try PNG.decode(png, depth: .eight)
        guard case .rgba8(let bytes) = decoded.pixels else { return }
        let opaque = !decoded.hasAlpha
        var mask = [UInt8](repeating: 0, count: Self.size * Self.size)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let sourceX = min(x * decoded.width / Self.size, decoded.width - 1)
                let sourceY = min(y * decoded.height / Self.size, decoded.height - 1)
                let base = (sourceY * decoded.width + sourceX) * 4
                let luminance = (Int(bytes[base]) * 54 + Int(bytes[base + 1]) * 183 + Int(bytes[base + 2]) * 19) >> 8
                mask[y * Self.size + x] = opaque ? UInt8(255 - luminance) : bytes[base + 3]
            }
        }
        try add(id, mask: mask)
    }

    func add(_ id: String, mask: [UInt8]) throws(VulkanError) {
        let layer = layers[id] ?? layers.count
        guard layer < Self.capacity else {
            throw VulkanError("no room for brush texture \"\(id)\" (\(Self.capacity) at most)")
        }
        let levels = Self.mipChain(mask)
        let total = levels.reduce(0) { $0 + $1.count }
        let staging = try GPUBuffer(context, size: total, usage: .copiedFrom)
        var regions: [BufferImageRegion] = []
        var offset = 0
        for (level, pixels) in levels.enumerated() {
            pixels.withUnsafeBytes { raw in
                if let base = raw.baseAddress {
                    staging.contents.advanced(by: offset).copyMemory(from: base, byteCount: raw.count)
                }
            }
            let side = Self.size >> level
            regions.append(
                BufferImageRegion(bufferOffset: offset, level: level, layer: layer, width: side, height: side))
            offset += pixels.count
        }
        var hostOffset = layer * Self.layerBytes
        for pixels in levels {
            hostMasks.replaceSubrange(hostOffset..<hostOffset + pixels.count, with: pixels)
            hostOffset += pixels.count
        }
        try context.submitAndWait { commands throws(VulkanError) in
            commands.barrier()
            commands.copy(staging, to: image, regions)
            commands.barrier()
        }
        layers[id] = layer
    }

    /// The mask and its box-filtered halvings down to 1×1.
    static func mipChain(_ mask: [UInt8]) -> [[UInt8]] {
        var levels = [mask]
        var side = size
        while side > 1 && levels.count < mipLevels {
            let previous = levels[levels.count - 1]
            let half = side / 2
            var next = [UInt8](repeating: 0, count: half * half)
            for y in 0..<half {
                for x in 0..<half {
                    let a = Int(previous[(2 * y) * side + 2 * x]) + Int(previous[(2 * y) * side + 2 * x + 1])
                    let b = Int(previous[(2 * y + 1) * side + 2 * x]) + Int(previous[(2 * y + 1) * side + 2 * x + 1])
                    next[y * half + x] = UInt8((a + b + 2) / 4)
                }
            }
            levels.append(next)
            side = half
        }
        return levels
    }
}

extension Brush {
    /// ``grain`` as the stamping kernels take it: 0…1, 0 for none or anything not finite.
    var grainStrength: Float {
        guard let grain, grain.isFinite else { return 0 }
        return Float(min(max(grain, 0), 1))
    }
}
