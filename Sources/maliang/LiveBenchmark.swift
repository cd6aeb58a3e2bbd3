import Foundation
import MaLiangCore
import MaLiangVulkan

/// `maliang bench live TRACE [--brush NAME]`: what showing a stroke in progress costs a sample — the recording's
/// strokes drawn live with a toolbar brush (each sample's stamps added to the stroke's own layers, as the window
/// does while the pen moves), by the host's kernel and as rasterised quads, rounds alternating — and what the
/// document's receiving each stroke at pen-up costs (it is stamped into the paint again, by the kernel).
enum LiveBenchmark {
    static func run(_ arguments: [String]) throws {
        var brushName = "glow"
        var rest = arguments[...]
        var tracePath: String?
        while let argument = rest.popFirst() {
            if argument == "--brush", let name = rest.popFirst() {
                brushName = name
            } else if tracePath == nil {
                tracePath = argument
            } else {
                throw UsageError("usage: maliang bench live TRACE [--brush NAME]")
            }
        }
        guard let tracePath, let brush = BrushPresets.brush(named: brushName) else {
            throw UsageError(
                "usage: maliang bench live TRACE [--brush \(BrushPresets.names.joined(separator: "|"))]")
        }
        let trace = try MyPaintTrace(contentsOf: URL(fileURLWithPath: tracePath))
        let context = try VulkanContext()
        print("\(brushName), \(trace.sampleCount) samples, on \(context.deviceName)")
        var times: [StampingPath: (samples: [Double], penUps: [Double])] = [:]
        let paths: [StampingPath] = [.cpuKernel, .raster]
        for round in 0..<4 {
            for path in paths {
                let measured = try replay(trace, brush: brush, stamping: path, context: context)
                // The first round warms up (pipelines, pools, the first tiles).
                if round > 0 {
                    times[path, default: ([], [])].samples += measured.samples
                    times[path, default: ([], [])].penUps += measured.penUps
                }
            }
        }
        for path in paths {
            guard let measured = times[path] else { continue }
            print(
                "\(path.rawValue): a sample's stamps shown in \(summary(measured.samples)); "
                    + "a stroke received at pen-up in \(summary(measured.penUps))")
        }
    }

    /// p50, p90, p99 and the count, in milliseconds.
    static func summary(_ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return "nothing" }
        func percentile(_ p: Double) -> Double { sorted[min(Int(Double(sorted.count - 1) * p), sorted.count - 1)] }
        return String(
            format: "p50 %.3f ms, p90 %.3f ms, p99 %.3f ms (%d)", percentile(0.5) * 1000, percentile(0.9) * 1000,
            percentile(0.99) * 1000, sorted.count)
    }

    /// The seconds each sample with stamps took to show, and each stroke to be received at pen-up.
    static func replay(_ trace: MyPaintTrace, brush: AnyBrush, stamping: StampingPath, context: VulkanContext)
        throws -> (samples: [Double], penUps: [Double])
    {
        let document = try Document(size: Size(width: 1100, height: 900))
        let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
        var seconds: [Double] = []
        var penUps: [Double] = []
        func elapsed(since start: ContinuousClock.Instant) -> Double {
            let duration = ContinuousClock.now - start
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        for (index, samples) in trace.strokes.enumerated() {
            var stroke = Stroke(id: document.makeElementID(), brush: brush, seed: UInt64(index), samples: [])
            var builder = stroke.makeBuilder()
            canvas.beginLiveStroke(stroke)
            for sample in samples {
                var stamps: [Stamp] = []
                if let stored = stroke.samples.append(sample) { builder.add(stored, into: &stamps) }
                guard !stamps.isEmpty else { continue }
                let start = ContinuousClock.now
                try canvas.addLiveStamps(stamps)
                seconds.append(elapsed(since: start))
            }
            try canvas.addLiveStamps(builder.finish())
            let start = ContinuousClock.now
            try canvas.apply(document.append(.stroke(stroke)))
            penUps.append(elapsed(since: start))
        }
        return (seconds, penUps)
    }
}
