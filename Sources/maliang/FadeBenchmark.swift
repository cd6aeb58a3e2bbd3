import Foundation
import MaLiangCore
import MaLiangVulkan

/// `maliang bench fade`: what a layer's opacity slider costs on a full 4096×4096 page — two layers painted edge to
/// edge (every tile of both), the lower one faded step by step as a drag does, each step applied and a 1920×1080
/// frame drawn at the fitted view, then at 1:1; then its blend mode changed (re-blending).
enum FadeBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError("usage: maliang bench fade") }
        let context = try VulkanContext()
        print("device: \(context.deviceName) (\(context.deviceType))")
        let side = 4096.0
        let document = try Document(size: Size(width: side, height: side))
        let top = Layer(id: document.makeLayerID(), name: "Wash", blend: .normal)
        _ = document.addLayer(top)
        var style = BrushPresets.brush(named: "marker") ?? .brush(Brush())
        if case .brush(var brush) = style {
            brush.pointSize = 120
            style = .brush(brush)
        }
        // Rows 96 px apart, each across the page: both layers covered edge to edge.
        for (index, layer) in [document.layers[0].id, top.id].enumerated() {
            for row in stride(from: 0.0, through: side, by: 96) {
                let samples = (0...64).map { step in
                    InputSample(
                        position: Point(x: Double(step) * side / 64, y: row + Double(index) * 48), pressure: 0.9,
                        time: UInt64(step) * 8000)
                }
                document.append(
                    .stroke(
                        Stroke(
                            id: document.makeElementID(), brush: style, seed: UInt64(row), samples: samples,
                            layer: layer)))
            }
        }
        let canvas = try CanvasRenderer(document: document, context: context)
        let fitted = ViewTransform(scale: 1080 / side, offsetX: (1920 - 1080) / 2, offsetY: 0)
        for (name, view) in [("fitted", fitted), ("1:1", ViewTransform())] {
            _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
            var steps: [Double] = []
            var applied: [Double] = []
            for step in 1...30 {
                let start = ContinuousClock.now
                try canvas.apply(document.updateLayer(.first, merging: step > 1) { $0.opacity = 1 - Double(step) / 40 })
                applied.append(RenderBenchmark.seconds(ContinuousClock.now - start))
                _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
                steps.append(RenderBenchmark.seconds(ContinuousClock.now - start))
            }
            applied.sort()
            // The page out of view (or finer than the view samples) is composed in idle time, a few tiles at a go.
            let idleStart = ContinuousClock.now
            var idleTurns = 0
            while try canvas.doIdleWork() { idleTurns += 1 }
            let idle = RenderBenchmark.seconds(ContinuousClock.now - idleStart)
            let blendStart = ContinuousClock.now
            try canvas.apply(document.updateLayer(.first) { $0.blend = .multiply })
            _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
            let blend = RenderBenchmark.seconds(ContinuousClock.now - blendStart)
            try canvas.apply(document.updateLayer(.first) { $0.blend = .normal })
            steps.sort()
            print(
                String(
                    format:
                        "%@ view: a step of the fade and its frame median %.1f ms (composed in %.1f), p95 %.1f ms (%.0f frames/s); "
                        + "then the rest in idle time %.0f ms (%d turns); blend mode changed %.1f ms; %d paint tiles",
                    name, steps[steps.count / 2] * 1000, applied[applied.count / 2] * 1000,
                    steps[steps.count * 95 / 100] * 1000,
                    1 / steps[steps.count / 2], idle * 1000, idleTurns + 1, blend * 1000, canvas.paintTileCount))
        }
    }
}
