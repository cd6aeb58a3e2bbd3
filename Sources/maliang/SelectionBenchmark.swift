import Foundation
import MaLiangCore
import MaLiangVulkan

/// `maliang bench selection [STROKES]`: what dragging a selection costs — lifting it off its layer once, each frame
/// while it moves, and stamping it again where it is let go — and its undo.
enum SelectionBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1, let count = Int(arguments.first ?? "1000"), count > 0 else {
            throw UsageError("usage: maliang bench selection [STROKES]")
        }
        let context = try VulkanContext()
        print("device: \(context.deviceName) (\(context.deviceType))")
        let document = try Document(size: Size(width: 1920, height: 1080))
        var random = SystemRandomNumberGenerator()
        let brush = BrushPresets.brush(named: "pencil") ?? .brush(Brush())
        for index in 0..<count {
            // Strokes of 120 samples scattered over the left half of the page.
            let x = Double.random(in: 60...760, using: &random)
            let y = Double.random(in: 60...1000, using: &random)
            let samples = (0..<120).map { step in
                InputSample(
                    position: Point(x: x + Double(step) * 1.5, y: y + sin(Double(step) / 9) * 20), pressure: 0.7,
                    time: UInt64(step) * 8000)
            }
            document.append(
                .stroke(Stroke(id: document.makeElementID(), brush: brush, seed: UInt64(index), samples: samples)))
        }
        let canvas = try CanvasRenderer(document: document, context: context)
        let ids = document.elements.map(\.id)
        let view = ViewTransform()
        _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
        let liftStart = ContinuousClock.now
        try canvas.showSelection(ids, movedBy: .translation(dx: 1, dy: 0))
        let lift = RenderBenchmark.seconds(ContinuousClock.now - liftStart)
        var frames: [Double] = []
        for step in 1...60 {
            let start = ContinuousClock.now
            try canvas.showSelection(ids, movedBy: .translation(dx: Double(step) * 10, dy: Double(step) * 2))
            _ = try canvas.measureFrame(view: view, width: 1920, height: 1080)
            frames.append(RenderBenchmark.seconds(ContinuousClock.now - start))
        }
        frames.sort()
        let dropStart = ContinuousClock.now
        try canvas.apply(document.transform(ids, by: .translation(dx: 600, dy: 120)))
        try canvas.showSelection([], movedBy: nil)
        let drop = RenderBenchmark.seconds(ContinuousClock.now - dropStart)
        let undoStart = ContinuousClock.now
        try canvas.apply(document.undo())
        let undo = RenderBenchmark.seconds(ContinuousClock.now - undoStart)
        print(
            String(
                format:
                    "%d strokes selected: lift %.0f ms; frame while dragging 1920×1080 median %.2f ms, p95 %.2f ms "
                    + "(%.0f frames/s); let go (stamped again) %.0f ms; undo %.0f ms",
                count, lift * 1000, frames[frames.count / 2] * 1000, frames[frames.count * 95 / 100] * 1000,
                1 / frames[frames.count / 2], drop * 1000, undo * 1000))
    }
}
