import CVulkan
import MaLiangCore
import PNGCodec

extension CanvasRenderer {
    /// Largest side of an exported image, in pixels.
    public static let maximumExportSide = 16_384
    /// Rows rendered per pass, so a large export never needs one huge image.
    static let bandRows = 256

    /// The document's `area` (the whole page by default) at `scale` output pixels per document pixel. At a scale
    /// other than 1 the strokes are stamped again from their samples at that resolution, so a 4× export is as crisp
    /// as the brush allows.
    public func export(scale: Double = 1, background: Bool = true, bitDepth: Int = 8, area: ExportArea = .page)
        throws(VulkanError) -> PNGImage
    {
        let (width, height) = try exportSize(scale: scale, area: area)
        var output = ImageAssembler(width: width, height: height, bitDepth: bitDepth)
        try exportBands(scale: scale, background: background, area: area) { band, top throws(VulkanError) in
            output.add(band, top: top)
        }
        return output.image(opaque: background && document.background.alpha >= 1)
    }

    /// Writes the document's `area` at `scale` to `encoder` (made for ``exportSize(scale:area:)`` and the bit depth
    /// wanted) a band at a time: an export of any size holds only one band of pixels.
    public func export(
        scale: Double = 1, background: Bool = true, area: ExportArea = .page, to encoder: PNGStreamEncoder
    ) throws(VulkanError) {
        let (width, height) = try exportSize(scale: scale, area: area)
        guard encoder.width == width, encoder.height == height else {
            throw VulkanError("the PNG is \(encoder.width)×\(encoder.height); the export is \(width)×\(height)")
        }
        try exportBands(scale: scale, background: background, area: area) { band, top throws(VulkanError) in
            do throws(PNGError) {
                if encoder.bitDepth == 16 {
                    try encoder.write(rows: ImageAssembler.straight16(band))
                } else {
                    try encoder.write(rows: ImageAssembler.straight8(band, width: width, top: top))
                }
            } catch {
                throw VulkanError("cannot write the PNG: \(error.description)")
            }
        }
    }

    /// The size in pixels of an export of `area` at `scale`.
    public func exportSize(scale: Double, area: ExportArea = .page) throws(VulkanError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw VulkanError("an export scale must be positive, not \(scale)") }
        let rect = try exportRect(area)
        let width = (rect.width * scale).rounded(.up)
        let height = (rect.height * scale).rounded(.up)
        let limit = Double(Self.maximumExportSide)
        guard width <= limit, height <= limit else {
            let size = width.isFinite && height.isFinite ? "\(width.formatted())×\(height.formatted())" : "endless"
            throw VulkanError(
                "an export at scale \(scale) would be \(size) pixels; at most \(Self.maximumExportSide) a side")
        }
        return (max(Int(width), 1), max(Int(height), 1))
    }

    private func exportBands(
        scale: Double, background: Bool, area: ExportArea,
        _ sink: (UnsafeBufferPointer<UInt16>, Int) throws(VulkanError) -> Void
    ) throws(VulkanError) {
        let (width, height) = try exportSize(scale: scale, area: area)
        let rect = try exportRect(area)
        // Stamping is most of the work; the bands are the last tenth.
        let stamping = 0.0...0.9
        var layer = paint
        if scale == 1 {
            try bakePaintIfPending(progress: stamping)
            layer = paint
        } else {
            layer = try paint(atScale: scale, progress: stamping)
        }
        try compose(
            layer: layer, transform: ViewTransform(scale: scale, offsetX: -rect.x * scale, offsetY: -rect.y * scale),
            width: width, height: height, background: background, progress: 0.9...1, sink)
    }

    /// The document at one pixel per document pixel: MaLiang's `snapshot()`.
    public func snapshot() throws(VulkanError) -> PNGImage { try export() }

    /// What a window showing the document through `view` displays, `width`×`height` pixels, including the stroke in
    /// progress.
    public func render(view: ViewTransform, width: Int, height: Int, background: Bool = true) throws(VulkanError)
        -> PNGImage
    {
        try bakePaintIfPending()
        var output = ImageAssembler(width: width, height: height, bitDepth: 8)
        try compose(layer: paint, transform: view, width: width, height: height, background: background) {
            band, top throws(VulkanError) in output.add(band, top: top)
        }
        return output.image(opaque: background && document.background.alpha >= 1)
    }

    /// Draws `layer` through `transform` band by band and hands each band's premultiplied 16-bit rows to `sink`
    /// with the row it starts at.
    func compose(
        layer: TileLayer, transform: ViewTransform, width: Int, height: Int, background: Bool,
        progress range: ClosedRange<Double>? = nil,
        _ sink: (UnsafeBufferPointer<UInt16>, Int) throws(VulkanError) -> Void
    ) throws(VulkanError) {
        guard width >= 1, height >= 1, width <= Self.maximumExportSide, height <= Self.maximumExportSide else {
            throw VulkanError("an image of \(width)×\(height) pixels is outside 1…\(Self.maximumExportSide) a side")
        }
        let bandHeight = min(height, Self.bandRows)
        let target = try GPUImage(
            context, width: width, height: bandHeight, format: TileLayer.format,
            usage: VkImageUsageFlagBits(
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue))
        let readback = try GPUBuffer(context, size: width * bandHeight * 8, usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT)
        let color = document.background
        let clear: (Float, Float, Float, Float) =
            background
            ? (
                Float(color.red * color.alpha), Float(color.green * color.alpha), Float(color.blue * color.alpha),
                Float(color.alpha)
            )
            : (0, 0, 0, 0)
        if layer.needsMipmapRefresh(forViewScale: transform.scale) {
            try context.submitAndWait { commands throws(VulkanError) in layer.refreshMipmaps(commands) }
        }
        var top = 0
        var first = true
        while top < height {
            let rows = min(bandHeight, height - top)
            var band = transform
            band.offsetY -= Double(top)
            try context.submitAndWait { commands throws(VulkanError) in
                if first { target.initializeLayout(commands) }
                let mosaics = try prepareMosaics(
                    for: layer, transform: band, width: width, height: bandHeight, commands)
                fullBarrier(commands)
                beginRendering(commands, target, clear: clear)
                try drawFrame(
                    layer: layer, transform: band, width: width, height: bandHeight, format: TileLayer.format,
                    mosaics: mosaics, commands)
                vkCmdEndRendering(commands)
                fullBarrier(commands)
                var region = VkBufferImageCopy()
                region.imageSubresource = VkImageSubresourceLayers(
                    aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: 0, baseArrayLayer: 0,
                    layerCount: 1)
                region.imageExtent = VkExtent3D(width: UInt32(width), height: UInt32(rows), depth: 1)
                vkCmdCopyImageToBuffer(commands, target.image, VK_IMAGE_LAYOUT_GENERAL, readback.buffer, 1, &region)
            }
            first = false
            try sink(
                UnsafeBufferPointer(
                    start: readback.contents.assumingMemoryBound(to: UInt16.self), count: rows * width * 4),
                top)
            top += rows
            if let range { try report(Double(top) / Double(height), in: range) }
        }
    }

    /// Records the paint tiles, the stroke in progress and the chartlets, through `transform`, into a target of
    /// `format` whose rendering has begun. Tiles outside the target are skipped: the cost follows the view, not the
    /// document. Paint tiles in `copied` are in the target already (the stroke in progress is still drawn there).
    /// Layers with a mosaic in `mosaics` (``prepareMosaics(for:transform:width:height:region:_:)``) are drawn from
    /// it.
    func drawFrame(
        layer: TileLayer, transform: ViewTransform, width: Int, height: Int, format: VkFormat,
        within region: VkRect2D? = nil, skippingPaintOf copied: Set<TileKey> = [],
        mosaics: FrameMosaics = FrameMosaics(), _ commands: VkCommandBuffer
    )
        throws(VulkanError)
    {
        let quads = QuadPainter(pipelines: pipelines)
        let side = Double(TileLayer.tileSize) / layer.scale
        let showsLive = layer === paint ? liveShownAbove : nil
        let liveLayers = showsLive?.layers ?? []
        let shown = tilesShown(layer, through: transform, width: width, height: height, region: region)
        var keys: Set<TileKey>
        if mosaics.paint != nil {
            keys = Set(shown.map { mosaicTiles(layer, shown: $0) } ?? [])
        } else {
            keys = Set(layer.tiles.keys)
        }
        if let showsLive, case .eraser = showsLive.brush {
        } else {
            for liveLayer in liveLayers {
                if mosaics.live[ObjectIdentifier(liveLayer)] != nil, let shown {
                    keys.formUnion(mosaicTiles(liveLayer, shown: shown))
                } else {
                    keys.formUnion(liveLayer.tiles.keys)
                }
            }
        }
        /// Draws tile `key` of `source` from its mosaic or from itself.
        func draw(_ source: TileLayer, _ key: TileKey, corners: QuadPainter.Corners, blend: BlendMode, opacity: Float)
            throws(VulkanError)
        {
            let mosaic = source === layer ? mosaics.paint : mosaics.live[ObjectIdentifier(source)]
            if let mosaic, let image = mosaic.image {
                guard source.hasTile(near: key) else { return }
                try quads.draw(
                    image, texture: mosaic.textureRect(of: key), sampler: .repeating, corners: corners,
                    targetWidth: width, targetHeight: height, format: format, blend: blend, opacity: opacity, commands)
            } else if let tile = source.tile(key) {
                try quads.draw(
                    tile, corners: corners, targetWidth: width, targetHeight: height, format: format, blend: blend,
                    opacity: opacity, commands)
            }
        }
        for key in keys.sorted() {
            let origin = layer.origin(of: key)
            let corners = transform.corners(x: origin.x, y: origin.y, width: side, height: side)
            guard corners.intersects(width: width, height: height), region.map({ corners.intersects($0) }) ?? true
            else { continue }
            if !copied.contains(key) { try draw(layer, key, corners: corners, blend: .over, opacity: 1) }
            guard let showsLive else { continue }
            let opacity = Float(min(max(showsLive.wet.brush.base.opacity, 0), 1))
            for liveLayer in liveLayers {
                if case .eraser = showsLive.wet.brush {
                    // Shown erased only where there is paint: the erase mask is applied to the paint tile's area.
                    guard layer.tile(key) != nil else { continue }
                    try draw(liveLayer, key, corners: corners, blend: .erase, opacity: opacity)
                } else {
                    try draw(liveLayer, key, corners: corners, blend: .over, opacity: opacity)
                }
            }
        }
        for (stored, opacity) in chartletsShown() {
            // A chartlet being dragged is shown where the drag has it; the document changes once, at the end.
            let chartlet = chartletPreview?.id == stored.id ? chartletPreview ?? stored : stored
            guard let image = try chartletImages.image(chartlet.textureID) else { continue }
            let corners = transform.corners(
                centerX: chartlet.center.x, centerY: chartlet.center.y, width: chartlet.size.width,
                height: chartlet.size.height,
                angle: chartlet.angle)
            guard corners.intersects(width: width, height: height), region.map({ corners.intersects($0) }) ?? true
            else { continue }
            try quads.draw(
                image, corners: corners, targetWidth: width, targetHeight: height, format: format, blend: .over,
                opacity: opacity, commands)
        }
    }

    /// The chartlets of shown layers in the order they show (bottom layer first), with their layer's opacity
    /// (above the paint of every layer, as MaLiang's are; blend modes are the paint's).
    func chartletsShown() -> [(Chartlet, opacity: Float)] {
        let layers = document.layers
        if layers.count == 1 {
            guard layers[0].isVisible else { return [] }
            let opacity = Float(layers[0].opacity)
            return document.elements.compactMap { element in
                if case .chartlet(let chartlet) = element { return (chartlet, opacity) }
                return nil
            }
        }
        var byLayer: [LayerID: [Chartlet]] = [:]
        for case .chartlet(let chartlet) in document.elements { byLayer[chartlet.layer, default: []].append(chartlet) }
        guard !byLayer.isEmpty else { return [] }
        return layers.filter(\.isVisible).flatMap { layer in
            (byLayer[layer.id] ?? []).map { ($0, Float(layer.opacity)) }
        }
    }
}

/// Builds an image from bands of premultiplied 16-bit pixels: straight alpha at 16 bits, or 8 bits with ordered
/// dither (soft gradients do not band).
struct ImageAssembler {
    let width: Int
    let height: Int
    let bitDepth: Int
    private var bytes: [UInt8] = []
    private var samples: [UInt16] = []
    private static let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map {
        ($0 + 0.5) / 16 - 0.5
    }

    init(width: Int, height: Int, bitDepth: Int) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        if bitDepth == 16 {
            samples = [UInt16](repeating: 0, count: width * height * 4)
        } else {
            bytes = [UInt8](repeating: 0, count: width * height * 4)
        }
    }

    /// Converts rows of premultiplied pixels starting at row `top`.
    mutating func add(_ premultiplied: UnsafeBufferPointer<UInt16>, top: Int) {
        let base = top * width * 4
        if bitDepth == 16 {
            let band = Self.straight16(premultiplied)
            samples.replaceSubrange(base..<(base + band.count), with: band)
        } else {
            let band = Self.straight8(premultiplied, width: width, top: top)
            bytes.replaceSubrange(base..<(base + band.count), with: band)
        }
    }

    /// Premultiplied 16-bit → straight 16-bit.
    static func straight16(_ premultiplied: UnsafeBufferPointer<UInt16>) -> [UInt16] {
        var samples = [UInt16](repeating: 0, count: premultiplied.count)
        for index in stride(from: 0, to: premultiplied.count, by: 4) {
            let alpha = UInt32(premultiplied[index + 3])
            for channel in 0..<3 {
                samples[index + channel] =
                    alpha == 0 ? 0 : UInt16(min(UInt32(premultiplied[index + channel]) * 65535 / alpha, 65535))
            }
            samples[index + 3] = UInt16(alpha)
        }
        return samples
    }

    /// Premultiplied 16-bit → straight 8-bit with the ordered dither of rows from `top` on.
    static func straight8(_ premultiplied: UnsafeBufferPointer<UInt16>, width: Int, top: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: premultiplied.count)
        let rows = premultiplied.count / (width * 4)
        for row in 0..<rows {
            let y = top + row
            for x in 0..<width {
                let index = (row * width + x) * 4
                let dither = bayer[(y & 3) * 4 + (x & 3)]
                let alpha = Double(premultiplied[index + 3]) / 65535
                for channel in 0..<3 {
                    let straight = alpha == 0 ? 0 : Double(premultiplied[index + channel]) / 65535 / alpha
                    bytes[index + channel] = UInt8(min(max((straight * 255 + dither).rounded(), 0), 255))
                }
                bytes[index + 3] = UInt8(min(max((alpha * 255 + dither).rounded(), 0), 255))
            }
        }
        return bytes
    }

    func image(opaque: Bool) -> PNGImage {
        var image = PNGImage(
            width: width, height: height, pixels: bitDepth == 16 ? .rgba16(samples) : .rgba8(bytes))
        image.hasAlpha = !opaque
        return image
    }
}
