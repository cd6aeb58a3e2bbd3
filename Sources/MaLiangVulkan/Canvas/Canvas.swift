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
    private var observer: Int?

    /// Stamps per submission while replaying many strokes (keeps the upload arena bounded).
    static let replayBatchStamps = 200_000

    public init(document: Document, context: VulkanContext) throws(VulkanError) {
        self.context = context
        self.document = document
        pipelines = try Pipelines(context)
        brushTextures = try BrushTextures(context, pipelines)
        painter = try StampPainter(context, pipelines, brushTextures)
        let images = ChartletImages(context, pipelines, source: { [unowned document] in document.textures })
        chartletImages = images
        baker = StrokeBaker(context, pipelines, painter, images)
        paint = TileLayer(context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height, scale: 1)
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
        let chartlet = Chartlet(id: document.makeElementID(), textureID: textureID, center: center, size: size, angle: rotation)
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
    func bake(_ strokes: [Stroke], into layer: TileLayer? = nil, onlyTiles: Set<TileKey>? = nil, keepHistory: Bool = true)
        throws(VulkanError)
    {
        let target = layer ?? paint
        var pending: [(StrokeBaker.WetStroke, Stroke)] = []
        var stampCount = 0
        func flush() throws(VulkanError) {
            guard !pending.isEmpty else { return }
            try context.submitAndWait { commands throws(VulkanError) in
                for (wet, stroke) in pending {
                    let touched = wet.touchedTiles
                    if target === paint { strokeTiles[stroke.id, default: []].formUnion(touched) }
                    if keepHistory {
                        try history.remember(stroke.id, tiles: onlyTiles.map { touched.intersection($0) } ?? touched, of: target, commands)
                    }
                    try baker.composite(wet, onto: target, onlyTiles: onlyTiles, commands)
                }
            }
            painter.arena.reset()
            pending.removeAll()
            stampCount = 0
        }
        for stroke in strokes {
            let wet = StrokeBaker.WetStroke(
                brush: stroke.brush, like: target, documentWidth: document.size.width, documentHeight: document.size.height)
            var builder = stroke.makeBuilder()
            var stamps = builder.add(stroke.samples)
            builder.finish(into: &stamps)
            try context.submitAndWait { commands throws(VulkanError) in
                try baker.addStamps(stamps, to: wet, textureIDs: stroke.chartletTextureIDs, commands)
            }
            painter.arena.reset()
            pending.append((wet, stroke))
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
            guard case .stroke(let stroke) = element, let touched = strokeTiles[stroke.id], !touched.isDisjoint(with: tiles) else { return nil }
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
