import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// A brush with grain breaks up on the paper's tooth, and the tooth belongs to the page: every stroke over the same
/// place shows the same grain, whichever way it was drawn.
@Suite(.serialized) struct PaperGrainTests {
    /// The alpha of a solid 30 px stroke's middle (rows 45…55, columns 40…210) drawn from `from` to `to`.
    func middleAlpha(grain: Double?, from: (Double, Double), to: (Double, Double), _ context: VulkanContext) throws
        -> [Double]
    {
        let document = try Document(size: Size(width: 250, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        let brush = AnyBrush.brush(
            Brush(
                hardness: 1, opacity: 1, flow: 1, pointSize: 30, pointStep: 0.1, spacingRelativeToSize: true,
                grain: grain))
        try canvas.apply(document.addStroke(brush, line(from: from, to: to, steps: 40)))
        let image = try canvas.export(background: false)
        return (45...55).flatMap { y in (40...210).map { x in image.rgba(x: x, y: y).alpha } }
    }

    @Test func grainBreaksTheStrokeUpTheSameWayWhicheverWayItIsDrawn() throws {
        let context = try validatedContext()
        let smooth = try middleAlpha(grain: nil, from: (20, 50), to: (230, 50), context)
        #expect(smooth.allSatisfy { $0 > 0.99 }, "a stroke without grain is not solid")
        let rightward = try middleAlpha(grain: 1, from: (20, 50), to: (230, 50), context)
        let light = Double(rightward.filter { $0 < 0.5 }.count) / Double(rightward.count)
        let full = Double(rightward.filter { $0 > 0.9 }.count) / Double(rightward.count)
        #expect(light > 0.1 && full > 0.1, "grain shows too little: \(light) light, \(full) full")
        // Drawn the other way, its dabs land elsewhere; the paper under them is the same.
        let leftward = try middleAlpha(grain: 1, from: (230, 50), to: (20, 50), context)
        let difference = zip(rightward, leftward).map { abs($0 - $1) }.reduce(0, +) / Double(rightward.count)
        #expect(difference < 0.02, "the grain follows the stamps, not the page: mean difference \(difference)")
        assertClean(context)
    }
}
