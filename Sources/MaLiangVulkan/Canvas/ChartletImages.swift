import CVulkan
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
            context, width: width, height: height, format: VK_FORMAT_R8G8B8A8_UNORM, mipLevels: levels,
            usage: VkImageUsageFlagBits(
                VK_IMAGE_USAGE_SAMPLED_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue
                    | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue))
        let staging = try GPUBuffer(context, size: bytes.count, usage: VK_BUFFER_USAGE_TRANSFER_SRC_BIT)
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress { staging.contents.copyMemory(from: base, byteCount: raw.count) }
        }
        try context.submitAndWait { commands throws(VulkanError) in
            image.initializeLayout(commands)
            var region = VkBufferImageCopy()
            region.imageSubresource = VkImageSubresourceLayers(
                aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: 0, baseArrayLayer: 0,
                layerCount: 1)
            region.imageExtent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
            vkCmdCopyBufferToImage(commands, staging.buffer, image.image, VK_IMAGE_LAYOUT_GENERAL, 1, &region)
            generateMipmaps(image, commands)
        }
        return image
    }
}

/// Fills levels 1… of `image` by halving level 0 with linear blits.
func generateMipmaps(_ image: GPUImage, _ commands: VkCommandBuffer) {
    var width = Int32(image.width)
    var height = Int32(image.height)
    for level in 1..<max(image.mipLevels, 1) {
        fullBarrier(commands)
        let nextWidth = max(width / 2, 1)
        let nextHeight = max(height / 2, 1)
        var blit = VkImageBlit()
        blit.srcSubresource = VkImageSubresourceLayers(
            aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: UInt32(level - 1),
            baseArrayLayer: 0,
            layerCount: UInt32(image.layers))
        blit.dstSubresource = VkImageSubresourceLayers(
            aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: UInt32(level),
            baseArrayLayer: 0,
            layerCount: UInt32(image.layers))
        blit.srcOffsets.1 = VkOffset3D(x: width, y: height, z: 1)
        blit.dstOffsets.1 = VkOffset3D(x: nextWidth, y: nextHeight, z: 1)
        vkCmdBlitImage(
            commands, image.image, VK_IMAGE_LAYOUT_GENERAL, image.image, VK_IMAGE_LAYOUT_GENERAL, 1, &blit,
            VK_FILTER_LINEAR)
        width = nextWidth
        height = nextHeight
    }
    fullBarrier(commands)
}
