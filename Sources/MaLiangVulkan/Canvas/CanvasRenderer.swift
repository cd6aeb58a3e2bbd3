import CVulkan
import Foundation
import MaLiangCore

/// A document's paint on the GPU: a view of the document that never writes to it.
///
/// Strokes are stamped once into 16-bit tiles; the renderer follows the document through the changes its editor
/// hands to ``apply(_:)``. Undo restores the tiles a stroke changed (bounded work, whatever the document's length);
/// chartlets stay separate objects drawn above the paint. If the GPU fails, ``reload()`` rebuilds everything from
/// the document, which stays the truth.
public final class CanvasRenderer {
    public let context: VulkanContext
    public let document: Document
    let pipelines: Pipelines
    let brushTextures: BrushTextures
    let painter: StampPainter
    let chartletImages: ChartletImages
    let baker: StrokeBaker
    /// Strokes waiting to be stamped together by a kernel while baking.
    private var run = StampRun()
    /// The compute kernel, where the device can run it.
    let gpuStamping: GPUStamping?
    /// The host's kernel, for CPU devices.
    let cpuStamping: CPUStamping
    /// How strokes are baked: by a kernel that stamps whole runs of strokes per tile (on a GPU, its compute
    /// shader; on a CPU device, the host's own code), or as rasterised quads through stroke layers (the path a
    /// stroke drawn live takes, and the reference the kernels are tested against).
    package var stamping: StampingPath
    /// Whether layers are composed on the host (a CPU device: drawing is fragment-bound there) or by drawing.
    package var composesOnHost: Bool
    /// Each layer's paint at one document pixel per pixel.
    var layerPaint: [LayerID: TileLayer] = [:]
    /// The layers composed, while the document has more than one or its one is not shown as it is.
    var composition: LayerComposition?
    /// The paint of the latest deleted layers, for a quick undo (older ones are stamped again).
    var removedLayerPaint: [(id: LayerID, paint: TileLayer)] = []
    /// Work done so far, for tests of what an operation costs: strokes stamped, tiles composed from layers.
    package internal(set) var work = (strokesStamped: 0, tilesComposed: 0)
    var history = TileHistory()
    /// Tiles each baked stroke touched (for rebuilding tiles whose history was forgotten).
    var strokeTiles: [ElementID: Set<TileKey>] = [:]
    /// Whether ``strokeTiles`` lists every stroke (not so while the paint comes from the file's kept paint).
    var strokeTilesComplete = true
    /// Where the paint is kept between sessions (the document's file), if anywhere.
    let paintCache: PaintCache?
    /// Tiles of the kept paint not yet in their layer's paint, by layer.
    var cachedTiles: [LayerID: Set<TileKey>] = [:]
    /// Tiles of paint kept at most (1024: a 8192×8192 page painted edge to edge, 512 MiB before deflating). A
    /// larger drawing is stamped when opened rather than making its file and its closing that much larger.
    public var keptTilesLimit = 1024
    /// Kept tiles that could not be read, to be stamped again from the strokes at the next safe point.
    var damagedKeptTiles: [LayerID: Set<TileKey>] = [:]
    var live: LiveStroke?
    let wetTiles = TilePool()
    let overlayCounter = Counter()
    /// The paper under the paint in window frames, for its colour.
    var paper: (color: Color, overlay: OverlayImage)?
    /// One colour in a 1×1 image (the window's, under what an eraser in progress uncovers past the page).
    var solid: (bytes: [UInt8], overlay: OverlayImage)?
    /// Grey checks shown under a paper that is not opaque (window frames only), made when first needed.
    var transparencyChecks: OverlayImage?
    /// Paint tiles composed over the paper for window frames at whole zooms.
    lazy var displayTiles = DisplayTiles(context, pipelines)
    /// Paint tiles side by side for views between whole zooms, which filter across tile edges.
    lazy var mosaic = TileMosaic(context)
    /// The same for the stroke in progress's layers (``LiveStroke/layers``).
    lazy var liveMosaics = (0..<4).map { _ in TileMosaic(context) }
    /// Whether window frames between whole zooms are drawn on the host (a CPU device: drawing is fragment-bound
    /// there).
    package var drawsFramesOnHost: Bool
    /// Frames drawn on the host so far, and whether they use the portable code only (tests compare it with the
    /// processor's wider vectors).
    package internal(set) var framesDrawnOnHost = 0
    package var hostFramesArePortable = false
    /// Paint tiles in 8 bits on the host, for those frames.
    lazy var hostLevels = HostPaintLevels(context)
    /// What the next window frame samples on the host, read back before it is recorded.
    var preparedHostFrame: HostFramePlan?
    /// Where host frames are drawn before they are copied into the window's image.
    var hostFrameStaging: GPUBuffer?
    /// The image ``measureFrame(view:width:height:copies:)`` draws into.
    var measuredFrameTarget: GPUImage?

    /// Stamps recorded before a submission while baking many strokes (bounds upload memory and submission size).
    static let batchStamps = 200_000
    /// Pixels stamped before a submission (about a second on a CPU renderer): huge brushes submit, report progress
    /// and can be cancelled often however few their stamps.
    static let batchPixels = 64 << 20
    /// The same for the compute shader on a GPU, which stamps 64 Mpx in a few milliseconds (an H200 about 1.6 ms):
    /// held to the CPU's budget, batches of radius-32 dabs were ~16,000 stamps (radius 128: ~1,000), too few to
    /// bin on more than one or two cores or to keep the device busy between submissions.
    static let gpuBatchPixels = 2 << 30
    /// Tiles of one stroke stamped and composited at a time while baking: bounds the stroke layers' memory
    /// (2 layers × 16 tiles × 512 KiB) whatever the stroke's length.
    static let tilesPerChunk = 16
    /// Strokes of a loaded document whose tiles are copied for a quick undo (older ones are rebuilt when undone).
    static let rememberedOnLoad = 8

    /// Undo takes strokes back by copies of the tiles they changed; a renderer that only exports (`undo: false`)
    /// keeps none.
    let keepsUndoCopies: Bool
    /// An export-only renderer stamps the paint at one document pixel per pixel only when something asks for it
    /// (an export at scale 1, a view): a small render of a huge document never needs it.
    private(set) var paintPending = false

    /// Told how much of long work (stamping a document, an export) is done, from 0 to 1, after each submission;
    /// returning false stops the work, which then throws ``VulkanError/cancelled``.
    public var progress: ((Double) -> Bool)?

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

    /// Follows `document` as ``init(document:context:undo:)`` does, baking with `stamping` (nil: the device's
    /// best).
    package init(
        document: Document, context: VulkanContext, undo: Bool = true, stamping: StampingPath?,
        paintCache: PaintCache? = nil
    ) throws(VulkanError) {
        keepsUndoCopies = undo
        self.paintCache = paintCache
        self.context = context
        self.document = document
        pipelines = try Pipelines(context)
        brushTextures = try BrushTextures(context, pipelines)
        painter = try StampPainter(context, pipelines, brushTextures)
        let images = ChartletImages(context, pipelines, source: { [unowned document] in document.textures })
        chartletImages = images
        baker = StrokeBaker(context, pipelines, painter, images)
        if let kernel = try StampKernel.make(context, sampler: pipelines.linearSampler) {
            gpuStamping = try GPUStamping(context, kernel: kernel, textures: brushTextures)
        } else {
            gpuStamping = nil
        }
        cpuStamping = CPUStamping(context, textures: brushTextures)
        self.stamping =
            stamping ?? (context.deviceType == "CPU" ? .cpuKernel : (gpuStamping == nil ? .raster : .gpuKernel))
        composesOnHost = context.deviceType == "CPU"
        drawsFramesOnHost = context.deviceType == "CPU"
        if !undo {
            paintPending = true
        } else if let paintCache, adoptKeptPaint(paintCache) {
            // Tiles come from the file as they are needed.
        } else {
            try bakeAll()
        }
        if !paintPending { try updateComposition() }
    }

    deinit {
        // Reverse order of use: wait for the GPU, then drop tiles and history before the pipelines they bind to.
        vkDeviceWaitIdle(context.device)
        live = nil
        history = TileHistory()
        removeAllPaint()
    }

    /// A chartlet shown in place of the document's one with the same id (while it is being moved, turned or
    /// scaled); set it back to nil once the document has the final placement.
    public var chartletPreview: Chartlet?

    /// Number of paint tiles allocated, every layer's (for tests and benchmarks).
    public var paintTileCount: Int { layerPaint.values.reduce(0) { $0 + $1.tiles.count } }

    /// What the renderer holds: paint tiles, tiles kept for undo, device memory in bytes.
    public var statistics: (paintTiles: Int, undoTiles: Int, deviceMemory: Int) {
        (paintTileCount, history.tileCount, context.memoryUse.current)
    }

    /// Registers a brush whose stamp is the alpha (or, for opaque images, the darkness) of a PNG image.
    public func registerBrush(name: String, with png: Data) throws -> Brush {
        try brushTextures.add(name, png: png)
        return Brush(name: name, textureID: name)
    }

    // MARK: - Following the document

    /// Brings the paint in line with `changes`, which the document has just made (in order).
    public func apply(_ changes: [DocumentChange]) throws(VulkanError) {
        if paintPending {
            // The paint is stamped later from the document as it is then.
            for case .textureAdded(let id, _) in changes { chartletImages.invalidate(id) }
            return
        }
        for change in changes {
            // The tiles a clear sets aside must be all of them.
            if case .cleared = change { try loadKeptTiles() }
            switch change {
            case .inserted(.stroke(let stroke), _):
                if let live, live.stroke.id == stroke.id {
                    // The stroke drawn live is now in the document. A kernel stamps it again, so that the paint is
                    // what reopening the document gives; the raster path has its stamps in the live layers.
                    self.live = nil
                    forgetLiveComposition()
                    if usesKernel(for: stroke) { try bake([stroke]) } else { try commit(live) }
                } else {
                    try bake([stroke])
                }
            case .removed(.stroke(let stroke), _):
                try unbake(stroke)
            case .updated(.stroke(let before), .stroke(let after), _):
                try unbake(before)
                try bake([after])
            case .cleared:
                let forgotten = history.stashForClear(layerPaint.mapValues { $0.takeAll() })
                // A frame in flight may still sample an old clear's tiles: let it finish before they go.
                if !forgotten.isEmpty { vkDeviceWaitIdle(context.device) }
            case .restored:
                if let stash = history.takeClearStash() {
                    for (id, tiles) in stash { paintOf(id).restoreAll(tiles) }
                } else {
                    try rebuild(Set(strokeTiles.values.flatMap { $0 }))
                }
            case .textureAdded(let id, _):
                chartletImages.invalidate(id)
            case .backgroundChanged:
                break  // The paper is drawn from the document's colour at composite time.
            case .inserted(.chartlet, _), .removed(.chartlet, _), .updated:
                break  // Chartlets are drawn from the document at composite time.
            case .layerInserted, .layerRemoved, .layerMoved, .layerChanged:
                try applyLayerChange(change)
            }
        }
        try repairKeptTiles()
        try updateComposition()
    }

    /// Drops every tile and stamps the whole document again (after a GPU failure left the paint in doubt).
    public func reload() throws(VulkanError) {
        vkDeviceWaitIdle(context.device)
        live = nil
        history = TileHistory()
        strokeTiles = [:]
        cachedTiles = [:]
        damagedKeptTiles = [:]
        strokeTilesComplete = true
        removeAllPaint()
        try bakeAll()
        try updateComposition()
    }

    /// Stamps the paint if it was left for later (an export-only renderer).
    func bakePaintIfPending(progress range: ClosedRange<Double> = 0...1) throws(VulkanError) {
        try loadKeptTiles()
        try repairKeptTiles()
        if paintPending {
            paintPending = false
            try bakeAll(progress: range)
        }
        try updateComposition()
    }

    private func bakeAll(progress range: ClosedRange<Double> = 0...1) throws(VulkanError) {
        let strokes = document.elements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
        try bake(strokes, rememberNewest: keepsUndoCopies ? Self.rememberedOnLoad : 0, progress: range)
        // The layers of one stroke in progress need far fewer spare tiles than a whole document's loading did.
        wetTiles.trim(to: 8)
    }

    /// Stamps and composites strokes onto `layer` (the paint unless given), only within `onlyTiles` when given.
    /// The newest `rememberNewest` strokes keep copies of the tiles they change, for undo (only on the paint).
    /// With `progress`, the ``progress`` handler hears of each submission as a fraction within that range.
    func bake(
        _ strokes: [Stroke], into layer: TileLayer? = nil, onlyTiles: Set<TileKey>? = nil,
        rememberNewest: Int = .max, progress range: ClosedRange<Double>? = nil
    ) throws(VulkanError) {
        guard let target = layer else {
            // Each stroke into its own layer's paint, a layer at a time.
            try bakeOnTheirLayers(strokes, onlyTiles: onlyTiles, rememberNewest: rememberNewest, progress: range)
            return
        }
        let targetLayer = layerID(of: target)
        let isDocumentPaint = targetLayer != nil
        let batch = CommandBatch(context)
        // On a GPU, one submission of kernel work runs while the next is recorded.
        var inFlight: CommandBatch.Submission?
        var batchHasQuads = false
        defer { _ = try? inFlight?.wait() }
        var pixels = 0
        let tileArea = Double(TileLayer.tileSize * TileLayer.tileSize)
        let usesKernel = stamping == .cpuKernel || (stamping == .gpuKernel && gpuStamping != nil)
        let kernelBatchPixels = stamping == .gpuKernel ? Self.gpuBatchPixels : Self.batchPixels
        // Strokes queued for a kernel are stamped together; anything that must see the paint between strokes (an
        // undo copy, a stroke the kernels do not draw) has them stamped first.
        func stampQueued() throws(VulkanError) {
            guard !run.isEmpty else { return }
            if let gpuStamping, stamping == .gpuKernel {
                let work = run.takeWork(
                    for: target, onlyTiles: onlyTiles, cellsPerTileSide: 1, textures: brushTextures)
                try batch.record(work: work.stampCount) { commands throws(VulkanError) in
                    try gpuStamping.record(work, into: target, commands)
                }
            } else {
                let work = run.takeWork(
                    for: target, onlyTiles: onlyTiles, cellsPerTileSide: StampRun.hostCellsPerTileSide,
                    textures: brushTextures)
                // The host reads the tiles: what is recorded before must have run.
                try flush(batch, inFlight: &inFlight)
                try cpuStamping.stamp(work, into: target)
            }
        }
        var source = StampSource(strokes, layer: target, buildsAhead: stamping == .gpuKernel && gpuStamping != nil)
        for (index, stroke) in strokes.enumerated() {
            work.strokesStamped += 1
            let built = source.built(at: index)
            let stamps = built.stamps
            var touched = built.tiles
            if let onlyTiles { touched.formIntersection(onlyTiles) }
            // Kept paint under the stroke comes in first (before anything recorded in this batch runs).
            if let targetLayer, cachedTiles[targetLayer].map({ !$0.isDisjoint(with: touched) }) == true {
                try loadKeptTiles(touched, on: [targetLayer])
            }
            // Refused before any of it is stamped, rather than after minutes of work and gigabytes of tiles.
            // (Counted only when the stroke's tiles could be too many: looking each up costs more than stamping.)
            if target.tiles.count + touched.count > TileLayer.maximumTiles,
                target.tiles.count + touched.reduce(0, { $0 + (target.tile($1) == nil ? 1 : 0) })
                    > TileLayer.maximumTiles
            {
                throw target.tooManyTiles
            }
            let remember =
                keepsUndoCopies && isDocumentPaint && onlyTiles == nil && strokes.count - index <= rememberNewest
            if isDocumentPaint { strokeTiles[stroke.id, default: []].formUnion(touched) }
            if usesKernel && built.drawnByKernels {
                if remember {
                    try stampQueued()
                    try batch.record { commands throws(VulkanError) in
                        batch.hold(try history.remember(stroke.id, tiles: touched, of: target, commands))
                    }
                }
                run.append(stroke, stamps: stamps)
                pixels += built.coveredPixels
                if run.stampCount >= Self.batchStamps || pixels >= kernelBatchPixels {
                    try stampQueued()
                    if stamping == .gpuKernel && !batchHasQuads {
                        try submitOverlapped(batch, inFlight: &inFlight)
                    } else {
                        try flush(batch, inFlight: &inFlight)
                    }
                    batchHasQuads = false
                    try report(Double(index + 1) / Double(strokes.count), in: range)
                    pixels = 0
                }
                continue
            }
            try stampQueued()
            batchHasQuads = true
            // A long stroke goes tile group by tile group, so its layers never hold more than one group.
            let chunks = touched.sorted().chunked(Self.tilesPerChunk)
            for (chunkIndex, chunk) in chunks.enumerated() {
                let tiles = Set(chunk)
                // What the GPU covers: each stamp's area at the layer's scale, at most the group's.
                let groupArea = tileArea * Double(tiles.count)
                pixels += Self.coveredPixels(stamps, scale: target.scale, atMost: groupArea)
                try batch.record(work: stamps.count) { commands throws(VulkanError) in
                    let wet = StrokeBaker.WetStroke(brush: stroke.brush, like: target, pool: wetTiles)
                    try baker.addStamps(
                        stamps, to: wet, textureIDs: stroke.chartletTextureIDs, onlyTiles: tiles, commands)
                    if remember { batch.hold(try history.remember(stroke.id, tiles: tiles, of: target, commands)) }
                    try baker.composite(wet, onto: target, onlyTiles: tiles, commands)
                    // Its tiles go back to the pool for the next group (the barriers order the reuse); any the pool
                    // does not keep must live until the commands have run.
                    batch.hold(wet.body.tileImages + wet.halo.tileImages)
                }
                if batch.pendingWork >= Self.batchStamps || pixels >= Self.batchPixels {
                    try flush(batch, inFlight: &inFlight)
                    batchHasQuads = false
                    let done = (Double(index) + Double(chunkIndex + 1) / Double(chunks.count)) / Double(strokes.count)
                    try report(done, in: range)
                    pixels = 0
                }
            }
        }
        try stampQueued()
        try flush(batch, inFlight: &inFlight)
        try report(1, in: range)
    }

    /// Submits a batch of kernel work without waiting for it, once the one before it has run: the device works on
    /// one while the CPU prepares the next.
    private func submitOverlapped(_ batch: CommandBatch, inFlight: inout CommandBatch.Submission?)
        throws(VulkanError)
    {
        let submitted = try batch.submit()
        try inFlight?.wait()
        inFlight = submitted
        // The arena the finished submission read is free for the next batch.
        gpuStamping?.turnArenas()
    }

    /// Submits a batch and waits for it and any submission before it, then empties the upload arenas.
    private func flush(_ batch: CommandBatch, inFlight: inout CommandBatch.Submission?) throws(VulkanError) {
        try inFlight?.wait()
        inFlight = nil
        try batch.flush {
            painter.arena.reset()
            gpuStamping?.resetArenas()
        }
    }

    /// Tells the progress handler, when there is a range, that `fraction` of the work in it is done.
    private func report(_ fraction: Double, in range: ClosedRange<Double>?) throws(VulkanError) {
        if let range { try report(fraction, in: range) }
    }

    /// The pixels the device covers for `stamps` at `scale`: each stamp's square, at most `atMost`.
    static func coveredPixels(_ stamps: [Stamp], scale: Double, atMost: Double = .infinity) -> Int {
        var total = 0.0
        for stamp in stamps {
            let side = Double(stamp.size) * scale
            total += min(side * side, atMost)
        }
        return Int(total)
    }

    /// Whether baking `stroke` goes through a stamping kernel (chartlet brushes are drawn as quads).
    func usesKernel(for stroke: Stroke) -> Bool {
        guard stamping == .cpuKernel || (stamping == .gpuKernel && gpuStamping != nil) else { return false }
        if case .chartlet = stroke.brush { return false }
        return true
    }

    /// Tells the progress handler `fraction` of the work in `range` is done; throws if it asks to stop.
    func report(_ fraction: Double, in range: ClosedRange<Double>) throws(VulkanError) {
        guard let progress else { return }
        if !progress(range.lowerBound + (range.upperBound - range.lowerBound) * min(max(fraction, 0), 1)) {
            throw .cancelled
        }
    }

    /// Takes a stroke's paint away: restores the tiles it changed, or rebuilds them when their copies are gone.
    private func unbake(_ stroke: Stroke) throws(VulkanError) {
        let layer = paintOf(stroke.layer)
        if let saved = history.takeSnapshot(of: stroke.id) {
            try context.submitAndWait { commands throws(VulkanError) in
                for (key, copy) in saved { try layer.restore(key, from: copy, commands) }
            }
        } else {
            // A stroke whose paint came from the file was never stamped here: its tiles are worked out now.
            let tiles = strokeTiles[stroke.id] ?? tilesReached(by: stroke)
            strokeTiles[stroke.id] = nil
            try rebuild(tiles, on: [stroke.layer])
        }
        strokeTiles[stroke.id] = nil
    }

    /// Clears `tiles` of the paint of `layers` (every layer's when nil) and re-stamps every stroke on them that
    /// touches them, in order.
    func rebuild(_ tiles: Set<TileKey>, on layers: Set<LayerID>? = nil) throws(VulkanError) {
        guard !tiles.isEmpty else { return }
        try completeStrokeTiles()
        let layers = layers ?? Set(document.layers.map(\.id))
        // Stamped again from the strokes: what was kept of them is not needed.
        for id in layers { cachedTiles[id]?.subtract(tiles) }
        for id in layers {
            for key in tiles { paintOf(id).replace(key, with: nil) }
        }
        let strokes = document.elements.compactMap { element -> Stroke? in
            guard case .stroke(let stroke) = element, layers.contains(stroke.layer),
                let touched = strokeTiles[stroke.id], !touched.isDisjoint(with: tiles)
            else { return nil }
            return stroke
        }
        try bake(strokes, onlyTiles: tiles)
    }
}

extension Stroke {
    /// The images a chartlet brush places, by slot.
    var chartletTextureIDs: [String] {
        if case .chartlet(let brush) = brush { return brush.textureIDs }
        return []
    }
}

extension Array {
    /// Consecutive pieces of at most `size` elements.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension CanvasRenderer {
    /// Stamps and composites `strokes` into a fresh layer at one pixel per document pixel, as loading does, and
    /// reports the dabs drawn and the wall time (stamp generation, GPU work and waiting included).
    package func measureReplay(_ strokes: [Stroke]) throws(VulkanError) -> (dabs: Int, seconds: Double) {
        let layer = TileLayer(
            context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height, scale: 1)
        let dabs = Self.dabCount(strokes)
        let start = ContinuousClock.now
        try bake(strokes, into: layer)
        let elapsed = ContinuousClock.now - start
        layer.removeAll()
        return (dabs, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// How many dabs `strokes` make.
    static func dabCount(_ strokes: [Stroke]) -> Int {
        strokes.reduce(0) { $0 + StampSource.stamps(of: $1, samples: $1.samples).count }
    }

    /// Replays `strokes` `passes` times into one layer whose tiles already exist, as many strokes per submission as
    /// a batch takes: the throughput of a device kept busy. The replay runs twice: the first ("cold") also makes the
    /// upload memory batches of this size need, which later bakes keep (``GPUStamping/keptBytes``). Returns the
    /// dabs, the second replay's wall time, the time the device was busy in it (nil where it cannot tell), and the
    /// first replay's wall time.
    package func measureSustainedReplay(_ strokes: [Stroke], passes: Int) throws(VulkanError)
        -> (dabs: Int, seconds: Double, busySeconds: Double?, coldSeconds: Double)
    {
        let layer = TileLayer(
            context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height, scale: 1)
        defer { layer.removeAll() }
        try bake(strokes, into: layer)
        let dabs = Self.dabCount(strokes)
        let repeated = Array(Array(repeating: strokes, count: passes).joined())
        func timedBake() throws(VulkanError) -> Double {
            let start = ContinuousClock.now
            try bake(repeated, into: layer)
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let coldSeconds = try timedBake()
        let timed = context.measureGPUTime()
        let seconds = try timedBake()
        return (dabs * passes, seconds, timed ? context.gpuClock?.busySeconds : nil, coldSeconds)
    }

    /// Renders one window frame of `width`×`height` through `view` into a GPU image (no read-back, as the window
    /// does into its swapchain), and returns the wall time in seconds. `copies`: whether composed tiles may be
    /// copied where the view allows it. The image is kept for the next frame of the same size, as a swapchain's
    /// images are (a new one costs its first writes' page faults, about 2 ms at 1920×1080 on a CPU device).
    package func measureFrame(view: ViewTransform, width: Int, height: Int, copies: Bool = true) throws(VulkanError)
        -> Double
    {
        let target: GPUImage
        if let kept = measuredFrameTarget, kept.width == width, kept.height == height {
            target = kept
        } else {
            target = try windowTarget(width: width, height: height)
            measuredFrameTarget = target
        }
        let start = ContinuousClock.now
        try prepareFrame(view: view, width: width, height: height)
        try context.submitAndWait { commands throws(VulkanError) in
            try recordWindowFrame(
                image: target.image, imageView: target.view, width: width, height: height, format: target.format,
                view: view, windowColor: (0.5, 0.5, 0.5), overlays: [], region: nil, copies: copies, commands)
        }
        painter.arena.reset()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The BGRA bytes of window frames drawn one after another into one image of `width`×`height` through `view`:
    /// each region redraws its part only (nil: all of it), over what the frames before left.
    package func windowFramePixels(
        view: ViewTransform, width: Int, height: Int, regions: [BufferRect?], copies: Bool
    ) throws(VulkanError) -> [UInt8] {
        let target = try windowTarget(width: width, height: height)
        let readback = try GPUBuffer(context, size: width * height * 4, usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT)
        try prepareFrame(view: view, width: width, height: height)
        for region in regions {
            try context.submitAndWait { commands throws(VulkanError) in
                try recordWindowFrame(
                    image: target.image, imageView: target.view, width: width, height: height, format: target.format,
                    view: view, windowColor: (0.5, 0.5, 0.5), overlays: [], region: region, copies: copies, commands)
            }
            painter.arena.reset()
        }
        return try readBack(target, into: readback)
    }

    /// The pixels of `target` (4 bytes each), copied through `buffer`.
    func readBack(_ target: GPUImage, into buffer: GPUBuffer) throws(VulkanError) -> [UInt8] {
        try context.submitAndWait { commands throws(VulkanError) in
            fullBarrier(commands)
            var copy = VkBufferImageCopy()
            copy.imageSubresource = VkImageSubresourceLayers(
                aspectMask: VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT.rawValue), mipLevel: 0, baseArrayLayer: 0,
                layerCount: 1)
            copy.imageExtent = VkExtent3D(width: UInt32(target.width), height: UInt32(target.height), depth: 1)
            vkCmdCopyImageToBuffer(commands, target.image, VK_IMAGE_LAYOUT_GENERAL, buffer.buffer, 1, &copy)
        }
        return Array(
            UnsafeBufferPointer(
                start: buffer.contents.assumingMemoryBound(to: UInt8.self), count: target.width * target.height * 4))
    }

    /// An image like a window's swapchain image, in the GENERAL layout.
    func windowTarget(width: Int, height: Int) throws(VulkanError) -> GPUImage {
        let target = try GPUImage(
            context, width: width, height: height, format: VK_FORMAT_B8G8R8A8_UNORM,
            usage: VkImageUsageFlagBits(
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue
                    | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue))
        try context.submitAndWait { commands throws(VulkanError) in target.initializeLayout(commands) }
        return target
    }
}
