import MaLiangCore

/// Draws what a view of the document shows — the paint's tiles, the stroke in progress above them, the placed
/// images — through a view transform into a target whose pass has begun: for window frames and for exports alike.
/// Only the tiles inside the target are drawn, so the cost follows the view, not the document.
final class SceneDrawer {
    let resources: RenderResources
    let paint: DocumentPaint
    let live: LiveStrokePaint
    /// A chartlet shown in place of the document's one with the same id (while it is being moved, turned or
    /// scaled).
    var chartletPreview: Chartlet?
    /// Elements a selection gesture shows moved: the lifted strokes' raster and the images among them are drawn
    /// through the transform.
    var selectionPreview: (ids: Set<ElementID>, transform: DocumentTransform)?
    /// Paint tiles side by side for views between whole zooms, which filter across tile edges.
    lazy var mosaic = TileMosaic(resources.context)
    /// The same for the stroke in progress's layers (``LiveStroke/layers``).
    lazy var liveMosaics = (0..<4).map { _ in TileMosaic(resources.context) }

    init(_ resources: RenderResources, paint: DocumentPaint, live: LiveStrokePaint) {
        self.resources = resources
        self.paint = paint
        self.live = live
    }

    /// Records the paint tiles, the stroke in progress and the chartlets, through `transform`, into a target of
    /// `format` whose rendering has begun. Tiles outside the target are skipped: the cost follows the view, not the
    /// document. Paint tiles in `copied` are in the target already (the stroke in progress is still drawn there).
    /// Layers with a mosaic in `mosaics` (``prepareMosaics(for:transform:width:height:region:_:)``) are drawn from
    /// it. Without `placedImages`, the chartlets are left out (a layer exported alone).
    func draw(
        _ layer: TileLayer, transform: ViewTransform, width: Int, height: Int, format: PixelFormat,
        within region: BufferRect? = nil, skippingPaintOf copied: Set<TileKey> = [],
        mosaics: FrameMosaics = FrameMosaics(), placedImages: Bool = true, _ commands: CommandRecorder
    )
        throws(VulkanError)
    {
        let quads = QuadPainter(pipelines: resources.pipelines)
        let side = Double(TileLayer.tileSize) / layer.scale
        let showsLive = layer === paint.paint ? live.shownAbove : nil
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
        if let preview = selectionPreview, let lifted = paint.lifted,
            paint.document.layer(lifted.layer)?.isVisible == true
        {
            let opacity = Float(paint.document.layer(lifted.layer)?.opacity ?? 1)
            for key in lifted.raster.tiles.keys.sorted() {
                guard let tile = lifted.raster.tile(key) else { continue }
                let origin = lifted.raster.origin(of: key)
                let side = Double(TileLayer.tileSize) / lifted.raster.scale
                let points = [(0.0, 0.0), (side, 0), (0, side), (side, side)].map { dx, dy in
                    let moved = preview.transform.apply(Point(x: origin.x + dx, y: origin.y + dy))
                    return transform.apply(moved.x, moved.y)
                }
                let corners = QuadPainter.Corners(points: points)
                guard corners.intersects(width: width, height: height), region.map({ corners.intersects($0) }) ?? true
                else { continue }
                try quads.draw(
                    tile, corners: corners, targetWidth: width, targetHeight: height, format: format, blend: .over,
                    opacity: opacity, commands)
            }
        }
        for (stored, opacity) in placedImages ? chartletsShown() : [] {
            // A chartlet being dragged is shown where the drag has it; the document changes once, at the end.
            var chartlet = chartletPreview?.id == stored.id ? chartletPreview ?? stored : stored
            if let preview = selectionPreview, preview.ids.contains(stored.id),
                case .chartlet(let moved) = Element.chartlet(stored).transformed(by: preview.transform)
            {
                chartlet = moved
            }
            guard let image = try resources.chartletImages.image(chartlet.textureID) else { continue }
            let corners = transform.corners(
                centerX: chartlet.center.x, centerY: chartlet.center.y,
                // A mirrored image's corners swap sides across its middle, and its texture with them.
                width: chartlet.isMirrored ? -chartlet.size.width : chartlet.size.width,
                height: chartlet.size.height, angle: chartlet.angle)
            guard corners.intersects(width: width, height: height), region.map({ corners.intersects($0) }) ?? true
            else { continue }
            try quads.draw(
                image, corners: corners, targetWidth: width, targetHeight: height, format: format, blend: .over,
                opacity: opacity, commands)
        }
    }

    /// The chartlets of shown layers in the order they show (bottom layer first), with their layer's opacity
    /// (above the paint of every layer, as MaLiang's are; blend modes are the paint's).
    func chartletsShown() -> [(Chartlet, opacity: Float)] { Self.chartletsShown(in: paint.document) }

    /// The chartlets of `document`'s shown layers in the order they show, with their layer's opacity.
    static func chartletsShown(in document: Document) -> [(Chartlet, opacity: Float)] {
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
