import Foundation
import MaLiangCore
import PNGCodec

/// A document's paint on the GPU: a view of the document that never writes to it.
///
/// A façade over the renderer's parts, each with one job: the document's paint (``DocumentPaint``: each layer's
/// tiles, their composition, undo, the paint kept in the file, the baker), the stroke in progress
/// (``LiveStrokePaint``), what a view shows (``SceneDrawer``), window frames (``WindowFrames``) and exports
/// (``PaintExporter``). The renderer follows the document through the changes its editor hands to ``apply(_:)``
/// and the stamps of the stroke being drawn. If the GPU fails, ``reload()`` rebuilds everything from the document,
/// which stays the truth.
public final class CanvasRenderer {
    public let context: VulkanContext
    public let document: Document
    let resources: RenderResources
    let paint: DocumentPaint
    let live: LiveStrokePaint
    let scene: SceneDrawer
    let frames: WindowFrames
    let exporter: PaintExporter

    /// Follows `document`, drawing all of it now. With `undo` (a window), undo is quick for strokes drawn from now
    /// on and for the newest ones loaded; without it (an export), no undo copies are kept.
    public convenience init(document: Document, context: VulkanContext, undo: Bool = true) throws(VulkanError) {
        try self.init(document: document, context: context, undo: undo, stamping: nil)
    }

    /// Follows `document` as ``init(document:context:undo:)`` does with undo, taking the paint kept in `paintCache`
    /// when it was made from the document's strokes (``paintKey``) instead of stamping them.
    public convenience init(document: Document, context: VulkanContext, paintCache: PaintCache?)
        throws(VulkanError)
    {
        try self.init(document: document, context: context, undo: true, stamping: nil, paintCache: paintCache)
    }

    /// The same, telling `progress` how far stamping the strokes has come (returning false stops it, and this
    /// throws ``VulkanError/cancelled``).
    package convenience init(
        document: Document, context: VulkanContext, paintCache: PaintCache?, progress: ((Double) -> Bool)?
    ) throws(VulkanError) {
        try self.init(
            document: document, context: context, undo: true, stamping: nil, paintCache: paintCache,
            progress: progress)
    }

    /// Follows `document` as ``init(document:context:undo:)`` does, baking with `stamping` (nil: the device's
    /// best).
    package init(
        document: Document, context: VulkanContext, undo: Bool = true, stamping: StampingPath?,
        paintCache: PaintCache? = nil, progress: ((Double) -> Bool)? = nil
    ) throws(VulkanError) {
        self.context = context
        self.document = document
        resources = try RenderResources(context, document: document)
        paint = try DocumentPaint(
            document: document, resources: resources, undo: undo, stamping: stamping, cache: paintCache,
            progress: progress)
        live = LiveStrokePaint(resources, paint: paint)
        scene = SceneDrawer(resources, paint: paint, live: live)
        frames = WindowFrames(resources, paint: paint, scene: scene)
        paint.compositor.composedOnHost = { [weak frames] tiles, layer, level in
            frames?.host.levels.refresh(tiles, of: layer, fromLevel: level)
        }
        exporter = PaintExporter(resources, paint: paint, scene: scene)
    }

    deinit {
        // Reverse order of use: wait for the GPU, then drop tiles and history before the pipelines they bind to.
        context.waitIdle()
        live.drop()
        paint.undo.removeAll()
        paint.removeAll()
    }

    /// A chartlet shown in place of the document's one with the same id (while it is being moved, turned or
    /// scaled); set it back to nil once the document has the final placement.
    public var chartletPreview: Chartlet? {
        get { scene.chartletPreview }
        set { scene.chartletPreview = newValue }
    }

    /// Shows the elements `ids` moved by `transform` (a selection gesture in progress) while the document still has
    /// them where they were: the strokes are lifted off their layer once and drawn from a raster of their own, so
    /// each frame costs what the raster covers, whatever the strokes; images are drawn moved. Nil (or a transform
    /// that moves nothing) puts them back. The changes that end the gesture put them back too, stamped where they
    /// now lie.
    public func showSelection(_ ids: [ElementID], movedBy transform: DocumentTransform?) throws(VulkanError) {
        guard let transform, !transform.isIdentity, !ids.isEmpty else {
            scene.selectionPreview = nil
            if paint.lifted != nil { try paint.putDownLifted() }
            return
        }
        let wanted = Set(ids)
        if paint.lifted?.ids != wanted { try paint.lift(wanted) }
        scene.selectionPreview = (wanted, transform)
    }

    /// Told how much of long work (stamping a document, an export) is done, from 0 to 1, after each submission;
    /// returning false stops the work, which then throws ``VulkanError/cancelled``.
    public var progress: ((Double) -> Bool)? {
        get { paint.baker.progress }
        set { paint.baker.progress = newValue }
    }

    /// Number of paint tiles allocated, every layer's (for tests and benchmarks).
    public var paintTileCount: Int { paint.layers.tileCount }

    /// Whether work was left for idle time: tiles of the composed layers out of view (or at a coarser level than
    /// 1:1) after a change reached many of them — a layer faded or re-blended on a CPU device.
    public var hasIdleWork: Bool { paint.compositor.hasStaleTiles }

    /// Does up to `tiles` tiles of the work left for idle time (the last frame's first); returns whether some is
    /// left. Nothing waits for it: frames, exports and the paint's keeping do what they need first.
    public func doIdleWork(tiles: Int = 16) throws(VulkanError) -> Bool {
        try paint.compositor.composeSomeStale(tiles)
    }

    /// Gives back memory kept only to make the next bake quicker (``PaintBaker/giveBackKeptMemory()``: a GPU's
    /// upload memory for the compute shader, up to 64 MiB; a stroke's worth of the host's binning and work memory)
    /// and returns how many bytes. Call when the canvas has been idle a while, between operations (nothing it
    /// recorded is in flight then).
    @discardableResult package func giveBackIdleMemory() -> Int { paint.baker.giveBackKeptMemory() }

    /// What the renderer holds: paint tiles, tiles kept for undo, device memory in bytes.
    public var statistics: (paintTiles: Int, undoTiles: Int, deviceMemory: Int) {
        (paintTileCount, paint.undo.history.tileCount, context.memoryUse.current)
    }

    /// Registers a brush whose stamp is the alpha (or, for opaque images, the darkness) of a PNG image.
    public func registerBrush(name: String, with png: Data) throws -> Brush {
        try resources.brushTextures.add(name, png: png)
        return Brush(name: name, textureID: name)
    }

    // MARK: - Following the document

    /// Brings the paint in line with `changes`, which the document has just made (in order).
    public func apply(_ changes: [DocumentChange]) throws(VulkanError) {
        if paint.isPending {
            // The paint is stamped later from the document as it is then.
            for case .textureAdded(let id, _) in changes { resources.chartletImages.invalidate(id) }
            return
        }
        for change in changes {
            if case .inserted(.stroke(let stroke), _) = change, live.current?.stroke.id == stroke.id {
                try live.finish(as: stroke)
            } else {
                try paint.apply(change)
            }
        }
        try paint.finishChanges()
    }

    /// Drops every tile and stamps the whole document again (after a GPU failure left the paint in doubt).
    public func reload() throws(VulkanError) {
        live.drop()
        try paint.reload()
    }

    // MARK: - The stroke in progress

    /// Starts showing a stroke in progress; one already shown is dropped. `stroke` gives the id the document will
    /// know it by, its brush, and the images of a chartlet brush (its samples are not read).
    public func beginLiveStroke(_ stroke: Stroke) { live.begin(stroke) }

    /// Whether a stroke in progress is shown.
    public var isShowingLiveStroke: Bool { live.current != nil }

    /// Draws stamps of the stroke in progress; with `prediction`, also replaces its guessed continuation (shown,
    /// never baked into the paint; empty drops it).
    public func addLiveStamps(_ stamps: [Stamp], prediction: [Stamp]? = nil) throws(VulkanError) {
        try live.add(stamps, prediction: prediction)
    }

    /// Stops showing the stroke in progress (it will not reach the document).
    public func cancelLiveStroke() { live.cancel() }

    // MARK: - Kept paint

    /// Tiles of paint kept at most (1024: a 8192×8192 page painted edge to edge, 512 MiB before deflating). A larger
    /// drawing is stamped when opened rather than making its file and its closing that much larger.
    public var keptTilesLimit: Int {
        get { paint.kept.limit }
        set { paint.kept.limit = newValue }
    }

    /// Names the paint the document's strokes make (``KeptPaint/paintKey``).
    public var paintKey: String { paint.kept.paintKey }

    /// Tiles of the kept paint not yet loaded (for tests and benchmarks).
    public var keptTilesWaiting: Int { paint.kept.tilesWaiting }

    /// Keeps the paint in `cache` unless it holds this paint already: every layer's tiles read back and handed over
    /// a group at a time, with ``paintKey``. An export-only renderer that never stamped keeps nothing; paint of more
    /// than ``keptTilesLimit`` tiles (all layers together) is not kept, and what was kept before is dropped.
    public func keepPaint(in cache: PaintCache) throws { try paint.keep(in: cache) }

    // MARK: - Exports

    /// Largest side of an exported image, in pixels.
    public static let maximumExportSide = PaintExporter.maximumExportSide

    /// The document's `area` (the whole page by default) at `scale` output pixels per document pixel. At a scale
    /// other than 1 the strokes are stamped again from their samples at that resolution, so a 4× export is as crisp
    /// as the brush allows.
    public func export(scale: Double = 1, background: Bool = true, bitDepth: Int = 8, area: ExportArea = .page)
        throws(VulkanError) -> PNGImage
    {
        try exporter.export(scale: scale, background: background, bitDepth: bitDepth, area: area)
    }

    /// Writes the document's `area` at `scale` to `encoder` (made for ``exportSize(scale:area:)`` and the bit depth
    /// wanted) a band at a time: an export of any size holds only one band of pixels.
    public func export(
        scale: Double = 1, background: Bool = true, area: ExportArea = .page, to encoder: PNGStreamEncoder
    ) throws(VulkanError) {
        try exporter.export(scale: scale, background: background, area: area, to: encoder)
    }

    /// The size in pixels of an export of `area` at `scale`.
    public func exportSize(scale: Double, area: ExportArea = .page) throws(VulkanError) -> (width: Int, height: Int) {
        try exporter.exportSize(scale: scale, area: area)
    }

    /// The rectangle of document pixels an export of `area` shows: within the page, on whole pixels (rounded
    /// outwards). A drawing with nothing drawn, or a rectangle outside the page, is an error that says so.
    public func exportRect(_ area: ExportArea) throws(VulkanError) -> DocumentRect { try exporter.exportRect(area) }

    /// Where the strokes (not the eraser's) and images of shown layers reach; nil when nothing is drawn.
    public func drawnArea() -> DocumentRect? { exporter.drawnArea() }

    /// The region a tap at `point` (document pixels) fills with `settings`, as layer `layer` alone shows the page
    /// (as every shown layer together does, when the settings say so); a refusal says why nothing would be filled.
    public func fillRegion(at point: Point, layer: LayerID, settings: FillSettings) throws(VulkanError) -> Result<
        FillRegion, FillRefusal
    > {
        try exporter.fillRegion(at: point, layer: layer, settings: settings)
    }

    /// The lines of layer `layer` for a fill tapped at (`seedX`, `seedY`): the first half of ``fillRegion(at:layer:settings:)``,
    /// for the benchmark's figures.
    package func fillLines(layer: LayerID, seedX: Int, seedY: Int, tolerance: Double) throws(VulkanError) -> BitGrid {
        try exporter.fillLines(layer: layer, seedX: seedX, seedY: seedY, tolerance: tolerance)
    }

    /// Layer `id`'s own paint at one pixel per document pixel — without its opacity, blend or visibility, nor the
    /// placed images — cropped to the page's tiles it has paint on, with where the crop starts; nil when it has none.
    package func exportPaint(of id: LayerID) throws(VulkanError) -> (image: PNGImage, x: Int, y: Int)? {
        try exporter.exportPaint(of: id)
    }

    /// The placed images of shown layers over transparency, the whole page, as it shows them above every layer's
    /// paint; nil when there are none.
    package func exportPlacedImages() throws(VulkanError) -> PNGImage? { try exporter.exportPlacedImages() }

    /// The document at one pixel per document pixel: MaLiang's `snapshot()`.
    public func snapshot() throws(VulkanError) -> PNGImage { try exporter.snapshot() }

    /// What a window showing the document through `view` displays, `width`×`height` pixels, including the stroke in
    /// progress.
    public func render(view: ViewTransform, width: Int, height: Int, background: Bool = true) throws(VulkanError)
        -> PNGImage
    {
        try exporter.render(view: view, width: width, height: height, background: background)
    }
}
