import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// `maliang bench fill`: taps filling a closed shape that covers most of a 4096×3072 page, and a 600×400 one — the
/// layer's lines read from its tiles, the region found (gaps closed, grown under the lines), the fill made and stamped — each step
/// timed.
enum FillBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError("usage: maliang bench fill") }
        let context = try VulkanContext()
        print("device: \(context.deviceName) (\(context.deviceType))")
        let document = try Document(size: Size(width: 4096, height: 3072))
        let session = EditingSession(document: document, toolbar: false)
        let pen = BrushPresets.brush(named: "pen") ?? .brush(Brush())
        // Around most of the page, and a 600×400 rectangle inside it.
        let page = [(40.0, 40.0), (4056.0, 40.0), (4056.0, 3032.0), (40.0, 3032.0), (40.0, 40.0)]
        let small = [(1000.0, 1000.0), (1600.0, 1000.0), (1600.0, 1400.0), (1000.0, 1400.0), (1000.0, 1000.0)]
        for (from, to) in Array(zip(page, page.dropFirst())) + Array(zip(small, small.dropFirst())) {
            let samples = (0...200).map { step in
                let t = Double(step) / 200
                return InputSample(
                    position: Point(x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t), pressure: 0.8,
                    time: UInt64(step) * 8000)
            }
            _ = session.addStroke(samples, brush: pen)
        }
        let canvas = try CanvasRenderer(document: document, context: context)
        let taps = [
            (2000, 300, FillSettings(gapClosing: 0, grow: 0)), (2000, 300, FillSettings()),
            (1300, 1200, FillSettings()),
        ]
        for (seedX, seedY, settings) in taps {
            var times: [(String, Double)] = []
            var clock = ContinuousClock.now
            func lap(_ name: String) {
                let now = ContinuousClock.now
                times.append((name, RenderBenchmark.seconds(now - clock) * 1000))
                clock = now
            }
            let lines = try canvas.fillLines(
                layer: session.currentLayer, seedX: seedX, seedY: seedY, tolerance: settings.tolerance)
            lap("lines read")
            let region = try FloodFill.region(lines: lines, seedX: seedX, seedY: seedY, settings: settings).get()
            lap("region found")
            let effects = session.addFill(region)
            lap("fill made")
            try canvas.apply(effects.changes)
            lap("stamped")
            let total = times.reduce(0) { $0 + $1.1 }
            let steps = times.map { String(format: "%@ %.0f", $0.0, $0.1) }.joined(separator: ", ")
            print(
                String(
                    format: "fill of %d pixels, gaps %d px, grow %d px: %.0f ms (%@ ms)", region.count,
                    settings.gapClosing, settings.grow, total, steps))
            // Taken back, so the next tap finds the page as it was.
            try canvas.apply(document.undo())
        }
    }
}
