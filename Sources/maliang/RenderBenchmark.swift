import Foundation
import MaLiangCore
import MaLiangVulkan

/// `maliang bench render TRACE`: figures for the renderer on whatever Vulkan device is chosen.
enum RenderBenchmark {
    static let usage =
        "usage: maliang bench render [--stamping raster|gpu-kernel|cpu-kernel] [--cell-pixels 16|32|64|128|256] "
        + "[--chunk-stamps N,...] [--radii R,...] [--dabs-only | --frames-only | --host-only [--timeline FILE] | --kernel-only] TRACE [LARGE_STROKES]"

    static func run(_ arguments: [String]) throws {
        var positional: [String] = []
        var stamping: StampingPath?
        var cellPixels: Int?
        var chunkSizes = [CanvasRenderer.defaultDeviceChunkStamps]
        var radii: [Double] = [2, 8, 32, 128]
        var dabsOnly = false
        var framesOnly = false
        var hostOnly = false
        var kernelOnly = false
        var timelinePath: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--stamping":
                guard let value = remaining.popFirst(), let path = StampingPath(rawValue: value) else {
                    throw UsageError(usage)
                }
                stamping = path
            case "--cell-pixels":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), [16, 32, 64, 128, 256].contains(value)
                else { throw UsageError("--cell-pixels takes 16, 32, 64, 128 or 256") }
                cellPixels = value
            case "--chunk-stamps":
                let values = remaining.popFirst()?.split(separator: ",").compactMap { Int($0) } ?? []
                guard !values.isEmpty, values.allSatisfy(CanvasRenderer.deviceChunkSizes.contains) else {
                    throw UsageError("--chunk-stamps takes 16, 32 or 64, separated by commas")
                }
                chunkSizes = values
            case "--radii":
                let values = remaining.popFirst()?.split(separator: ",").compactMap { Double($0) } ?? []
                guard !values.isEmpty, values.allSatisfy({ $0 > 0 && $0 <= 512 }) else {
                    throw UsageError("--radii takes radii in (0, 512] separated by commas")
                }
                radii = values
            case "--dabs-only":
                dabsOnly = true
            case "--frames-only":
                framesOnly = true
            case "--host-only":
                hostOnly = true
            case "--kernel-only":
                kernelOnly = true
            case "--timeline":
                guard let value = remaining.popFirst() else { throw UsageError("--timeline takes a file") }
                timelinePath = value
            default:
                positional.append(argument)
            }
        }
        guard let path = positional.first else { throw UsageError(usage) }
        let large =
            try positional.dropFirst().first.map { text -> Int in
                guard let count = Int(text), count > 10 else { throw UsageError("LARGE_STROKES must be above 10") }
                return count
            } ?? 10_000
        let trace = try MyPaintTrace(contentsOf: URL(fileURLWithPath: path))
        let context = try VulkanContext()
        print("device: \(context.deviceName) (\(context.deviceType))")
        // A timeline that cannot be written says so before the measuring, not after it.
        if let timelinePath, fopen(timelinePath, "w").map({ fclose($0) }) == nil {
            throw UsageError("--timeline: cannot write \(timelinePath): \(String(cString: strerror(errno)))")
        }
        if hostOnly {
            return try hostShares(
                trace, radii: radii, cellPixels: cellPixels, timelinePath: timelinePath, context: context)
        }
        guard timelinePath == nil else { throw UsageError("--timeline goes with --host-only") }
        if kernelOnly { return try kernelTimes(trace, radii: radii, cellPixels: cellPixels, context: context) }
        if !framesOnly {
            try dabRates(
                trace, radii: radii, stamping: stamping, cellPixels: cellPixels, chunkSizes: chunkSizes,
                context: context)
        }
        if !dabsOnly { try frameAndUndo(strokeCounts: [10, large], stamping: stamping, context: context) }
    }

    /// The host's share of a compute-shader bake alone, for each radius: the recording replayed into one layer for
    /// about a second, its stamps made, binned and written as for the device, which does nothing. With
    /// `timelinePath`, each thread's intervals of work are written there too (a line each: radius, thread, step,
    /// start and end in nanoseconds), with a line of how many threads were at work.
    static func hostShares(
        _ trace: MyPaintTrace, radii: [Double], cellPixels: Int?, timelinePath: String?, context: VulkanContext
    ) throws {
        var timelineText = "radius thread step start_ns end_ns\n"
        for radius in radii {
            let (canvas, strokes) = try roundBrushReplay(trace, radius: radius, context: context)
            canvas.deviceCellPixels = cellPixels
            let once = canvas.measureHostShare(strokes, passes: 1)
            let passes = min(max(Int(1 / max(once.secondsPerPass, 1e-6)), 4), 2000)
            let share = canvas.measureHostShare(strokes, passes: passes, timeline: timelinePath != nil)
            let percent = { (seconds: Double) in 100 * seconds / share.seconds }
            print(
                String(
                    format: "radius %3.0f, the host's share (making, binning, writing; no device): %.3f ms a pass "
                        + "(%d passes), %.1f ns a dab, %.1f cores busy: at most %.1f Mpx/s; the baking thread "
                        + "waiting for stamps %.0f %%, for binning (and laying it out) %.0f %%, writing %.0f %%; "
                        + "binning %.1f ns a dab of the cores' time",
                    radius, share.secondsPerPass * 1e3, passes, share.secondsPerDab * 1e9, share.coresBusy,
                    Double.pi * radius * radius / share.secondsPerDab / 1e6, percent(share.times.stamps),
                    percent(share.times.binning), percent(share.times.writing), share.binningPerDab * 1e9))
            guard timelinePath != nil else { continue }
            printThreadsAtWork(share.timeline, radius: radius)
            for interval in share.timeline {
                timelineText +=
                    "\(Int(radius)) \(interval.thread) \(interval.step.rawValue) \(interval.start) \(interval.end)\n"
            }
        }
        if let timelinePath {
            try timelineText.write(toFile: timelinePath, atomically: true, encoding: .utf8)
        }
    }

    /// The compute shader alone, for each radius: the recording's work binned once and submitted again and again
    /// (``CanvasRenderer/measureKernel(_:rounds:roundSeconds:)``), the device's time a dab at best and at the
    /// median of the rounds, and the rate the device alone would stamp at best.
    static func kernelTimes(_ trace: MyPaintTrace, radii: [Double], cellPixels: Int?, context: VulkanContext) throws {
        let rounds = 15
        for radius in radii {
            let (canvas, strokes) = try roundBrushReplay(trace, radius: radius, context: context)
            canvas.stamping = .gpuKernel
            canvas.deviceCellPixels = cellPixels
            guard let times = try canvas.measureKernel(strokes, rounds: rounds) else {
                throw UsageError("--kernel-only: this device has no compute shader to time")
            }
            guard !times.isEmpty else { throw UsageError("--kernel-only: the recording makes no dabs to time") }
            let sorted = times.sorted()
            print(
                String(
                    format: "radius %3.0f, the compute shader alone (%d rounds of the same work): %.2f ns a dab at "
                        + "best, %.2f at the median: at most %.1f Mpx/s", radius, rounds, sorted[0] * 1e9,
                    sorted[sorted.count / 2] * 1e9, Double.pi * radius * radius / sorted[0] / 1e6))
        }
    }

    /// How many threads were at work through a recorded bake, and what its baking thread spent its time on.
    static func printThreadsAtWork(_ timeline: [BakeTimeline.Interval], radius: Double) {
        let shares = timeline.threadsAtWork
        let mean = shares.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
        let most = shares.indices.last ?? 0
        let steps = BakeTimeline.Step.allCases.filter { !$0.isWork }.map {
            String(format: "%@ %.0f %%", $0.rawValue, 100 * timeline.bakingThreadShare($0))
        }
        print(
            String(
                format: "radius %3.0f timeline: %.1f threads at work on average of %d, none %.0f %% of the time; "
                    + "the baking thread %@",
                radius, mean, most, 100 * (shares.first ?? 0), steps.joined(separator: ", ")))
    }

    /// Dabs per second and covered megapixels per second replaying the trace with a round brush of each radius,
    /// two dabs per radius (libmypaint's default spacing), fixed size so coverage is dabs × πr². `cellPixels` fixes
    /// the compute shader's cell width (nil: chosen per batch); stamps made on the device are measured in chunks of
    /// each of `chunkSizes`.
    static func dabRates(
        _ trace: MyPaintTrace, radii: [Double], stamping: StampingPath?, cellPixels: Int?, chunkSizes: [Int],
        context: VulkanContext
    ) throws {
        var sustained: [(Double, CanvasRenderer, [Stroke], Int)] = []
        for radius in radii {
            let (canvas, strokes) = try roundBrushReplay(trace, radius: radius, context: context)
            if let stamping { canvas.stamping = stamping }
            // The host's stamps first; those made on the device are measured beside them.
            canvas.makesStampsOnDevice = false
            canvas.deviceCellPixels = cellPixels
            if radius == radii.first {
                print("stamping: \(canvas.stamping.rawValue)" + (cellPixels.map { ", cells \($0) px" } ?? ""))
            }
            _ = try canvas.measurePasses(strokes, freshLayers: true, seconds: 0)  // warm-up: pipelines, allocations
            let fresh = try canvas.measurePasses(strokes, freshLayers: true, seconds: 1)
            let coverage = Double(fresh.dabs) * Double.pi * radius * radius / 1e6
            print(
                String(
                    format: "radius %3.0f: %8.0f dabs/s, %7.1f Mpx/s covered (%d dabs × %d passes, %.2f s)", radius,
                    Double(fresh.dabs) / fresh.seconds, coverage / fresh.seconds, fresh.dabs / fresh.passes,
                    fresh.passes, fresh.seconds))
            if canvas.stamping == .gpuKernel {
                // A pass's wall time, and where its baking thread's time went (the rest: making the strokes'
                // bookkeeping, the layer's tiles and the submissions); then the same into tiles that exist, as a
                // finished stroke is baked into the document's layer.
                print("  a pass into a fresh layer: " + passBreakdown(fresh))
                let existing = try canvas.measurePasses(strokes, freshLayers: false, seconds: 0.5)
                let rate = Double(existing.dabs) * Double.pi * radius * radius / 1e6 / existing.seconds
                print(String(format: "  a pass into tiles that exist, %.1f Mpx/s: ", rate) + passBreakdown(existing))
                canvas.makesStampsOnDevice = true
                for chunkStamps in chunkSizes where canvas.makesStampsOnDevice {
                    // The same with the stamps made on the device from the samples.
                    canvas.deviceChunkStamps = chunkStamps
                    _ = try canvas.measurePasses(strokes, freshLayers: true, seconds: 0)
                    let fresh = try canvas.measurePasses(strokes, freshLayers: true, seconds: 0.5)
                    let existing = try canvas.measurePasses(strokes, freshLayers: false, seconds: 0.5)
                    let covered = {
                        (run: (dabs: Int, passes: Int, seconds: Double, busySeconds: Double?, host: BakeHostTimes)) in
                        Double(run.dabs) * Double.pi * radius * radius / 1e6 / run.seconds
                    }
                    let busy = {
                        (run: (dabs: Int, passes: Int, seconds: Double, busySeconds: Double?, host: BakeHostTimes)) in
                        run.busySeconds.map { String(format: " (device busy %.3f ms)", $0 * 1e3 / Double(run.passes)) }
                            ?? ""
                    }
                    let (levels, psnr, made) = try deviceMadePixelsDiffer(
                        strokes, pageSize: canvas.document.size, chunkStamps: chunkStamps, context: context)
                    print(
                        String(
                            format: "  stamps made on the device, chunks of %d (a pass at 1.5×, %d of %d strokes made "
                                + "there, within %.2f levels of the host-made stamps', %.0f dB): a pass into a fresh "
                                + "layer %.1f Mpx/s, %.3f ms%@; into tiles that exist %.1f Mpx/s, %.3f ms%@",
                            chunkStamps, made, strokes.count, levels, psnr,
                            covered(fresh),
                            fresh.seconds * 1e3 / Double(fresh.passes), busy(fresh), covered(existing),
                            existing.seconds * 1e3 / Double(existing.passes), busy(existing)))
                }
                canvas.makesStampsOnDevice = false
            }
            let passes = fresh.passes
            sustained.append((radius, canvas, strokes, passes))
        }
        // Then the device kept busy: many passes into one layer, as many strokes per submission as a batch takes —
        // the second such bake (the first makes the upload memory, and is printed after).
        for (radius, canvas, strokes, passes) in sustained {
            let run = try canvas.measureSustainedReplay(strokes, passes: max(passes, 4))
            let coverage = Double(run.dabs) * Double.pi * radius * radius / 1e6
            let busy =
                run.busySeconds.map {
                    String(format: ", device busy %.3f s (%.0f %%)", $0, 100 * $0 / max(run.seconds, 1e-9))
                } ?? ""
            print(
                String(
                    format: "radius %3.0f sustained: %7.1f Mpx/s covered (%d dabs in one layer, %.2f s%@); "
                        + "first bake of this size %.1f Mpx/s", radius, coverage / run.seconds, run.dabs, run.seconds,
                    busy, coverage / run.coldSeconds))
            // The compute shader's bakes say where their host time goes (the host's kernel stamps on this thread).
            guard canvas.stamping == .gpuKernel else { continue }
            let host = run.host
            print(
                String(
                    format:
                        "  its host thread: waiting for stamps %.3f s, for binning %.3f s (laying out %.3f s; the "
                        + "cores' time binning %.3f s), writing %.3f s, waiting for the device %.3f s", host.stamps,
                    host.binning, host.layout, host.binningOnCores, host.writing, host.deviceWait))
            let making = canvas.measureStampMaking(strokes, passes: max(passes, 16))
            print(
                String(
                    format: "  making the stamps alone (no binning, no device): %.3f ms a pass on every core, %.3f ms "
                        + "on one (the sustained bake: %.3f ms a pass)", making.allCores * 1e3, making.oneCore * 1e3,
                    run.seconds / Double(max(passes, 4)) * 1e3))
            // What the host alone allows, whatever the device: the bound on the sustained rate at small radii.
            let share = canvas.measureHostShare(strokes, passes: max(passes, 16))
            let bound = Double.pi * radius * radius / share.secondsPerDab / 1e6
            print(
                String(
                    format: "  the host's share alone (making, binning, writing; no device): %.3f ms a pass, %.1f ns "
                        + "a dab, %.1f cores busy: at most %.1f Mpx/s", share.secondsPerPass * 1e3,
                    share.secondsPerDab * 1e9, share.coresBusy, bound))
            if let expansion = try canvas.measureStrokeExpansion(strokes, passes: max(passes, 16)) {
                print(
                    String(
                        format: "  made on the device instead (Shaders/expand.comp, %d passes at once): %.3f ms a pass "
                            + "of device time (%.0f M stamps/s), laying the strokes out %.3f ms a pass on one core; "
                            + "%d of %d strokes agree with the host (centres within %.4f px)",
                        expansion.passes, expansion.deviceSeconds * 1e3,
                        Double(expansion.stamps) / max(expansion.deviceSeconds, 1e-12) / 1e6,
                        expansion.layoutSeconds * 1e3, expansion.agreeing, expansion.strokes, expansion.largestOffset)
                        + (expansion.firstDifference.map { "; first difference: \($0)" } ?? ""))
            }
            canvas.makesStampsOnDevice = true
            for chunkStamps in chunkSizes where canvas.makesStampsOnDevice {
                canvas.deviceChunkStamps = chunkStamps
                canvas.deviceStampingTimes = (0, 0, 0)
                let made = try canvas.measureSustainedReplay(strokes, passes: max(passes, 4))
                let times = canvas.deviceStampingTimes
                print(
                    String(
                        format: "  stamps made on the device, chunks of %2d: %7.1f Mpx/s covered (%.2f s%@); first "
                            + "bake of this size %.1f Mpx/s; the host laying strokes out %.3f s, listing tiles' "
                            + "chunks %.3f s, waiting for the device %.3f s (both bakes)", chunkStamps,
                        coverage / made.seconds * Double(made.dabs)
                            / Double(run.dabs), made.seconds,
                        made.busySeconds.map {
                            String(format: ", device busy %.3f s (%.0f %%)", $0, 100 * $0 / max(made.seconds, 1e-9))
                        } ?? "", coverage / made.coldSeconds * Double(made.dabs) / Double(run.dabs), times.layout,
                        times.listing, times.waiting))
            }
            canvas.makesStampsOnDevice = false
        }
    }

    /// A canvas for the recording replayed with ``roundBrush(radius:)`` — a page just larger than the recording's
    /// reach — and the recording's strokes with that brush.
    static func roundBrushReplay(_ trace: MyPaintTrace, radius: Double, context: VulkanContext) throws
        -> (CanvasRenderer, [Stroke])
    {
        let brush = AnyBrush.brush(roundBrush(radius: radius))
        let document = try Document(size: Size(width: 816 + radius * 2, height: 623 + radius * 2))
        let strokes = trace.strokes.enumerated().map { index, samples in
            Stroke(id: ElementID(Int64(index + 1)), brush: brush, seed: UInt64(index), samples: samples)
        }
        return (try CanvasRenderer(document: document, context: context), strokes)
    }

    /// The benchmarks' round brush of `radius`: two dabs a radius apart, as libmypaint's default spacing.
    static func roundBrush(radius: Double) -> Brush {
        Brush(
            name: "round", hardness: 0.6, opacity: 1, flow: 0.5, pointSize: radius * 2, pointStep: 0.25,
            spacingRelativeToSize: true)
    }

    /// How far a pass of `strokes` exported at 1.5× with the stamps made on the device is from the host-made
    /// stamps': the largest difference in 8-bit levels, the PSNR in dB, and how many strokes the device made.
    static func deviceMadePixelsDiffer(
        _ strokes: [Stroke], pageSize: Size, chunkStamps: Int, context: VulkanContext
    ) throws -> (Double, Double, Int) {
        let drawing = try Document(size: pageSize)
        for stroke in strokes { _ = drawing.append(.stroke(stroke)) }
        let canvas = try CanvasRenderer(document: drawing, context: context, undo: false, stamping: .gpuKernel)
        canvas.makesStampsOnDevice = false
        let host = try canvas.export(scale: 1.5, bitDepth: 16)
        canvas.makesStampsOnDevice = true
        canvas.deviceChunkStamps = chunkStamps
        let device = try canvas.export(scale: 1.5, bitDepth: 16)
        let (psnr, largest) = device.difference(from: host)
        return (largest, psnr, canvas.strokesMadeOnDevice)
    }

    /// A pass's wall time, the device's busy time, and where the baking thread's time went, each a pass.
    static func passBreakdown(
        _ run: (dabs: Int, passes: Int, seconds: Double, busySeconds: Double?, host: BakeHostTimes)
    ) -> String {
        let perPass = 1000 / Double(run.passes)
        let host = run.host
        return String(
            format: "%.3f ms%@; waiting for stamps %.3f ms, binning %.3f ms, writing %.3f ms (the tiles made "
                + "there), submitting %.3f ms, waiting for the device %.3f ms", run.seconds * perPass,
            run.busySeconds.map { String(format: " (device busy %.3f ms)", $0 * perPass) } ?? "",
            host.stamps * perPass, host.binning * perPass, host.writing * perPass, host.submitting * perPass,
            host.deviceWait * perPass)
    }

    /// One 1920×1080 display frame and one undo, with a small and a large document.
    static func frameAndUndo(strokeCounts: [Int], stamping: StampingPath?, context: VulkanContext) throws {
        for count in strokeCounts {
            let document = try Document(size: Size(width: 1920, height: 1080))
            var random = SystemRandomNumberGenerator()
            let brush = BrushPresets.brush(named: "pen") ?? .brush(Brush())
            for index in 0..<count {
                // A few strokes sweep the whole page, so both documents cover the same tiles; many are short.
                let samples =
                    count <= 100
                    ? (0..<400).map { step in
                        let y = (Double(index) + 0.5) * 1080 / Double(count)
                        return InputSample(
                            position: Point(x: 10 + Double(step) * 4.75, y: y + sin(Double(step) / 8) * 40),
                            pressure: 0.6, time: UInt64(step) * 8000)
                    }
                    : shortStroke(using: &random)
                document.append(
                    .stroke(Stroke(id: document.makeElementID(), brush: brush, seed: UInt64(index), samples: samples)))
            }
            let loadStart = ContinuousClock.now
            let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
            let load = ContinuousClock.now - loadStart
            let view = ViewTransform()
            _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
            let frames = try (0..<10).map { _ in try canvas.measureFrame(view: view, width: 1920, height: 1080) }
                .sorted()
            // The same view drawn rather than copied, and a zoom that has to be drawn.
            let drawn = try (0..<10).map { _ in
                try canvas.measureFrame(view: view, width: 1920, height: 1080, copies: false)
            }.sorted()
            func medianFrame(scale: Double, mirrored: Bool = false) throws -> Double {
                // Centred on the page, as a zoom about the window's middle leaves it.
                var view = ViewTransform(scale: scale, offsetX: 960 * (1 - scale), offsetY: 540 * (1 - scale))
                if mirrored { view = view.flipped(aboutX: 960) }
                return try (0..<10).map { _ in try canvas.measureFrame(view: view, width: 1920, height: 1080) }
                    .sorted()[5]
            }
            let zoomed = try medianFrame(scale: 0.8)
            let magnified = try medianFrame(scale: 1.5)
            let shrunk = try medianFrame(scale: 0.3)
            let mirrored = try medianFrame(scale: 1, mirrored: true)
            let mirroredZoomed = try medianFrame(scale: 0.8, mirrored: true)
            // Undo the last strokes, one at a time, then redo them.
            var undos: [Double] = []
            var redos: [Double] = []
            for _ in 0..<5 {
                let start = ContinuousClock.now
                try canvas.apply(document.undo())
                undos.append(seconds(ContinuousClock.now - start))
            }
            for _ in 0..<5 {
                let start = ContinuousClock.now
                try canvas.apply(document.redo())
                redos.append(seconds(ContinuousClock.now - start))
            }
            print(
                String(
                    format:
                        "%5d strokes: load %.2f s; frame 1920×1080 median %.2f ms; undo median %.2f ms; redo median %.2f ms; "
                        + "%d tiles; frame drawn, not copied %.2f ms; at 0.8× %.2f ms; at 1.5× %.2f ms; at 0.3× %.2f ms; "
                        + "mirrored at 1:1 %.2f ms, at 0.8× %.2f ms",
                    count, seconds(load), frames[frames.count / 2] * 1000, undos.sorted()[2] * 1000,
                    redos.sorted()[2] * 1000, canvas.paintTileCount, drawn[5] * 1000, zoomed * 1000, magnified * 1000,
                    shrunk * 1000, mirrored * 1000, mirroredZoomed * 1000))
            try layerCosts(canvas, document, strokes: count)
        }
    }

    /// What layers cost on the same document: a second layer made and painted on, its whole page composed again when
    /// the first layer's opacity changes, its undo, and a frame of the two.
    static func layerCosts(_ canvas: CanvasRenderer, _ document: Document, strokes: Int) throws {
        func timed(_ changes: () -> [DocumentChange]) throws -> Double {
            let start = ContinuousClock.now
            try canvas.apply(changes())
            return seconds(ContinuousClock.now - start)
        }
        let top = Layer(id: document.makeLayerID(), name: "Wash", blend: .multiply)
        let added = try timed { document.addLayer(top) }
        let samples = (0..<200).map { step in
            InputSample(position: Point(x: 20 + Double(step) * 9.4, y: 540), pressure: 0.8, time: UInt64(step) * 8000)
        }
        let stroke = Stroke(
            id: document.makeElementID(), brush: BrushPresets.brush(named: "marker") ?? .brush(Brush()), seed: 1,
            samples: samples, layer: top.id)
        let painted = try timed { document.append(.stroke(stroke)) }
        var fades: [Double] = []
        for _ in 0..<3 {
            fades.append(try timed { document.updateLayer(.first) { $0.opacity = 0.5 } })
            fades.append(try timed { document.undo() })
        }
        let view = ViewTransform()
        _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
        let frames = try (0..<10).map { _ in try canvas.measureFrame(view: view, width: 1920, height: 1080) }.sorted()
        print(
            String(
                format:
                    "%5d strokes, 2 layers: new layer %.2f ms; a stroke on it %.2f ms; the first layer faded or back "
                    + "median %.2f ms (%d paint tiles); frame 1920×1080 median %.2f ms",
                strokes, added * 1000, painted * 1000, fades.sorted()[fades.count / 2] * 1000,
                canvas.paintTileCount, frames[frames.count / 2] * 1000))
    }

    /// Twelve samples somewhere on a 1920×1080 page.
    static func shortStroke(using random: inout SystemRandomNumberGenerator) -> [InputSample] {
        let x = Double.random(in: 40...1880, using: &random)
        let y = Double.random(in: 40...1040, using: &random)
        return (0..<12).map { step in
            InputSample(
                position: Point(x: x + Double(step) * 3, y: y + sin(Double(step)) * 6), pressure: 0.6,
                time: UInt64(step) * 8000)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
