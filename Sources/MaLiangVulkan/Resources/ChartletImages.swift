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
    /// Ids by last use, the most recent last, and the bytes their copies hold: big pictures (a page-sized fill is
    /// 64 MiB with its mipmaps) are let go, the longest unused first, past ``budgetBytes``.
    private var lastUsed: [String] = []
    private var bytes = 0
    /// The most the copies may hold once ``trim()`` has run.
    static let budgetBytes = 512 << 20

    init(_ context: VulkanContext, _ pipelines: Pipelines, source: @escaping () -> [String: Data]) {
        self.context = context
        self.pipelines = pipelines
        self.source = source
    }

    /// Forgets the GPU copy of `id` (its PNG changed).
    func invalidate(_ id: String) {
        if let image = images.removeValue(forKey: id) { bytes -= Self.size(of: image) }
        lastUsed.removeAll { $0 == id }
        failed.remove(id)
    }

    /// Lets the longest unused copies go until they hold at most ``budgetBytes`` (the newest always stays). Waits
    /// for the device first, since recorded commands may still read them: call between pieces of work.
    func trim() {
        guard bytes > Self.budgetBytes, lastUsed.count > 1 else { return }
        context.waitIdle()
        while bytes > Self.budgetBytes, lastUsed.count > 1 {
            let id = lastUsed.removeFirst()
            if let image = images.removeValue(forKey: id) { bytes -= Self.size(of: image) }
        }
    }

    private static func size(of image: GPUImage) -> Int {
        image.width * image.height * 4 * (image.mipLevels > 1 ? 4 : 3) / 3
    }

    /// The image for `id`, or nil when the document has no such image or it cannot be decoded. Without
    /// `mipmapped` it has level 0 only (a fill's picture, drawn at its own size: its mipmaps would cost more than
    /// the fill).
    func image(_ id: String, mipmapped: Bool = true) throws(VulkanError) -> GPUImage? {
        if let cached = images[id] {
            if lastUsed.last != id {
                lastUsed.removeAll { $0 == id }
                lastUsed.append(id)
            }
            return cached
        }
        guard !failed.contains(id), let png = source()[id] else { return nil }
        guard let decoded = try? PNG.decode(png, depth: .eight), case .rgba8(var bytes) = decoded.pixels else {
            failed.insert(id)
            return nil
        }
        // Premultiply, as everything the compositor blends is (opaque pixels stay as they are: a fill's picture is
        // all opaque or all clear).
        bytes.withUnsafeMutableBufferPointer { texels in
            for index in stride(from: 0, to: texels.count, by: 4) {
                let alpha = UInt32(texels[index + 3])
                if alpha == 255 { continue }
                for channel in 0..<3 {
                    texels[index + channel] = UInt8((UInt32(texels[index + channel]) * alpha + 127) / 255)
                }
            }
        }
        let image = try upload(
            premultiplied: bytes, width: decoded.width, height: decoded.height, mipmapped: mipmapped)
        images[id] = image
        lastUsed.append(id)
        self.bytes += Self.size(of: image)
        return image
    }

    /// A sampled, mipmapped GPU image of premultiplied RGBA8 pixels.
    func upload(premultiplied bytes: [UInt8], width: Int, height: Int, mipmapped: Bool = true) throws(VulkanError)
        -> GPUImage
    {
        let levels = mipmapped ? min(Int(log2(Double(max(width, height)))) + 1, 12) : 1
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
