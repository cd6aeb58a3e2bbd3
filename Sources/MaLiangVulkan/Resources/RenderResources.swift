import MaLiangCore

/// What every part of the renderer draws with, made once per renderer: the device, the pipelines, the brush masks,
/// the document's images, the painters that stamp and composite, and the spare tiles strokes in progress use.
final class RenderResources {
    let context: VulkanContext
    let pipelines: Pipelines
    let brushTextures: BrushTextures
    let painter: StampPainter
    let chartletImages: ChartletImages
    /// Stamps one stroke into its own layers and composites them (the path a stroke drawn live takes).
    let strokeBaker: StrokeBaker
    /// Spare tiles for strokes' short-lived layers.
    let wetTiles = TilePool()
    /// The page the paint covers, in document pixels.
    let pageWidth: Double
    let pageHeight: Double

    init(_ context: VulkanContext, document: Document) throws(VulkanError) {
        self.context = context
        pipelines = try Pipelines(context)
        brushTextures = try BrushTextures(context, pipelines)
        painter = try StampPainter(context, pipelines, brushTextures)
        chartletImages = ChartletImages(context, pipelines, source: { [unowned document] in document.textures })
        strokeBaker = StrokeBaker(context, pipelines, painter, chartletImages)
        pageWidth = document.size.width
        pageHeight = document.size.height
    }

    /// An empty layer covering the page at `scale` layer pixels per document pixel.
    func makeLayer(scale: Double = 1) -> TileLayer {
        TileLayer(context, pipelines, documentWidth: pageWidth, documentHeight: pageHeight, scale: scale)
    }

    /// Lets the upload memory the painter used for recorded commands go: call once they have run.
    func commandsRan() { painter.arena.reset() }
}
