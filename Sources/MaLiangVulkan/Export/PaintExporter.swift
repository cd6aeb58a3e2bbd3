import MaLiangCore
import PNGCodec

/// Exports: the document's page, what is drawn or a rectangle, at any scale, as an image or streamed to a PNG a band
/// at a time. At scale 1 the paint is drawn as it is; at other scales the strokes are stamped again at that
/// resolution, so a 4× export is as crisp as the brush allows.
final class PaintExporter {
    let resources: RenderResources
    let paint: DocumentPaint
    private let scene: SceneDrawer

    init(_ resources: RenderResources, paint: DocumentPaint, scene: SceneDrawer) {
        self.resources = resources
        self.paint = paint
        self.scene = scene
    }

    var document: Document { paint.document }

    /// Largest side of an exported image, in pixels.
    static let maximumExportSide = 16_384
    /// Rows rendered per pass, so a large export never needs one huge image.
    static let bandRows = 256

    /// The document's `area` (the whole page by default) at `scale` output pixels per document pixel. At a scale
    /// other than 1 the strokes are stamped again from their samples at that resolution, so a 4× export is as crisp
    /// as the brush allows.
    func export(scale: Double = 1, background: Bool = true, bitDepth: Int = 8, area: ExportArea = .page)
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
    func export(
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
    func exportSize(scale: Double, area: ExportArea = .page) throws(VulkanError) -> (width: Int, height: Int) {
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
        var layer = paint.paint
        if scale == 1 {
            try paint.bakeIfPending(progress: stamping)
            layer = paint.paint
        } else {
            layer = try stampedPaint(scale: scale, progress: stamping)
        }
        try compose(
            layer: layer, transform: ViewTransform(scale: scale, offsetX: -rect.x * scale, offsetY: -rect.y * scale),
            width: width, height: height, background: background, progress: 0.9...1, sink)
    }

    /// The document at one pixel per document pixel: MaLiang's `snapshot()`.
    func snapshot() throws(VulkanError) -> PNGImage { try export() }

    /// What a window showing the document through `view` displays, `width`×`height` pixels, including the stroke in
    /// progress.
    func render(view: ViewTransform, width: Int, height: Int, background: Bool = true) throws(VulkanError)
        -> PNGImage
    {
        try paint.bakeIfPending()
        var output = ImageAssembler(width: width, height: height, bitDepth: 8)
        try compose(layer: paint.paint, transform: view, width: width, height: height, background: background) {
            band, top throws(VulkanError) in output.add(band, top: top)
        }
        return output.image(opaque: background && document.background.alpha >= 1)
    }

    /// Draws `layer` through `transform` band by band and hands each band's premultiplied 16-bit rows to `sink`
    /// with the row it starts at.
    func compose(
        layer: TileLayer, transform: ViewTransform, width: Int, height: Int, background: Bool,
        placedImages: Bool = true, progress range: ClosedRange<Double>? = nil,
        _ sink: (UnsafeBufferPointer<UInt16>, Int) throws(VulkanError) -> Void
    ) throws(VulkanError) {
        guard width >= 1, height >= 1, width <= Self.maximumExportSide, height <= Self.maximumExportSide else {
            throw VulkanError("an image of \(width)×\(height) pixels is outside 1…\(Self.maximumExportSide) a side")
        }
        let bandHeight = min(height, Self.bandRows)
        let context = resources.context
        let target = try GPUImage(
            context, width: width, height: bandHeight, format: TileLayer.format,
            usage: [.drawn, .copiedFrom])
        let readback = try GPUBuffer(context, size: width * bandHeight * 8, usage: .copiedTo)
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
                if first { commands.initializeLayout(target) }
                let mosaics = try scene.prepareMosaics(
                    for: layer, transform: band, width: width, height: bandHeight, commands)
                commands.barrier()
                commands.beginRendering(target, clear: clear)
                try scene.draw(
                    layer, transform: band, width: width, height: bandHeight, format: TileLayer.format,
                    mosaics: mosaics, placedImages: placedImages, commands)
                commands.endRendering()
                commands.barrier()
                commands.copy(target, to: readback, [BufferImageRegion(width: width, height: rows)])
            }
            first = false
            try sink(
                UnsafeBufferPointer(
                    start: readback.contents.assumingMemoryBound(to: UInt16.self), count: rows * width * 4),
                top)
            top += rows
            try paint.baker.report(Double(top) / Double(height), in: range)
        }
    }

    /// The paint of every shown layer at `scale` output pixels per document pixel, stamped again from the strokes
    /// and composed (the paint of the one plain layer as it is): what exports at other scales show.
    private func stampedPaint(scale: Double, progress range: ClosedRange<Double>) throws(VulkanError) -> TileLayer {
        let strokes = document.strokes
        let baker = paint.baker
        guard paint.compositor.needsComposition else {
            let result = resources.makeLayer(scale: scale)
            try baker.bake(strokes, into: result, progress: range)
            return result
        }
        var sources: [(paint: TileLayer?, layer: Layer)] = []
        let shownLayers = document.layers.filter { $0.isVisible && $0.opacity > 0 }
        let width = range.upperBound - range.lowerBound
        for (index, layer) in shownLayers.enumerated() {
            let layerPaint = resources.makeLayer(scale: scale)
            let start = range.lowerBound + width * Double(index) / Double(shownLayers.count)
            let part = start...(start + width / Double(shownLayers.count))
            try baker.bake(strokes.filter { $0.layer == layer.id }, into: layerPaint, progress: part)
            sources.append((layerPaint, layer))
        }
        let result = resources.makeLayer(scale: scale)
        try paint.compositor.compose(
            Set(sources.flatMap { $0.paint?.tiles.keys.map { $0 } ?? [] }), of: sources, into: result,
            scratch: CompositionScratch(resources.context))
        for source in sources { source.paint?.removeAll() }
        return result
    }
}

extension PaintExporter {
    /// 16-bit channels to 8, rounded, into `out` from `offset`.
    static func narrow(
        _ wide: UnsafeBufferPointer<UInt16>, into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) {
        let count = min(wide.count, out.count - offset)
        guard count > 0 else { return }
        for index in 0..<count { out[offset + index] = UInt8((UInt32(wide[index]) * 255 + 32767) / 65535) }
    }
}
