import Foundation
import MaLiangCore
import MaLiangVulkan
import Testing

/// On a CPU device a stroke in progress is stamped into its own layers by the host's kernel instead of drawn as
/// quads: every brush looks as it does drawn as quads, and as it will once committed.
@Suite(.serialized) struct LiveKernelStampingTests {
    /// Frames of a 600×400 page before `brush` is drawn along a wavy line, while it is drawn live by `stamping`, and
    /// once the stroke is committed.
    func frames(_ brush: AnyBrush, stamping: StampingPath, context: VulkanContext) throws -> (
        before: [UInt8], live: [UInt8], after: [UInt8]
    ) {
        let document = try Document(size: Size(width: 600, height: 400))
        let canvas = try CanvasRenderer(document: document, context: context, stamping: stamping)
        canvas.drawsFramesOnHost = false
        // Something to erase, and under a glow.
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 30, opacity: 0.8, color: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)),
                line(from: (40, 200), to: (560, 220))))
        let view = ViewTransform(offsetX: 10, offsetY: 10)
        let before = try canvas.windowFramePixels(view: view, width: 620, height: 420, regions: [nil], copies: true)
        let stroke = Stroke(id: document.makeElementID(), brush: brush, seed: 7, samples: [])
        var builder = stroke.makeBuilder()
        var recorded = stroke
        canvas.beginLiveStroke(stroke)
        // In small batches, as samples come: the halo and the body build up across submissions.
        for step in 0..<60 {
            var stamps: [Stamp] = []
            let x = 60 + Double(step) * 8
            let y = 200 + 80 * sin(Double(step) / 6)
            let sample = InputSample(
                position: Point(x: x, y: y), pressure: 0.3 + 0.6 * Double(step) / 60, time: UInt64(step) * 8000)
            if let stored = recorded.samples.append(sample) { builder.add(stored, into: &stamps) }
            try canvas.addLiveStamps(stamps)
        }
        try canvas.addLiveStamps(builder.finish())
        let live = try canvas.windowFramePixels(view: view, width: 620, height: 420, regions: [nil], copies: true)
        try canvas.apply(document.append(.stroke(recorded)))
        let after = try canvas.windowFramePixels(view: view, width: 620, height: 420, regions: [nil], copies: true)
        return (before, live, after)
    }

    @Test(arguments: ["pen", "pencil", "marker", "airbrush", "chalk", "glow", "eraser"])
    func aStrokeInProgressStampedOnTheHostLooksAsDrawnAsQuadsAndAsCommitted(name: String) throws {
        let context = try validatedContext()
        let brush = try #require(
            BrushPresets.brush(named: name, color: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)))
        let host = try frames(brush, stamping: .cpuKernel, context: context)
        let quads = try frames(brush, stamping: .raster, context: context)
        func largest(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, over: Int) {
            let deltas = zip(a, b).map { abs(Int($0) - Int($1)) }
            return (deltas.max() ?? 0, deltas.filter { $0 > 3 }.count)
        }
        // Quads and the kernel differ by float rounding and texture sampling (the pencil's grain by 5 levels, as
        // its committed stroke does); the live layers are 16-bit.
        let againstQuads = largest(host.live, quads.live)
        #expect(againstQuads.largest <= 6, "\(name): live on the host against quads \(againstQuads)")
        let againstCommitted = largest(host.live, host.after)
        #expect(againstCommitted.over == 0, "\(name): live on the host against committed \(againstCommitted)")
        // The stroke shows at all.
        let shown = largest(host.before, host.live).over
        #expect(shown > 2000, "\(name): \(shown) bytes changed")
        assertClean(context)
    }
}
