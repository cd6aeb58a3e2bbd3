import MaLiangCore
import MaLiangVulkan
import Testing

/// The compute shader timed alone: each round is the device's own time a dab for the same work, which grows with
/// the dabs' size.
@Suite(.serialized) struct KernelTimingTests {
    @Test func theKernelAloneIsTimedADabAndGrowsWithTheDabs() throws {
        let context = try validatedContext()
        func times(radius: Double) throws -> [Double]? {
            let canvas = try CanvasRenderer(
                document: try Document(size: Size(width: 300, height: 200)), context: context, stamping: .gpuKernel)
            let brush = AnyBrush.brush(
                Brush(
                    name: "round", hardness: 0.6, opacity: 1, flow: 0.5, pointSize: radius * 2, pointStep: 0.25,
                    spacingRelativeToSize: true))
            let strokes = (0..<3).map { index in
                let y = 50 + Double(index) * 50
                return Stroke(
                    id: ElementID(Int64(index + 1)), brush: brush, seed: UInt64(index),
                    samples: line(from: (40, y), to: (260, y + 10), steps: 30))
            }
            return try canvas.measureKernel(strokes, rounds: 3, roundSeconds: 0.001)
        }
        let small = try #require(try times(radius: 2))
        let large = try #require(try times(radius: 24))
        #expect(small.count == 3 && large.count == 3)
        #expect(small.allSatisfy { $0 > 0 && $0.isFinite } && large.allSatisfy { $0 > 0 && $0.isFinite })
        // A dab of radius 24 covers 144 times the pixels of one of radius 2.
        #expect(large.min()! > 4 * small.max()!, "\(small) \(large)")
        assertClean(context)
    }
}
