import Foundation
import MaLiangCore

/// What a baker tells the owner of the layer it bakes into, stroke by stroke: the document's paint brings kept
/// paint in first, notes the tiles each stroke reaches and keeps undo copies; a scratch layer (an export at another
/// scale, a benchmark) needs none of it.
protocol BakeObserver: AnyObject {
    /// `stroke` is about to be stamped where `tiles` reach (before anything recorded in the batch runs).
    func willStamp(_ stroke: Stroke, reaching tiles: Set<TileKey>) throws(VulkanError)
    /// `stroke` is being stamped where `tiles` reach.
    func stamps(_ stroke: Stroke, reaching tiles: Set<TileKey>)
    /// Copies `tiles` as they are before `stroke` changes them; returns the copies the undo history let go, which
    /// recorded commands may still read.
    func copyForUndo(_ tiles: Set<TileKey>, before stroke: Stroke, _ commands: CommandRecorder) throws(VulkanError)
        -> [GPUImage]
}

/// Stamps strokes into a tile layer in batches: by a kernel that stamps whole runs of strokes per tile (on a GPU its
/// compute shader, on a CPU device the host's own code), or as rasterised quads through each stroke's own layers
/// (chartlet brushes, and the reference the kernels are tested against). Batches are bounded in stamps and pixels,
/// so neither upload memory nor one submission grows with the document, and long work reports progress and can be
/// cancelled between them.
final class PaintBaker {
    private let resources: RenderResources
    /// The compute kernel, where the device can run it.
    let gpuStamping: GPUStamping?
    /// The host's kernel, for CPU devices.
    private let cpuStamping: CPUStamping
    /// Stamps made from the samples on the device (``makesStampsOnDevice``), made for the first bake that uses it.
    private(set) var deviceStamping: DeviceStamping?
    /// The compute kernel, where the device can run it.
    private let kernel: StampKernel?
    /// Whether the compute shader's bakes make their stamps on the device, from the strokes' samples (all but a
    /// chartlet brush's). Off: on the H100 it loses to the host's stamps (a pass lasts its longest stroke's serial
    /// walk on the device; docs/benchmarks.md), as `maliang bench render --stamping gpu-kernel` measures.
    var makesStampsOnDevice = false
    /// How strokes are baked.
    var stamping: StampingPath
    /// The compute shader's cell width in pixels (16, 32, 64, 128 or 256) for every batch, or nil to choose it from
    /// each batch's dab sizes (``StampRun/deviceCellsPerTileSide(diameter:)``): for benchmarks and tests.
    var deviceCellPixels: Int?
    /// Slots in each chunk of stamps made on the device (one of ``DeviceStamping/chunkSizes``): for benchmarks.
    var deviceChunkStamps = DeviceStamping.defaultChunkStamps {
        // Between bakes nothing is in flight: the next bake makes it anew.
        didSet { if deviceStamping?.chunkStamps != deviceChunkStamps { deviceStamping = nil } }
    }
    /// Strokes waiting to be stamped together by a kernel.
    private var run = StampRun()
    /// Strokes stamped so far (for tests of what an operation costs).
    private(set) var strokesStamped = 0
    /// Where the bakes' time went on this thread, since it was last reset.
    var hostTimes = BakeHostTimes()
    /// Told how much of long work is done, from 0 to 1, after each submission; returning false stops the work, which
    /// then throws ``VulkanError/cancelled``.
    var progress: ((Double) -> Bool)?

    /// Stamps recorded before a submission (bounds upload memory and submission size).
    static let batchStamps = 200_000
    /// Pixels stamped before a submission on a CPU device (about a second there): huge brushes submit, report
    /// progress and can be cancelled often however few their stamps.
    static let batchPixels = 64 << 20
    /// The same for the compute shader, which stamps 64 Mpx in milliseconds: held to the CPU's budget, batches of
    /// small dabs were too few stamps to bin on more than one or two cores or to keep the device busy.
    static let gpuBatchPixels = 2 << 30

    /// Whether `stamps` covering `pixels` fill a compute-shader batch.
    static func fillsGPUBatch(stamps: Int, pixels: Int) -> Bool { stamps >= batchStamps || pixels >= gpuBatchPixels }
    /// Tiles of one stroke stamped and composited at a time on the quad path: bounds the stroke layers' memory
    /// (2 layers × 16 tiles × 512 KiB) whatever the stroke's length.
    static let tilesPerChunk = 16

    /// Bakes with `stamping` (nil: the device's best).
    init(_ resources: RenderResources, stamping: StampingPath?) throws(VulkanError) {
        self.resources = resources
        let context = resources.context
        let kernel = try StampKernel.make(context, sampler: resources.pipelines.linearSampler)
        if let kernel {
            gpuStamping = try GPUStamping(context, kernel: kernel, textures: resources.brushTextures)
        } else {
            gpuStamping = nil
        }
        self.kernel = kernel
        cpuStamping = CPUStamping(context, textures: resources.brushTextures)
        self.stamping =
            stamping ?? (context.deviceType == "CPU" ? .cpuKernel : (gpuStamping == nil ? .raster : .gpuKernel))
    }

    /// Whether `stroke` goes through a stamping kernel (chartlet brushes are drawn as quads).
    func usesKernel(for stroke: Stroke) -> Bool {
        guard kernelsAvailable else { return false }
        if case .chartlet = stroke.brush { return false }
        return true
    }

    /// Whether a stroke in progress is stamped into its own layers by the host's kernel rather than drawn as quads:
    /// on a CPU device, where the rasteriser costs milliseconds a sample for a glow's big halo dabs.
    func stampsLiveOnHost(_ brush: AnyBrush) -> Bool {
        if case .chartlet = brush { return false }
        return stamping == .cpuKernel
    }

    /// Stamps `stamps` of the stroke in progress `stroke` into its own layers (``stampsLiveOnHost(_:)``): the body
    /// over what is there, the glow's halo keeping the larger value, both at full opacity as frames expect.
    func stampLive(_ stamps: [Stamp], of stroke: Stroke, into wet: StrokeBaker.WetStroke) throws(VulkanError) {
        // Most brushes have no halo: their stamps are binned once.
        let parts: [(TileLayer, StampRun.WetLayer)] =
            stamps.contains { $0.layer == .glowHalo } ? [(wet.halo, .halo), (wet.body, .body)] : [(wet.body, .body)]
        for (layer, part) in parts {
            var run = StampRun()
            run.append(stroke, stamps: stamps)
            let work = run.takeWork(
                for: layer, onlyTiles: nil, cellsPerTileSide: StampRun.hostCellsPerTileSide, onDevice: false,
                textures: resources.brushTextures, wet: part)
            if !work.tiles.isEmpty { try cpuStamping.stamp(work, into: layer) }
        }
    }

    /// Gives back the memory kept between bakes only to make the next one quicker (the compute shader's upload
    /// memory beyond its first blocks, the host kernel's work memory, the last binning's chunks); returns the bytes.
    /// Nothing may be in flight.
    func giveBackKeptMemory() -> Int {
        let bytes =
            (gpuStamping?.keptUploadBytes ?? 0) + cpuStamping.keptBytes + run.dropSpareChunks()
            + (deviceStamping?.keptBytes ?? 0)
        gpuStamping?.giveBackKeptMemory()
        deviceStamping?.giveBackKeptMemory()
        cpuStamping.giveBackKeptMemory()
        return bytes
    }

    private var kernelsAvailable: Bool { stamping == .cpuKernel || (stamping == .gpuKernel && gpuStamping != nil) }

    /// Stamps and composites `strokes` onto `target`, only within `onlyTiles` when given. `observer` hears of each
    /// stroke before it is stamped; the newest `undoCopies` strokes have their tiles copied for undo through it
    /// first (none when only some tiles are stamped). With `progress`, the ``progress`` handler hears of each
    /// submission as a fraction within that range.
    func bake(
        _ strokes: [Stroke], into target: TileLayer, onlyTiles: Set<TileKey>? = nil, observer: BakeObserver? = nil,
        undoCopies: Int = 0, progress range: ClosedRange<Double>? = nil
    ) throws(VulkanError) {
        if makesStampsOnDevice, stamping == .gpuKernel, let deviceStamping = try madeDeviceStamping() {
            let copied = observer != nil && onlyTiles == nil ? min(max(undoCopies, 0), strokes.count) : 0
            try bake(
                strokes, into: target, on: deviceStamping, onlyTiles: onlyTiles, observer: observer, undoCopies: copied,
                progress: range)
        } else {
            try bakeHostStamps(
                strokes, into: target, onlyTiles: onlyTiles, observer: observer, undoCopies: undoCopies,
                progress: range)
        }
    }

    /// Whether the device can make stamps from the samples (the compute kernel, doubles and 64-bit integers).
    var canMakeStampsOnDevice: Bool { kernel != nil && resources.context.supportsStrokeExpansion }

    /// ``deviceStamping``, made when first needed (its pipelines cost a CPU device's compiler a while).
    private func madeDeviceStamping() throws(VulkanError) -> DeviceStamping? {
        if deviceStamping == nil {
            deviceStamping = try DeviceStamping.make(
                resources.context, kernel: kernel, textures: resources.brushTextures, chunkStamps: deviceChunkStamps)
        }
        return deviceStamping
    }

    /// Bakes `strokes` with their stamps made on the device, batch by batch (the newest `undoCopies` one by one, each
    /// stroke's tiles copied for undo before it is stamped); a chartlet brush's stroke, and one the device leaves
    /// (too long for it, or not finished), is stamped the host's way in its turn.
    private func bake(
        _ strokes: [Stroke], into target: TileLayer, on device: DeviceStamping, onlyTiles: Set<TileKey>?,
        observer: BakeObserver?, undoCopies: Int, progress range: ClosedRange<Double>?
    ) throws(VulkanError) {
        defer { _ = try? device.finish() }
        let firstCopied = strokes.count - undoCopies
        var index = 0
        while index < strokes.count {
            let copies = index >= firstCopied
            // A batch runs to the next chartlet brush's stroke or the first copied for undo, which go alone.
            let end =
                copies
                ? index + 1 : min(strokes[index...].firstIndex { $0.brush.isChartlet } ?? strokes.count, firstCopied)
            var stamped =
                !strokes[index].brush.isChartlet
                ? try device.stamp(
                    strokes[index..<end], into: target, onlyTiles: onlyTiles, observer: observer,
                    copyingForUndo: copies) : 0
            strokesStamped += stamped
            if stamped == 0 {
                try bakeHostStamps(
                    [strokes[index]], into: target, onlyTiles: onlyTiles, observer: observer,
                    undoCopies: copies ? 1 : 0)
                stamped = 1
            }
            index += stamped
            try report(Double(index) / Double(strokes.count), in: range)
        }
        try device.finish()
        resources.commandsRan()
    }

    /// ``bake(_:into:onlyTiles:observer:undoCopies:progress:)`` with the stamps made on the host.
    private func bakeHostStamps(
        _ strokes: [Stroke], into target: TileLayer, onlyTiles: Set<TileKey>?, observer: BakeObserver?,
        undoCopies: Int, progress range: ClosedRange<Double>? = nil
    ) throws(VulkanError) {
        var pass = BakePass(baker: self, target: target, onlyTiles: onlyTiles)
        defer { pass.abandon() }
        let usesKernel = kernelsAvailable
        var source = StampSource(strokes, layer: target, buildsAhead: stamping == .gpuKernel && gpuStamping != nil)
        for (index, stroke) in strokes.enumerated() {
            strokesStamped += 1
            let waited = ContinuousClock.now
            let built = source.built(at: index)
            hostTimes.stamps += BakeHostTimes.seconds(since: waited)
            var touched = built.tiles
            if let onlyTiles { touched.formIntersection(onlyTiles) }
            try observer?.willStamp(stroke, reaching: touched)
            try Self.refuseTooManyTiles(touched, in: target)
            observer?.stamps(stroke, reaching: touched)
            let copiesForUndo = observer != nil && onlyTiles == nil && strokes.count - index <= undoCopies
            if usesKernel && built.drawnByKernels {
                if copiesForUndo, let observer {
                    try pass.stampQueued()
                    try pass.batch.record { commands throws(VulkanError) in
                        pass.batch.hold(try observer.copyForUndo(touched, before: stroke, commands))
                    }
                }
                run.append(stroke, stamps: built.stamps, coveredPixels: built.coveredPixels)
                if try pass.queued(coveredPixels: built.coveredPixels) {
                    try report(Double(index + 1) / Double(strokes.count), in: range)
                }
                continue
            }
            if stamping == .cpuKernel, target.scale == 1,
                let picture = PlacedPicture(stroke, stamps: built.stamps, png: pictureData(of: stroke))
            {
                // A fill's or an imported layer's picture on whole pixels at its own size: painted on the host.
                try pass.finish()
                if copiesForUndo, let observer {
                    var forgotten: [GPUImage] = []
                    try resources.context.submitAndWait { commands throws(VulkanError) in
                        forgotten = try observer.copyForUndo(touched, before: stroke, commands)
                    }
                    withExtendedLifetime(forgotten) {}
                }
                try cpuStamping.paint(
                    picture, tiles: touched.filter { picture.reaches($0, of: target) }.sorted(), into: target)
                try report(Double(index + 1) / Double(strokes.count), in: range)
                continue
            }
            try pass.stampQueued()
            // A long stroke goes tile group by tile group, so its layers never hold more than one group.
            let chunks = touched.sorted().chunked(Self.tilesPerChunk)
            for (chunkIndex, chunk) in chunks.enumerated() {
                let tiles = Set(chunk)
                let undo = copiesForUndo ? observer : nil
                if try pass.drawQuads(of: stroke, stamps: built.stamps, tiles: tiles, copyingFor: undo) {
                    let done = (Double(index) + Double(chunkIndex + 1) / Double(chunks.count)) / Double(strokes.count)
                    try report(done, in: range)
                }
            }
        }
        try pass.finish()
        trimKeptHostMemory()
        try report(1, in: range)
    }

    /// Host memory a bake leaves for the next at most (its binned chunks, and the host kernel's work memory): a
    /// stroke's bake fits in it, while a large bake's — an opening's, an import's, tens of MiB — goes back when it
    /// ends, not to weigh on what follows it (keeping the paint, making previews).
    static let keptHostBytes = 1 << 20

    /// Lets go of what the bake just ended keeps beyond ``keptHostBytes``.
    private func trimKeptHostMemory() {
        if cpuStamping.keptBytes > Self.keptHostBytes { cpuStamping.giveBackKeptMemory() }
        run.trimSpareChunks(toBytes: Self.keptHostBytes)
    }

    /// Refused before any of it is stamped, rather than after minutes of work and gigabytes of tiles. (Counted only
    /// when the stroke's tiles could be too many: looking each up costs more than stamping.)
    private static func refuseTooManyTiles(_ touched: Set<TileKey>, in target: TileLayer) throws(VulkanError) {
        if target.tiles.count + touched.count > TileLayer.maximumTiles,
            target.tiles.count + touched.reduce(0, { $0 + (target.tile($1) == nil ? 1 : 0) })
                > TileLayer.maximumTiles
        {
            throw target.tooManyTiles
        }
    }

    /// Tells the progress handler `fraction` of the work in `range` is done (nothing without a range); throws if
    /// it asks to stop.
    func report(_ fraction: Double, in range: ClosedRange<Double>?) throws(VulkanError) {
        guard let range, let progress else { return }
        if !progress(range.lowerBound + (range.upperBound - range.lowerBound) * min(max(fraction, 0), 1)) {
            throw .cancelled
        }
    }

    /// How many dabs `strokes` make.
    static func dabCount(_ strokes: [Stroke]) -> Int {
        strokes.reduce(0) { $0 + StampSource.stamps(of: $1, samples: $1.samples).count }
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

    /// One ``bake(_:into:onlyTiles:observer:undoCopies:progress:)``'s batches: what is recorded, what the device
    /// runs meanwhile, and when to submit.
    private struct BakePass {
        unowned let baker: PaintBaker
        let target: TileLayer
        let onlyTiles: Set<TileKey>?
        let batch: CommandBatch
        /// On a GPU, one submission of kernel work runs while the next is recorded.
        var inFlight: CommandBatch.Submission?
        /// On a GPU, a full batch's strokes being binned on other cores while the next batch is queued.
        var binning: BinningJob?
        var batchHasQuads = false
        var pixels = 0

        init(baker: PaintBaker, target: TileLayer, onlyTiles: Set<TileKey>?) {
            self.baker = baker
            self.target = target
            self.onlyTiles = onlyTiles
            batch = CommandBatch(baker.resources.context)
        }

        /// Waits for work in flight (a bake stopped by an error never leaves the device reading freed memory, nor
        /// binning running on).
        mutating func abandon() {
            _ = binning?.wait()
            _ = try? inFlight?.wait()
        }

        /// A stroke was queued for a kernel: submits when the batch is full; returns whether it did.
        mutating func queued(coveredPixels: Int) throws(VulkanError) -> Bool {
            pixels += coveredPixels
            let limit = baker.stamping == .gpuKernel ? PaintBaker.gpuBatchPixels : PaintBaker.batchPixels
            guard baker.run.stampCount >= PaintBaker.batchStamps || pixels >= limit else { return false }
            if let gpuStamping = baker.gpuStamping, baker.stamping == .gpuKernel, !batchHasQuads {
                // This batch is binned on other cores while the next is queued; the one binned before is recorded
                // and submitted meanwhile (binning already, while the device finishes the one before that). It is
                // laid out first, and written once this one's binning has started: the cores bin while it is written.
                let binned = takeBinned()
                binning = baker.run.startBinning(
                    grid: target.grid, onlyTiles: onlyTiles, cellsPerTileSide: deviceCellsPerTileSide,
                    textures: baker.resources.brushTextures)
                if let binned { try record(binned, on: gpuStamping) }
                try submitOverlapped()
            } else {
                try stampQueued()
                try flush()
            }
            batchHasQuads = false
            pixels = 0
            return true
        }

        /// Strokes queued for a kernel are stamped together; anything that must see the paint between strokes (an
        /// undo copy, a stroke the kernels do not draw) has them stamped first.
        mutating func stampQueued() throws(VulkanError) {
            if let gpuStamping = baker.gpuStamping { try recordBinned(on: gpuStamping) }
            guard !baker.run.isEmpty else { return }
            let textures = baker.resources.brushTextures
            if let gpuStamping = baker.gpuStamping, baker.stamping == .gpuKernel {
                let (side, onlyTiles) = (deviceCellsPerTileSide, onlyTiles)
                let work = timedBinning { run, target in
                    run.takeWork(
                        for: target, onlyTiles: onlyTiles, cellsPerTileSide: side, onDevice: true, textures: textures)
                }
                try record(work, on: gpuStamping)
            } else {
                let work = baker.run.takeWork(
                    for: target, onlyTiles: onlyTiles, cellsPerTileSide: StampRun.hostCellsPerTileSide,
                    onDevice: false, textures: textures)
                // The host reads the tiles: what is recorded before must have run.
                try flush()
                try baker.cpuStamping.stamp(work, into: target)
                baker.run.recycle(work.binnedChunks)
            }
        }

        /// The compute shader's cells per tile side for the queued strokes.
        private var deviceCellsPerTileSide: Int {
            baker.run.deviceCellsPerTileSide(cellPixels: baker.deviceCellPixels)
        }

        /// Records the batch being binned on other cores, if any, once its binning is done.
        private mutating func recordBinned(on gpuStamping: GPUStamping) throws(VulkanError) {
            if let work = takeBinned() { try record(work, on: gpuStamping) }
        }

        /// The work of the batch being binned on other cores, if any, laid out once its binning is done.
        private mutating func takeBinned() -> StampWork? {
            guard let binning else { return nil }
            self.binning = nil
            return timedBinning { run, target in run.work(from: binning, for: target) }
        }

        /// The work that `binned` gives (binning, or waiting for it, and laying it out), noting where the time went.
        private mutating func timedBinning(_ binned: (inout StampRun, TileLayer) -> StampWork) -> StampWork {
            let binning = ContinuousClock.now
            let (laidOut, binnedOnCores) = (baker.run.layoutSeconds, baker.run.binningCoreSeconds)
            let work = binned(&baker.run, target)
            baker.hostTimes.binning += BakeHostTimes.seconds(since: binning)
            baker.hostTimes.layout += baker.run.layoutSeconds - laidOut
            baker.hostTimes.binningOnCores += baker.run.binningCoreSeconds - binnedOnCores
            return work
        }

        /// Records `work` for the compute shader (written into upload memory) and keeps its chunks' memory for a
        /// later binning, noting the time.
        private mutating func record(_ work: StampWork, on gpuStamping: GPUStamping) throws(VulkanError) {
            let writing = ContinuousClock.now
            let target = target
            try batch.record(work: work.stampCount) { commands throws(VulkanError) in
                try gpuStamping.record(work, into: target, commands)
            }
            baker.run.recycle(work.binnedChunks)
            baker.hostTimes.writing += BakeHostTimes.seconds(since: writing)
        }

        /// Records `stamps` of `stroke` within `tiles` through its own layers, composited onto the target (its
        /// tiles first copied for undo through `undo`); submits when the batch is full and returns whether it did.
        mutating func drawQuads(of stroke: Stroke, stamps: [Stamp], tiles: Set<TileKey>, copyingFor undo: BakeObserver?)
            throws(VulkanError) -> Bool
        {
            batchHasQuads = true
            // What the GPU covers: each stamp's area at the layer's scale, at most the group's.
            let groupArea = Double(TileLayer.tileSize * TileLayer.tileSize) * Double(tiles.count)
            pixels += PaintBaker.coveredPixels(stamps, scale: target.scale, atMost: groupArea)
            let resources = baker.resources
            let (target, batch) = (target, batch)
            try batch.record(work: stamps.count) { commands throws(VulkanError) in
                let wet = StrokeBaker.WetStroke(brush: stroke.brush, like: target, pool: resources.wetTiles)
                try resources.strokeBaker.addStamps(
                    stamps, to: wet, textureIDs: stroke.chartletTextureIDs, onlyTiles: tiles, commands)
                if let undo { batch.hold(try undo.copyForUndo(tiles, before: stroke, commands)) }
                try resources.strokeBaker.composite(wet, onto: target, onlyTiles: tiles, commands)
                // Its tiles go back to the pool for the next group (the barriers order the reuse); any the pool
                // does not keep must live until the commands have run.
                batch.hold(wet.body.tileImages + wet.halo.tileImages)
            }
            guard batch.pendingWork >= PaintBaker.batchStamps || pixels >= PaintBaker.batchPixels else { return false }
            try flush()
            batchHasQuads = false
            pixels = 0
            return true
        }

        /// Stamps what is queued and submits everything, waiting for it.
        mutating func finish() throws(VulkanError) {
            try stampQueued()
            try flush()
        }

        /// Submits a batch of kernel work without waiting for it, once the one before it has run: the device works
        /// on one while the CPU prepares the next.
        private mutating func submitOverlapped() throws(VulkanError) {
            let submitting = ContinuousClock.now
            let submitted = try batch.submit()
            baker.hostTimes.submitting += BakeHostTimes.seconds(since: submitting)
            let waiting = ContinuousClock.now
            try inFlight?.wait()
            baker.hostTimes.deviceWait += BakeHostTimes.seconds(since: waiting)
            inFlight = submitted
            // The arena the finished submission read is free for the next batch.
            baker.gpuStamping?.turnArenas()
        }

        /// Submits the batch and waits for it and any submission before it, then empties the upload arenas.
        private mutating func flush() throws(VulkanError) {
            let submitting = ContinuousClock.now
            let submitted = try batch.submit()
            baker.hostTimes.submitting += BakeHostTimes.seconds(since: submitting)
            let waiting = ContinuousClock.now
            defer { baker.hostTimes.deviceWait += BakeHostTimes.seconds(since: waiting) }
            defer {
                // Never hand out memory the device may still read, whatever failed.
                _ = try? submitted?.wait()
                baker.resources.commandsRan()
                baker.gpuStamping?.resetArenas()
            }
            try inFlight?.wait()
            inFlight = nil
            try submitted?.wait()
        }
    }
}

extension PaintBaker {
    /// The PNG of a one-picture stroke's image (a fill's), if it is one.
    func pictureData(of stroke: Stroke) -> Data? {
        guard case .chartlet(let brush) = stroke.brush, brush.keepsProportions, let id = brush.textureIDs.first else {
            return nil
        }
        return resources.chartletImages.source()[id]
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
