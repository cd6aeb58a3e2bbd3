import Foundation
import Testing

@testable import MaLiangCore

/// Builds a whole stroke in one go.
func stamps(_ brush: AnyBrush, _ samples: [InputSample], seed: UInt64 = 1, canvasScale: Double = 1) -> [Stamp] {
    var builder = StrokeBuilder(brush: brush, seed: seed, canvasScale: canvasScale)
    var result = builder.add(samples)
    builder.finish(into: &result)
    return result
}

func pen(_ x: Double, _ y: Double, pressure: Double? = 1, time: UInt64 = 0) -> InputSample {
    InputSample(position: Point(x: x, y: y), pressure: pressure, time: time, tool: .pen)
}

@Suite struct StrokeBuilderSpacingTests {
    @Test(arguments: [(100.0, 1.0), (100.0, 3.0), (57.3, 2.5), (10.0, 0.7)])
    func straightLineHasFloorLOverSPlusOneStampsAtExactPositions(length: Double, step: Double) {
        let brush = AnyBrush.brush(Brush(pointStep: step))
        // Irregular sample spacing along the x axis; the path must still be exactly the segment 0…length.
        let xs = [0, 0.031, 0.04, 0.115, 0.3, 0.302, 0.44, 0.8, 1].map { $0 * length }
        let result = stamps(brush, xs.map { pen($0, 5) })
        #expect(result.count == Int((length / step).rounded(.down)) + 1)
        for (index, stamp) in result.enumerated() {
            #expect(abs(Double(stamp.x) - Double(index) * step) < 1e-4)
            #expect(stamp.y == 5)
        }
    }

    @Test func spacingIsEvenAlongASmoothCurve() throws {
        // Samples every 12° on a circle of radius 80: MaLiang's per-segment restart gave ~30% variation here.
        let samples = (0...40).map { i -> InputSample in
            let angle = Double(i) * 12 * .pi / 180
            return pen(200 + 80 * cos(angle), 200 + 80 * sin(angle))
        }
        let result = stamps(.brush(Brush(pointStep: 2)), samples)
        let gaps = zip(result, result.dropFirst()).map { a, b in
            Double(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        let deviation = (gaps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(gaps.count)).squareRoot()
        #expect(gaps.count > 200)
        #expect(deviation / mean < 0.02, "coefficient of variation \(deviation / mean)")
        #expect(abs(mean - 2) < 0.01)
    }

    @Test func strokeStartsAtTheFirstSampleAndReachesTheLast() throws {
        let samples = [pen(10, 10), pen(20, 14), pen(35, 9), pen(41, 30)]
        let result = stamps(.brush(Brush(pointStep: 0.5)), samples)
        let first = try #require(result.first)
        let last = try #require(result.last)
        #expect(first.x == 10 && first.y == 10)
        #expect(abs(Double(last.x) - 41) < 0.5 && abs(Double(last.y) - 30) < 0.5)
    }

    @Test func relativeSpacingFollowsTheSize() {
        let brush = AnyBrush.brush(Brush(pointSize: 20, pointStep: 0.25, spacingRelativeToSize: true))
        let result = stamps(brush, [pen(0, 0), pen(100, 0)])
        #expect(result.count == 21)
        #expect(result.allSatisfy { Int($0.x) % 5 == 0 })
    }

    @Test func stepNeverFallsBelowTheMinimum() {
        let result = stamps(.brush(Brush(pointStep: 0)), [pen(0, 0), pen(10, 0)])
        #expect(result.count == Int(10 / Brush.minimumStep) + 1)
    }

    @Test func chunkingTheSamplesDoesNotChangeTheStamps() {
        let samples = (0..<200).map { i in
            pen(Double(i) * 3, 50 + 20 * sin(Double(i) / 7), pressure: 0.5 + 0.4 * sin(Double(i)))
        }
        let brush = AnyBrush.brush(Brush(pointSize: 10, forceSensitive: 1, rotation: .random))
        let whole = stamps(brush, samples, seed: 9)
        var builder = StrokeBuilder(brush: brush, seed: 9)
        var streamed: [Stamp] = []
        for sample in samples {
            var batch: [Stamp] = []
            builder.add(sample, into: &batch)
            streamed += batch
        }
        builder.finish(into: &streamed)
        #expect(whole == streamed)
    }
}

@Suite struct StampWorkTests {
    /// A huge brush at the smallest step (a 1.4 KB MaLiang folder can ask for it) places dabs no closer than 1 % of
    /// their size: the work of a stroke stays proportional to what it paints.
    @Test func aHugeBrushAtTheSmallestStepIsSpacedByItsSize() {
        let brush = AnyBrush.brush(Brush(hardness: 0.5, opacity: 1, pointSize: 1000, pointStep: 0))
        var builder = StrokeBuilder(brush: brush, seed: 1)
        let samples = (0...20).map { InputSample(position: Point(x: Double($0) * 50, y: 0), pressure: 1) }
        var stamps = builder.add(samples)
        builder.finish(into: &stamps)
        // 1,000 px of stroke, a dab every 10 px: 101, not the 4,001 a 0.25 px step would make.
        #expect(stamps.count == 101, "\(stamps.count)")
    }
}

/// Room reserved for a stroke's stamps: enough for a brush of constant size (so the array is never grown by
/// copying), within the samples' count of what the stroke makes; a pressure-sized brush makes more, closer dabs.
@Suite struct ExpectedStampCountTests {
    @Test(arguments: [1.0, 3.0, 0.25]) func aConstantSizeBrushGetsRoomForItsStamps(step: Double) {
        let brush = AnyBrush.brush(Brush(pointSize: 4, pointStep: step))
        let samples = (0...300).map { i in pen(10 + Double(i) * 3, 50 + 40 * sin(Double(i) / 20)) }
        let made = stamps(brush, samples).count
        let expected = StrokeBuilder(brush: brush, seed: 1).expectedStampCount(for: StrokeSamples(samples).columns)
        #expect(expected >= made && expected <= made + samples.count + 2, "\(expected) for \(made)")
    }

    @Test func aGlowAndASymmetryReserveTheirCopies() {
        let samples = (0...100).map { i in pen(10 + Double(i) * 4, 60) }
        let glow = BrushPresets.brush(named: "glow") ?? .brush(Brush())
        let spokes = Symmetry(.radial(spokes: 4), center: Point(x: 200, y: 200))
        var builder = StrokeBuilder(brush: glow, seed: 1, symmetry: spokes)
        let expected = builder.expectedStampCount(for: StrokeSamples(samples).columns)
        var made = builder.add(samples)
        builder.finish(into: &made)
        #expect(expected >= made.count * 9 / 10 && expected <= made.count * 2, "\(expected) for \(made.count)")
    }

    /// Samples whose file cannot be read (at no valid position) and a path across the whole coordinate range.
    @Test func unreadableOrFarFlungPathsReserveNothingAbsurd() {
        let builder = StrokeBuilder(brush: .brush(Brush(pointStep: 0.25)), seed: 1)
        let limit = InputSample.coordinateLimit
        let farFlung = StrokeSamples([pen(0, 0), pen(limit, 5), pen(-limit, 1), pen(limit, -limit), pen(-limit, 0)])
        #expect(farFlung.count == 5)
        for columns in [SampleColumns(unreadable: 5), farFlung.columns] {
            let expected = builder.expectedStampCount(for: columns)
            #expect(expected <= StrokeBuilder.stampLimit + columns.count)
        }
    }
}
