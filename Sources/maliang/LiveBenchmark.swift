import Foundation
import MaLiangCore
import MaLiangVulkan

/// `maliang bench live TRACE [--brush NAME]`: what showing a stroke in progress costs a sample — the recording's
/// strokes drawn live with a toolbar brush (each sample's stamps added to the stroke's own layers, as the window
/// does while the pen moves), by the host's kernel and as rasterised quads, rounds alternating.
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
        var times: [StampingPath: [Double]] = [:]
        let paths: [StampingPath] = [.cpuKernel, .raster]
        for round in 0..<4 {
            for path in paths {
                let measured = try replay(trace, brush: brush, stamping: path, context: context)
                // The first round warms up (pipelines, pools, the first tiles).
                if round > 0 { times[path, default: []] += measured }
            }
        }
        for path in paths {
            let sorted = (times[path] ?? []).sorted()
            guard !sorted.isEmpty else { continue }
            func percentile(_ p: Double) -> Double { sorted[min(Int(Double(sorted.count - 1) * p), sorted.count - 1)] }
            print(
                String(
                    format: "%@: a sample's stamps shown in p50 %.3f ms, p90 %.3f ms, p99 %.3f ms (%d samples)",
                    path.rawValue, percentile(0.5) * 1000, percentile(0.9) * 1000, percentile(0.99) * 1000,
                    sorted.count))
        }
    }

    /// The seconds each sample with stamps took to show, every stroke drawn live and dropped.
    static func replay(_ trace: MyPaintTrace, brush: AnyBrush, stamping: StampingPath, context: VulkanContext)
        throws -> [Double]
    {
        let document = try Document(size: Size(width: 1100, height: 900))
        let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
        var seconds: [Double] = []
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
                let elapsed = ContinuousClock.now - start
                seconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
            }
            try canvas.addLiveStamps(builder.finish())
            canvas.cancelLiveStroke()
        }
        return seconds
    }
}
