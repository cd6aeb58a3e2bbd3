import MaLiangCore

/// What tests and benchmarks look into and time: the paths a device takes, the work an operation cost, frames and
/// bakes measured apart from the window.
extension CanvasRenderer {
    /// How strokes are baked (by a kernel or as quads).
    package var stamping: StampingPath {
        get { paint.baker.stamping }
        set { paint.baker.stamping = newValue }
    }

    /// The compute shader's cell width in pixels for every batch, or nil to choose it from each batch's dab sizes
    /// (``PaintBaker/deviceCellPixels``).
    package var deviceCellPixels: Int? {
        get { paint.baker.deviceCellPixels }
        set { paint.baker.deviceCellPixels = newValue }
    }

    /// The sizes ``deviceChunkStamps`` takes, and the one it has unless set.
    package static var deviceChunkSizes: [Int] { DeviceStamping.chunkSizes }
    package static var defaultDeviceChunkStamps: Int { DeviceStamping.defaultChunkStamps }

    /// Slots in each chunk of stamps made on the device: 16, 32 or 64 (``PaintBaker/deviceChunkStamps``).
    package var deviceChunkStamps: Int {
        get { paint.baker.deviceChunkStamps }
        set { paint.baker.deviceChunkStamps = newValue }
    }

    /// Whether bakes without undo (exports, benchmarks) make their stamps on the device from the samples
    /// (``PaintBaker/makesStampsOnDevice``); false where the device cannot.
    package var makesStampsOnDevice: Bool {
        get { paint.baker.makesStampsOnDevice && paint.baker.canMakeStampsOnDevice }
        set { paint.baker.makesStampsOnDevice = newValue }
    }

    /// Where bakes with stamps made on the device spent the host's time since the last reset, in seconds: laying
    /// strokes out, listing the tiles' chunks, waiting for the device.
    package var deviceStampingTimes: (layout: Double, listing: Double, waiting: Double) {
        get {
            let times = paint.baker.deviceStamping?.times ?? .init()
            return (times.layout, times.listing, times.waiting)
        }
        set {
            paint.baker.deviceStamping?.times = .init(
                layout: newValue.layout, listing: newValue.listing, waiting: newValue.waiting)
        }
    }

    /// Strokes baked so far with their stamps made on the device.
    package var strokesMadeOnDevice: Int { paint.baker.deviceStamping?.strokesStamped ?? 0 }

    /// Whether layers are composed on the host (a CPU device) or by drawing.
    package var composesOnHost: Bool {
        get { paint.compositor.composesOnHost }
        set { paint.compositor.composesOnHost = newValue }
    }

    /// Whether window frames between whole zooms are drawn on the host (a CPU device).
    package var drawsFramesOnHost: Bool {
        get { frames.host.isOn }
        set { frames.host.isOn = newValue }
    }

    /// Frames drawn on the host so far.
    package var framesDrawnOnHost: Int { frames.host.framesDrawn }

    /// Whether host frames use the portable code only (tests compare it with the processor's wider vectors).
    package var hostFramesArePortable: Bool {
        get { frames.host.portableOnly }
        set { frames.host.portableOnly = newValue }
    }

    /// Work done so far, for tests of what an operation costs: strokes stamped, tiles composed from layers.
    package var work: (strokesStamped: Int, tilesComposed: Int) {
        (paint.baker.strokesStamped, paint.compositor.tilesComposed)
    }

    /// Bakes `strokes` pass after pass at one pixel per document pixel, waiting for the device at the end of each,
    /// for at least `seconds` (and until 50 passes or twice that): each into a fresh layer, as loading does, or
    /// (`freshLayers` false) into one layer whose tiles exist, as a finished stroke is baked into the document's.
    /// Reports the dabs drawn, the passes, the wall time (stamp generation, GPU work and waiting included), the
    /// time the device was busy (nil where it cannot tell) and where the baking thread's time went.
    package func measurePasses(_ strokes: [Stroke], freshLayers: Bool, seconds: Double) throws(VulkanError)
        -> (dabs: Int, passes: Int, seconds: Double, busySeconds: Double?, host: BakeHostTimes)
    {
        let dabs = PaintBaker.dabCount(strokes)
        let kept = resources.makeLayer()
        defer { kept.removeAll() }
        if !freshLayers { try paint.baker.bake(strokes, into: kept) }
        let timed = context.measureGPUTime()
        paint.baker.hostTimes = BakeHostTimes()
        var passes = 0
        var elapsed = 0.0
        repeat {
            let layer = freshLayers ? resources.makeLayer() : kept
            let start = ContinuousClock.now
            try paint.baker.bake(strokes, into: layer)
            elapsed += BakeHostTimes.seconds(since: start)
            if freshLayers { layer.removeAll() }
            passes += 1
        } while elapsed < seconds || (elapsed < 2 * seconds && passes < 50)
        return (
            dabs * passes, passes, elapsed, timed ? context.gpuClock?.busySeconds : nil, paint.baker.hostTimes
        )
    }

    /// Replays `strokes` `passes` times into one layer whose tiles already exist, as many strokes per submission as
    /// a batch takes: the throughput of a device kept busy. The replay runs twice: the first ("cold") also makes the
    /// upload memory batches of this size need, which later bakes keep (``GPUStamping/keptBytes``). Returns the
    /// dabs, the second replay's wall time, the time the device was busy in it (nil where it cannot tell), where its
    /// time went on the host, and the first replay's wall time.
    package func measureSustainedReplay(_ strokes: [Stroke], passes: Int) throws(VulkanError)
        -> (dabs: Int, seconds: Double, busySeconds: Double?, host: BakeHostTimes, coldSeconds: Double)
    {
        let layer = resources.makeLayer()
        defer { layer.removeAll() }
        let baker = paint.baker
        try baker.bake(strokes, into: layer)
        let dabs = PaintBaker.dabCount(strokes)
        let repeated = Array(Array(repeating: strokes, count: passes).joined())
        func timedBake() throws(VulkanError) -> Double {
            let start = ContinuousClock.now
            try baker.bake(repeated, into: layer)
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let coldSeconds = try timedBake()
        let timed = context.measureGPUTime()
        baker.hostTimes = BakeHostTimes()
        let seconds = try timedBake()
        return (dabs * passes, seconds, timed ? context.gpuClock?.busySeconds : nil, baker.hostTimes, coldSeconds)
    }

    /// Turns `strokes` into stamps (with the tiles they reach and the pixels they cover, as a bake does before any
    /// binning) `passes` times over, as the baker hands a long replay out — windows of strokes built on every core —
    /// and then one stroke after another on this thread. Returns the seconds a pass takes each way: the host's share
    /// that a GPU waits for when the stamps are small.
    package func measureStampMaking(_ strokes: [Stroke], passes: Int) -> (allCores: Double, oneCore: Double) {
        let layer = resources.makeLayer()
        defer { layer.removeAll() }
        let repeated = Array(Array(repeating: strokes, count: passes).joined())
        let start = ContinuousClock.now
        var source = StampSource(repeated, layer: layer, buildsAhead: true)
        var made = 0
        for index in repeated.indices { made &+= source.built(at: index).stamps.count }
        let allCores = BakeHostTimes.seconds(since: start)
        // On one core, a sixteenth of the passes: as many as the cores that share the rest.
        let serialPasses = max(passes / 16, 1)
        let serial = ContinuousClock.now
        for stroke in repeated.prefix(strokes.count * serialPasses) {
            made &+= StampSource.build(stroke, samples: stroke.samples.loaded(), grid: layer.grid).stamps.count
        }
        let oneCore = BakeHostTimes.seconds(since: serial) / Double(serialPasses)
        withExtendedLifetime(made) {}
        return (allCores / Double(passes), oneCore)
    }

    /// The host's whole share of a compute-shader bake of `strokes` replayed `passes` times into one layer —
    /// making the stamps, binning, writing the work — without the device (``HostShare``), done twice and the second
    /// kept (the first makes the memory later batches use again); with `timeline`, each thread's intervals of work
    /// in the second.
    package func measureHostShare(_ strokes: [Stroke], passes: Int, timeline: Bool = false) -> HostShare {
        let layer = resources.makeLayer()
        defer { layer.removeAll() }
        let repeated = Array(Array(repeating: strokes, count: passes).joined())
        let textures = resources.brushTextures
        // The first bake also makes the memory the work is written into, as a GPU's first bake makes upload memory.
        var output: [SIMD4<Float>] = []
        _ = HostShare.measure(
            repeated, into: layer, textures: textures, cellPixels: deviceCellPixels, output: &output)
        if timeline { BakeTimeline.start() }
        var share = HostShare.measure(
            repeated, into: layer, textures: textures, cellPixels: deviceCellPixels, output: &output)
        if timeline { share.timeline = BakeTimeline.stop() }
        share.passes = passes
        share.dabs = PaintBaker.dabCount(strokes) * passes
        return share
    }

    /// Renders one window frame of `width`×`height` through `view` into a GPU image and returns the wall time in
    /// seconds (``WindowFrames/measureFrame(view:width:height:copies:)``).
    package func measureFrame(view: ViewTransform, width: Int, height: Int, copies: Bool = true) throws(VulkanError)
        -> Double
    {
        try frames.measureFrame(view: view, width: width, height: height, copies: copies)
    }

    /// Paint tiles kept composed over the paper for window frames at whole zooms.
    package var composedTilesKept: Int { frames.displayTiles.count }

    /// The BGRA bytes of window frames drawn one after another into one image
    /// (``WindowFrames/windowFramePixels(view:width:height:regions:copies:)``).
    package func windowFramePixels(
        view: ViewTransform, width: Int, height: Int, regions: [BufferRect?], copies: Bool
    ) throws(VulkanError) -> [UInt8] {
        try frames.windowFramePixels(view: view, width: width, height: height, regions: regions, copies: copies)
    }

    /// What a window frame would show if the paint were one picture instead of tiles
    /// (``WindowFrames/singlePicturePixels(view:width:height:)``).
    package func singlePicturePixels(view: ViewTransform, width: Int, height: Int) throws(VulkanError) -> [UInt8] {
        try frames.singlePicturePixels(view: view, width: width, height: height)
    }
}
