import MaLiangCore

/// Window frames: the window colour, the paper, the paint, the stroke in progress, the placed images and the
/// window's own overlays, drawn into a swapchain image through the view. What a frame costs follows the view, not
/// the document: at whole zooms painted tiles are copied already composed over the paper (``DisplayTiles``), on a
/// CPU device views between whole zooms are sampled on the host (``WindowFrames/prepareHostFrame(view:width:height:)``),
/// and only the part of the window that changed is drawn again.
final class WindowFrames {
    let resources: RenderResources
    let documentPaint: DocumentPaint
    let scene: SceneDrawer
    let overlays: FrameOverlays
    /// Paint tiles composed over the paper for window frames at whole zooms.
    lazy var displayTiles = DisplayTiles(resources.context, resources.pipelines)
    /// Frames between whole zooms drawn on the host.
    var host: HostFrames
    /// The image ``measureFrame(view:width:height:copies:)`` draws into.
    var measuredFrameTarget: GPUImage?

    init(_ resources: RenderResources, paint: DocumentPaint, scene: SceneDrawer) {
        self.resources = resources
        documentPaint = paint
        self.scene = scene
        overlays = FrameOverlays(resources, document: paint.document)
        host = HostFrames(resources.context)
    }

    /// The paint the frames show.
    var paint: TileLayer { documentPaint.paint }
    var document: Document { documentPaint.document }
    private var paperBytes: [UInt8] { overlays.paperBytes }

    /// Loads the kept tiles a window frame through `view` shows, repairs any that cannot be read, composes the
    /// layers there, and reads back what the frame samples if it is drawn on the host.
    func prepareFrame(view: ViewTransform, width: Int, height: Int) throws(VulkanError) {
        // Sampled on the host, the frame reads the tiles around the view too, and only levels from the plan's first.
        let plan = hostFramePlan(view, width: width, height: height)
        try documentPaint.prepare(finestLevel: plan?.levels.first ?? 0) {
            guard let plan else { return paintTiles(inView: view, width: width, height: height) }
            return Set(plan.rows.flatMap { row in plan.columns.map { TileKey(column: $0, row: row) } })
        }
        try prepareHostFrame(view: view, width: width, height: height)
    }

    /// The paint tiles a view of `width`×`height` target pixels through `view` can show.
    private func paintTiles(inView view: ViewTransform, width: Int, height: Int) -> Set<TileKey> {
        let corners = [(0, 0), (width, 0), (0, height), (width, height)].map {
            view.invert(Double($0.0), Double($0.1))
        }
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            let columns = paint.columnRange(minX, maxX), let rows = paint.rowRange(minY, maxY)
        else { return [] }
        return Set(rows.flatMap { row in columns.map { TileKey(column: $0, row: row) } })
    }

    /// Where the page lands when `view` shows it unturned and unmirrored at a whole zoom on whole pixels over an
    /// opaque paper: then its tiles can be copied from ``DisplayTiles`` (a copy cannot mirror). Nil for any other
    /// view.
    func wholePixelPlacement(_ view: ViewTransform) -> (scale: Int, page: BufferRect)? {
        guard paint.scale == 1, view.isUnturned, paperBytes[3] == 255,
            let scale = DisplayTiles.scales.first(where: { abs(view.scale - Double($0)) < 1e-9 })
        else { return nil }
        let x = view.offsetX.rounded()
        let y = view.offsetY.rounded()
        let width = document.size.width
        let height = document.size.height
        guard abs(x - view.offsetX) < 1e-6, abs(y - view.offsetY) < 1e-6, width == width.rounded(),
            height == height.rounded(), abs(x) < 1e9, abs(y) < 1e9
        else { return nil }
        return (scale, BufferRect(x: Int(x), y: Int(y), width: Int(width) * scale, height: Int(height) * scale))
    }

    /// Records a window frame into `image` (GENERAL layout): the window colour, the paper through `view`, the
    /// paint, the stroke in progress, chartlets, then `overlays` in window pixels. Only `region` is drawn where
    /// given (the image holds an earlier frame elsewhere). Where the view allows (``wholePixelPlacement(_:)``) and
    /// `copies` is true, painted tiles are copied composed instead of drawn; on a CPU device, views between whole
    /// zooms are drawn on the host (``prepareHostFrame(view:width:height:)``) and copied. Returns how many tiles
    /// were copied.
    @discardableResult
    func recordWindowFrame(
        into target: some RenderableImage, view: ViewTransform, windowColor: (Float, Float, Float),
        overlays windowOverlays: [OverlayPlacement], region: BufferRect?, copies: Bool = true,
        _ commands: CommandRecorder
    ) throws(VulkanError) -> Int {
        let (width, height, format) = (target.width, target.height, target.format)
        guard
            let area = (region ?? BufferRect(x: 0, y: 0, width: width, height: height)).clipped(
                width: width, height: height)
        else { return 0 }
        let quads = QuadPainter(pipelines: resources.pipelines)
        let hostPlan = copies ? preparedHostFrame(for: view, width: width, height: height) : nil
        if hostPlan == nil, paint.needsMipmapRefresh(forViewScale: view.scale) { paint.refreshMipmaps(commands) }
        let mosaics = try scene.prepareMosaics(
            for: paint, transform: view, width: width, height: height, region: region == nil ? nil : area,
            includingPaint: hostPlan == nil, commands)
        let mosaic = mosaics.paint
        // Views at 1:1 need none: its memory goes until the next view between whole zooms.
        if mosaic == nil { scene.mosaic.removeAll() }
        var copied: Set<TileKey> = []
        if copies, let placement = wholePixelPlacement(view) {
            copied = try copyDisplayTiles(
                placement, area: area, into: target, mosaic: mosaic, commands)
            commands.beginRendering(target)
            commands.setScissor(area)
            clear(area.subtracting(placement.page), to: windowColor, commands)
            clear(
                paperCells(placement, area: area, except: copied), to: paperColor, commands)
            // Paint past the page's edge shows over the window colour, as when drawn.
            for key in copied.sorted() {
                let tile = paint.tile(key)
                guard tile != nil || mosaic != nil else { continue }
                let rect = tileRect(key, placement)
                let corners = QuadPainter.Corners.rectangle(
                    x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
                for piece in (rect.intersection(area).map { $0.subtracting(placement.page) } ?? []) {
                    commands.setScissor(piece)
                    if let mosaic, let source = mosaic.image {
                        try quads.draw(
                            source, texture: mosaic.textureRect(of: key), sampler: .repeating, corners: corners,
                            targetWidth: width, targetHeight: height, format: format, blend: .over, commands)
                    } else if let tile {
                        try quads.draw(
                            tile, corners: corners, targetWidth: width, targetHeight: height, format: format,
                            blend: .over, commands)
                    }
                }
            }
            commands.setScissor(area)
        } else if let hostPlan {
            try recordHostFrame(hostPlan, area: area, into: target, windowColor: windowColor, commands)
            commands.beginRendering(target)
            commands.setScissor(area)
            copied = Set(paint.tiles.keys)
        } else if let page = unturnedPage(view) {
            // An unturned page is a rectangle of whole pixels: filled, not drawn (on a CPU device, a quad over the
            // whole view costs a few milliseconds).
            commands.beginRendering(target)
            commands.setScissor(area)
            clear(area.subtracting(page), to: windowColor, commands)
            clear(area.intersection(page).map { [$0] } ?? [], to: paperColor, commands)
        } else {
            if region != nil {
                commands.beginRendering(target)
                commands.setScissor(area)
                clear([area], to: windowColor, commands)
            } else {
                commands.beginRendering(target, clear: (windowColor.0, windowColor.1, windowColor.2, 1))
            }
            try drawPaper(view: view, width: width, height: height, format: format, blend: .over, commands)
        }
        try scene.draw(
            paint, transform: view, width: width, height: height, format: format,
            within: region == nil ? nil : area, skippingPaintOf: copied, mosaics: mosaics, commands)
        if let live = scene.live.shownAbove, case .eraser = live.brush {
            // The eraser in progress takes the paper away with the paint (destination-out over the frame), and a
            // window shows no transparency: what it uncovers is filled with the paper, drawn under the frame, and
            // past the page's edge with the window colour, over the tiles the stroke reaches.
            try drawPaper(view: view, width: width, height: height, format: format, blend: .under, commands)
            let reaches = live.layers.compactMap(\.tileBounds)
            if let left = reaches.map(\.columns.lowerBound).min(), let right = reaches.map(\.columns.upperBound).max(),
                let top = reaches.map(\.rows.lowerBound).min(), let bottom = reaches.map(\.rows.upperBound).max()
            {
                let side = Double(TileLayer.tileSize) / paint.scale
                let columns = left...right
                let rows = top...bottom
                try QuadPainter(pipelines: resources.pipelines).draw(
                    try overlays.solid(windowColor).image,
                    corners: view.corners(
                        x: Double(columns.lowerBound) * side, y: Double(rows.lowerBound) * side,
                        width: Double(columns.count) * side, height: Double(rows.count) * side),
                    targetWidth: width, targetHeight: height, format: format, blend: .under, commands)
            }
        }
        for overlay in windowOverlays where overlay.corners.intersects(area) {
            try quads.draw(
                overlay.image.image, corners: overlay.corners,
                targetWidth: width, targetHeight: height, format: format, blend: overlay.cutsOut ? .erase : .over,
                opacity: overlay.opacity,
                commands)
        }
        commands.endRendering()
        return copied.count
    }

    /// Draws the paper through `view` (with its checks under it where it is not opaque) with `blend`: `.over` as the
    /// frame's background, `.under` to fill what an eraser in progress uncovered.
    private func drawPaper(
        view: ViewTransform, width: Int, height: Int, format: PixelFormat, blend: BlendMode, _ commands: CommandRecorder
    ) throws(VulkanError) {
        let quads = QuadPainter(pipelines: resources.pipelines)
        let corners = view.corners(x: 0, y: 0, width: document.size.width, height: document.size.height)
        func drawChecks() throws(VulkanError) {
            // Checks show where the page is, and that it is transparent; they keep their size on screen.
            let checks = try overlays.transparencyChecks()
            let period = 2 * FrameOverlays.checkSide / max(view.scale, 1e-6)
            try quads.draw(
                checks.image,
                texture: .init(u: 0, v: 0, width: document.size.width / period, height: document.size.height / period),
                sampler: .repeating, corners: corners, targetWidth: width, targetHeight: height, format: format,
                blend: blend, commands)
        }
        // Over: the checks, then the paper. Under: the paper goes under the frame first, the checks under both.
        if blend == .over, paperBytes[3] < 255 { try drawChecks() }
        try quads.draw(
            try overlays.paper().image, corners: corners, targetWidth: width, targetHeight: height, format: format,
            blend: blend, commands)
        if blend == .under, paperBytes[3] < 255 { try drawChecks() }
    }

    /// The pixels an opaque paper covers when `view` does not turn it (mirrored or not): those whose centres lie
    /// inside the page (left and top edges inclusive, as the rasteriser fills), or nil.
    func unturnedPage(_ view: ViewTransform) -> BufferRect? {
        guard view.rotation == 0, paperBytes[3] == 255 else { return nil }
        let (originX, top) = view.apply(0, 0)
        let (farX, bottom) = view.apply(document.size.width, document.size.height)
        let left = min(originX, farX)
        let right = max(originX, farX)
        func firstCentre(_ edge: Double) -> Double { (edge - 0.5).rounded(.up) }
        let x0 = firstCentre(left)
        let y0 = firstCentre(top)
        let x1 = firstCentre(right)
        let y1 = firstCentre(bottom)
        guard [x0, y0, x1, y1].allSatisfy({ abs($0) < 1e9 }), x1 > x0, y1 > y0 else { return nil }
        return BufferRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    private var paperColor: (Float, Float, Float) {
        let bytes = paperBytes
        return (Float(bytes[0]) / 255, Float(bytes[1]) / 255, Float(bytes[2]) / 255)
    }

    /// Copies the composed tiles of the painted cells inside `area` into `image`, redrawing the stale ones first.
    private func copyDisplayTiles(
        _ placement: (scale: Int, page: BufferRect), area: BufferRect, into target: some RenderableImage,
        mosaic: TileMosaic?, _ commands: CommandRecorder
    ) throws(VulkanError) -> Set<TileKey> {
        displayTiles.beginFrame(layer: paint, format: target.format, paper: Array(paperBytes.prefix(3)))
        var copies: [(source: GPUImage, region: ImageRegion)] = []
        var copied: Set<TileKey> = []
        for key in cells(placement, area: area) {
            guard let source = try displayTiles.tile(key, scale: placement.scale, mosaic: mosaic, commands) else {
                continue
            }
            let rect = tileRect(key, placement)
            guard let shown = rect.intersection(area)?.intersection(placement.page) else { continue }
            let region = ImageRegion(
                sourceX: shown.x - rect.x, sourceY: shown.y - rect.y, destinationX: shown.x, destinationY: shown.y,
                width: shown.width, height: shown.height)
            copies.append((source, region))
            copied.insert(key)
        }
        // What the whole view shows, not this area: a frame that draws a few small rectangles again keeps the tiles
        // the rest of the view copies (and those it copied moments ago, still the GPU's).
        let view = BufferRect(x: 0, y: 0, width: target.width, height: target.height)
        displayTiles.endFrame(shown: max(copied.count, cells(placement, area: view).count))
        commands.barrier()
        for copy in copies { commands.copy(copy.source, to: target, [copy.region]) }
        commands.barrier()
        return copied
    }

    /// The page's tile cells that overlap `area`.
    private func cells(_ placement: (scale: Int, page: BufferRect), area: BufferRect) -> [TileKey] {
        guard let visible = area.intersection(placement.page) else { return [] }
        let side = TileLayer.tileSize * placement.scale
        let page = placement.page
        let columns = ((visible.x - page.x) / side)...((visible.maxX - 1 - page.x) / side)
        let rows = ((visible.y - page.y) / side)...((visible.maxY - 1 - page.y) / side)
        return rows.flatMap { row in columns.map { TileKey(column: $0, row: row) } }
    }

    /// The parts of the page inside `area` whose cells were not copied: bare paper.
    private func paperCells(_ placement: (scale: Int, page: BufferRect), area: BufferRect, except copied: Set<TileKey>)
        -> [BufferRect]
    {
        cells(placement, area: area).compactMap { key in
            copied.contains(key)
                ? nil : tileRect(key, placement).intersection(area)?.intersection(placement.page)
        }
    }

    private func tileRect(_ key: TileKey, _ placement: (scale: Int, page: BufferRect)) -> BufferRect {
        let side = TileLayer.tileSize * placement.scale
        return BufferRect(
            x: placement.page.x + key.column * side, y: placement.page.y + key.row * side, width: side, height: side)
    }

    /// Fills `rects` of the target whose rendering has begun with an opaque colour.
    private func clear(_ rects: [BufferRect], to color: (Float, Float, Float), _ commands: CommandRecorder) {
        guard !rects.isEmpty else { return }
        commands.clear(rects, to: (color.0, color.1, color.2, 1))
    }
}
