import MaLiangCore
import PNGCodec

/// Exports a layer at a time, for formats that keep layers (OpenRaster): each layer's own paint, and the placed
/// images, which MaLiang shows above every layer's paint.
extension PaintExporter {
    /// Layer `id`'s own paint at one pixel per document pixel, without its opacity, blend or visibility, cropped to
    /// the page's tiles it has paint on, with where that crop starts; nil when it has none.
    func exportPaint(of id: LayerID) throws(VulkanError) -> (image: PNGImage, x: Int, y: Int)? {
        try paint.bakeIfPending()
        let layer = paint.layers.paint(of: id)
        let side = TileLayer.tileSize
        let pageWidth = Int(resources.pageWidth.rounded(.up))
        let pageHeight = Int(resources.pageHeight.rounded(.up))
        let keys = layer.tiles.keys
        guard let left = keys.map(\.column).min(), let right = keys.map(\.column).max(),
            let top = keys.map(\.row).min(), let bottom = keys.map(\.row).max()
        else { return nil }
        let x = max(left * side, 0)
        let y = max(top * side, 0)
        let width = min((right + 1) * side, pageWidth) - x
        let height = min((bottom + 1) * side, pageHeight) - y
        guard width > 0, height > 0 else { return nil }
        var output = ImageAssembler(width: width, height: height, bitDepth: 8)
        try compose(
            layer: layer, transform: ViewTransform(scale: 1, offsetX: -Double(x), offsetY: -Double(y)), width: width,
            height: height, background: false, placedImages: false
        ) { band, row throws(VulkanError) in output.add(band, top: row) }
        return (output.image(opaque: false), x, y)
    }

    /// The placed images of shown layers over transparency, the whole page at one pixel per document pixel, as the
    /// page shows them above the paint (each with its layer's opacity); nil when there are none.
    func exportPlacedImages() throws(VulkanError) -> PNGImage? {
        let (width, height) = try exportSize(scale: 1)
        let shown = SceneDrawer.chartletsShown(in: document)
        guard !shown.isEmpty else { return nil }
        var output = ImageAssembler(width: width, height: height, bitDepth: 8)
        try compose(
            layer: resources.makeLayer(), transform: ViewTransform(), width: width, height: height, background: false
        ) { band, row throws(VulkanError) in output.add(band, top: row) }
        return output.image(opaque: false)
    }
}
