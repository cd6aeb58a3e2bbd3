import Foundation
import PNGCodec

/// GPU copies of the document's images (premultiplied RGBA8 with mipmaps), uploaded on first use.
final class ChartletImages {
    private let context: VulkanContext
    private let pipelines: Pipelines
    /// PNG data by id: the document's texture store.
    var source: () -> [String: Data]
    private var images: [String: GPUImage] = [:]
    private var failed: Set<String> = []

    init(_ context: VulkanContext, _ pipelines: Pipelines, source: @escaping () -> [String: Data]) {
        self.context = context
        self.pipelines = pipelines
        self.source = source
    }

    /// Forgets the GPU copy of `id` (its PNG changed).
    func invalidate(_ id: String) {
        images[id] = nil
        failed.remove(id)
    }

    /// The image for `id`, or nil when the document has no such image or it cannot be decoded.
    func image(_ id: String) throws(VulkanError) -> GPUImage? {
        if let cached = images[id] { return cached }
        guard !failed.contains(id), let png = source()[id] else { return nil }
        guard let decoded = try? PNG.decode(png, depth: .eight), case .rgba8(var bytes) = decoded.pixels else {
            failed.insert(id)
            return nil
        }
        // Premultiply, as everything the compositor blends is.
        for index in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = UInt32(bytes[index + 3])
            for channel in 0..<3 {
                bytes[index + channel] = UInt8((UInt32(bytes[index + channel]) * alpha + 127) / 255)
            }
        }
        let image = try upload(premultiplied: bytes, width: decoded.width, height: decoded.height)
        images[id] = image
        return image
    }

    /// A sampled, mipmapped GPU image of premultiplied RGBA8 pixels.
    func upload(premultiplied bytes: [UInt8], width: Int, height: Int) throws(VulkanError) -> GPUImage {
        let levels = min(Int(log2(Double(max(width, height)))) + 1, 12)
        let image = try GPUImage(
            context, width: width, height: height, format: .rgba8, mipLevels: levels,
            usage: [.sampled, .copiedTo, .copiedFrom])
        let staging = try GPUBuffer(context, size: bytes.count, usage: .copiedFrom)
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress { staging.contents.copyMemory(from: base, byteCount: raw.count) }
        }
        try context.submitAndWait { commands throws(VulkanError) in
            commands.initializeLayout(image)
            commands.copy(staging, to: image, [BufferImageRegion(width: width, height: height)])
            commands.generateMipmaps(image)
        }
        return image
    }
}
