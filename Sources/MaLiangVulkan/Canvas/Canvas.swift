import CVulkan
import Foundation
import MaLiang
import PNGCodec

/// A document's paint on the GPU, kept in step with the document: strokes are stamped once into 16-bit tiles;
/// undo restores the tiles a stroke changed (bounded work, whatever the document's length); chartlets stay
/// separate objects drawn above the paint. MaLiang's `Canvas`.
public final class Canvas {
    public let context: VulkanContext
    public let document: Document
    let pipelines: Pipelines
    let brushTextures: BrushTextures
    let painter: StampPainter
    let chartletImages: ChartletImages
    let baker: StrokeBaker
    /// The paint at one document pixel per pixel.
    let paint: TileLayer
    var history: TileHistory
    /// Tiles each baked stroke touched (for rebuilding tiles whose history was forgotten).
    var strokeTiles: [ElementID: Set<TileKey>] = [:]
    var live: LiveStroke?
    let wetTiles = TilePool()
    let overlayCounter = Counter()
    /// The paper under the paint in window frames, for its colour.
    var paper: (color: Color, overlay: OverlayImage)?
    private var observer: Int?

    /// Stamps per submission while replaying many strokes (keeps the upload arena bounded).
    static let replayBatchStamps = 200_000
    /// Strokes of a loaded document whose tiles are kept for undo.
    static let rememberedOnLoad = 32

    public init(document: Document, context: VulkanContext) throws(VulkanError) {
        self.context = context
        self.document = document
        pipelines = try Pipelines(context)
        brushTextures = try BrushTextures(context, pipelines)
        painter = try StampPainter(context, pipelines, brushTextures)
        let images = ChartletImages(context, pipelines, source: { [unowned document] in document.textures })
        chartletImages = images
        baker = StrokeBaker(context, pipelines, painter, images)
        paint = TileLayer(
            context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height, scale: 1)
        history = TileHistory()
        try bakeAll(document.elements)
        observer = document.addObserver { [unowned self] changes, reason in
            do throws(VulkanError) { try apply(changes, reason) } catch { failure = error }
        }
        document.textureObserver = { [unowned self] id in chartletImages.invalidate(id) }
    }

    deinit {
        if let observer { document.removeObserver(observer) }
        document.textureObserver = nil
        vkDeviceWaitIdle(context.device)
    }

    /// A chartlet shown in place of the document's one with the same id (while it is being moved, turned or
    /// scaled); set it back to nil and change the document once when the gesture ends.
    public var chartletPreview: Chartlet?

    /// The last GPU failure while following the document, if any.
    public private(set) var failure: VulkanError?

    /// Number of paint tiles allocated (for tests and benchmarks).
    public var paintTileCount: Int { paint.tiles.count }

    // MARK: - MaLiang's API

    public func undo() { document.undo() }
    public func redo() { document.redo() }
    public func clear() { document.clear() }

    /// Registers a brush whose stamp is the alpha (or, for opaque images, the darkness) of a PNG image.
    public func registerBrush(name: String, with png: Data) throws -> Brush {
        try brushTextures.add(name, png: png)
        return Brush(name: name, textureID: name)
    }

    /// Stores a PNG image in the document for chartlets; returns its id.
    @discardableResult
    public func makeTexture(with png: Data, id: String = UUID().uuidString) throws -> String {
        _ = try PNG.header(of: png)
        document.addTexture(id: id, png: png)
        return id
    }

    /// Places an image (as one undo step). Position and size in document pixels, rotation in radians.
    @discardableResult
    public func renderChartlet(at center: Point, size: Size, textureID: String, rotation: Double = 0) -> Chartlet {
        let chartlet = Chartlet(
            id: document.makeElementID(), textureID: textureID, center: center, size: size, angle: rotation)
        document.append(.chartlet(chartlet))
        return chartlet
    }

    // MARK: - Following the document

    private func apply(_ changes: [DocumentChange], _ reason: ChangeReason) throws(VulkanError) {
        for change in changes {
            switch change {
            case .inserted(.stroke(let stroke), _):
                if live?.committed == stroke.id {
                    live = nil
                    continue
                }
                try bake([stroke])
            case .removed(.stroke(let stroke), _):
                try unbake(stroke)
            case .cleared:
                history.stashForClear(paint.takeAll())
            case .restored:
                if let stash = history.takeClearStash() {
                    paint.restoreAll(stash)
                } else {
                    try rebuild(Set(strokeTiles.values.flatMap { $0 }))
                }
            case .inserted(.chartlet, _), .removed(.chartlet, _), .updated:
                break  // Chartlets are drawn from the document at composite time.
            }
        }
    }

    /// Stamps and composites strokes onto the paint, keeping the tiles' previous state for undo.
    func bake(
        _ strokes: [Stroke], into layer: TileLayer? = nil, onlyTiles: Set<TileKey>? = nil, keepHistory: Bool = true
    )
        throws(VulkanError)
    {
        let target = layer ?? paint
        // Strokes are stamped and composited in batches: one submission for many strokes.
        var pending: [(wet: StrokeBaker.WetStroke, stroke: Stroke, stamps: [Stamp], remember: Bool)] = []
        var stampCount = 0
        func flush() throws(VulkanError) {
            guard !pending.isEmpty else { return }
            try context.submitAndWait { commands throws(VulkanError) in
                for entry in pending {
                    try baker.addStamps(
                        entry.stamps, to: entry.wet, textureIDs: entry.stroke.chartletTextureIDs, commands)
                    let touched = entry.wet.touchedTiles
                    if target === paint { strokeTiles[entry.stroke.id, default: []].formUnion(touched) }
                    if entry.remember {
                        try history.remember(
                            entry.stroke.id, tiles: onlyTiles.map { touched.intersection($0) } ?? touched, of: target,
                            commands)
                    }
                    try baker.composite(entry.wet, onto: target, onlyTiles: onlyTiles, commands)
                }
            }
            painter.arena.reset()
            pending.removeAll()
            stampCount = 0
        }
        for (index, stroke) in strokes.enumerated() {
            let wet = StrokeBaker.WetStroke(
                brush: stroke.brush, like: target, documentWidth: document.size.width,
                documentHeight: document.size.height, pool: wetTiles)
            var builder = stroke.makeBuilder()
            var stamps = builder.add(stroke.samples)
            builder.finish(into: &stamps)
            // A loaded document keeps undo copies for its newest strokes, so undoing them right away is cheap too.
            let remember =
                keepHistory || (target === paint && onlyTiles == nil && strokes.count - index <= Self.rememberedOnLoad)
            pending.append((wet, stroke, stamps, remember))
            stampCount += stamps.count
            if stampCount >= Self.replayBatchStamps || pending.count >= 64 { try flush() }
        }
        try flush()
    }

    private func bakeAll(_ elements: [Element]) throws(VulkanError) {
        let strokes = elements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
        try bake(strokes, keepHistory: false)
    }

    /// Takes a stroke's paint away: restores the tiles it changed, or rebuilds them when their history is gone.
    private func unbake(_ stroke: Stroke) throws(VulkanError) {
        if let saved = history.takeSnapshot(of: stroke.id) {
            for (key, image) in saved { paint.replace(key, with: image) }
        } else if let tiles = strokeTiles[stroke.id] {
            try rebuild(tiles)
        }
        strokeTiles[stroke.id] = nil
    }

    /// Clears `tiles` and re-stamps every stroke of the document that touches them, in order.
    func rebuild(_ tiles: Set<TileKey>) throws(VulkanError) {
        guard !tiles.isEmpty else { return }
        for key in tiles { paint.replace(key, with: nil) }
        let strokes = document.elements.compactMap { element -> Stroke? in
            guard case .stroke(let stroke) = element, let touched = strokeTiles[stroke.id],
                !touched.isDisjoint(with: tiles)
            else { return nil }
            return stroke
        }
        try bake(strokes, onlyTiles: tiles, keepHistory: false)
    }
}

extension Stroke {
    /// The images a chartlet brush places, by slot.
    var chartletTextureIDs: [String] {
        if case .chartlet(let brush) = brush { return brush.textureIDs }
        return []
    }
}

extension Canvas {
    /// Stamps and composites `strokes` into a fresh layer at one pixel per document pixel, as loading does, and
    /// reports the dabs drawn and the wall time (stamp generation, GPU work and waiting included).
    package func measureReplay(_ strokes: [Stroke]) throws(VulkanError) -> (dabs: Int, seconds: Double) {
        let layer = TileLayer(
            context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height, scale: 1)
        var dabs = 0
        for stroke in strokes {
            var builder = stroke.makeBuilder()
            var stamps = builder.add(stroke.samples)
            builder.finish(into: &stamps)
            dabs += stamps.count
        }
        let start = ContinuousClock.now
        try bake(strokes, into: layer, keepHistory: false)
        let elapsed = ContinuousClock.now - start
        layer.removeAll()
        return (dabs, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Renders one display frame of `width`×`height` through `view` into a GPU image (no read-back, as a window
    /// frame), and returns the wall time in seconds.
    package func measureFrame(view: ViewTransform, width: Int, height: Int) throws(VulkanError) -> Double {
        let target = try GPUImage(
            context, width: width, height: height, format: VK_FORMAT_R8G8B8A8_UNORM,
            usage: VkImageUsageFlagBits(VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue))
        try context.submitAndWait { commands throws(VulkanError) in target.initializeLayout(commands) }
        let start = ContinuousClock.now
        try context.submitAndWait { commands throws(VulkanError) in
            beginRendering(commands, target, clear: (1, 1, 1, 1))
            try drawFrame(
                layer: paint, transform: view, width: width, height: height, format: VK_FORMAT_R8G8B8A8_UNORM, commands)
            vkCmdEndRendering(commands)
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
