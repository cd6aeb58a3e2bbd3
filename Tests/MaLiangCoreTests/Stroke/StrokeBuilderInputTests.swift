import Foundation
import Testing

@testable import MaLiangCore

@Suite struct StrokeBuilderInputTests {
    @Test func aTapGivesOneDabAtForceOnTap() {
        let brush = AnyBrush.brush(Brush(pointSize: 10, forceSensitive: 1, forceOnTap: 0.6))
        let touch = InputSample(position: Point(x: 5, y: 6), pressure: nil, time: 0, tool: .finger)
        let result = stamps(brush, [touch])
        #expect(result.count == 1)
        #expect(result.first?.x == 5 && result.first?.y == 6)
        #expect(abs(Double(result.first?.size ?? 0) - 6) < 0.01)
    }

    @Test func aPenTapUsesItsHighestPressure() {
        let brush = AnyBrush.brush(Brush(pointSize: 10, forceSensitive: 1))
        let result = stamps(brush, [pen(5, 5, pressure: 0.1), pen(5, 5, pressure: 0.7), pen(5, 5, pressure: 0.4)])
        #expect(result.count == 1)
        #expect(abs(Double(result[0].size) - 7) < 0.02)
    }

    @Test func aQuickTwoSampleStrokeIsNeverLost() {
        // "=": two short horizontal dashes drawn fast, each only two samples.
        for y in [10.0, 20.0] {
            let result = stamps(.brush(Brush()), [pen(0, y, time: 0), pen(12, y, time: 8_000)])
            #expect(result.count == 13)
            #expect(result.last?.x == 12)
        }
    }

    @Test func nonFiniteAndAbsurdSamplesNeverReachAStamp() {
        var builder = StrokeBuilder(brush: .brush(Brush(pointSize: 6, forceSensitive: 1)), seed: 1)
        let bad = [
            pen(.nan, 0), pen(0, .infinity), pen(-.infinity, 3), pen(1e12, 0),
        ]
        var weirdAxes = pen(10, 0, pressure: .nan)
        weirdAxes.tiltX = .infinity
        weirdAxes.rotation = -.nan
        var out: [Stamp] = []
        for sample in [pen(0, 0, pressure: -3)] + bad + [weirdAxes, pen(20, 0, pressure: 7)] {
            builder.add(sample, into: &out)
        }
        builder.finish(into: &out)
        #expect(builder.rejectedSampleCount == bad.count)
        #expect(!out.isEmpty)
        for stamp in out {
            #expect(stamp.x.isFinite && stamp.y.isFinite && stamp.size.isFinite && stamp.angle.isFinite)
            #expect(stamp.x >= 0 && stamp.x <= 20 && stamp.y == 0)
            #expect(stamp.size >= 0 && stamp.size <= 6)
        }
    }

    @Test func validationClampsAxes() throws {
        var sample = pen(1, 2, pressure: 1.5)
        sample.tiltX = -120
        sample.tiltY = 45
        sample.rotation = -30
        sample.distance = 2
        let valid = try #require(sample.validated())
        #expect(valid.pressure == 1 && valid.tiltX == -90 && valid.tiltY == 45)
        #expect(valid.rotation == 330 && valid.distance == 1)
    }

    /// The engine takes a sample as it is exactly when validating would not change it.
    @Test func aSampleTakenAsItIsIsOneValidationLeavesAlone() {
        let values: [Double?] = [
            nil, 0, -0.0, 0.5, 1, 1.5, -1, 45, 89.9, 90, 91, -90, -91, 359.9, 360, 720, .nan, .infinity,
        ]
        var taken = 0
        for position in [Point(x: 1, y: 2), Point(x: .nan, y: 2), Point(x: 1e12, y: 0)] {
            for value in values {
                for axis in 0..<5 {
                    var sample = pen(position.x, position.y, pressure: 0.5)
                    switch axis {
                    case 0: sample.pressure = value
                    case 1: sample.tiltX = value
                    case 2: sample.tiltY = value
                    case 3: sample.rotation = value
                    default: sample.distance = value
                    }
                    #expect(sample.isValid == (sample.validated() == sample), "\(sample)")
                    if sample.isValid { taken += 1 }
                }
            }
        }
        // In range: 5 values of pressure and of distance (0…1), 11 of each tilt (±90°) and of rotation (0..<360°).
        #expect(taken == 43)
    }

    @Test func touchWithoutPressureIsHeavierWhenSlow() {
        let brush = AnyBrush.brush(Brush(pointSize: 10, forceSensitive: 1))
        func finger(_ x: Double, _ t: UInt64) -> InputSample {
            InputSample(position: Point(x: x, y: 0), pressure: nil, time: t, tool: .finger)
        }
        // 10 px per 100 ms = 100 px/s (slow) versus 10 px per 2 ms = 5000 px/s (fast).
        let slow = stamps(brush, (0...10).map { finger(Double($0) * 10, UInt64($0) * 100_000) })
        let fast = stamps(brush, (0...10).map { finger(Double($0) * 10, UInt64($0) * 2_000) })
        #expect(abs(Double(slow[50].size) - 10) < 0.05)
        #expect(abs(Double(fast[50].size) - 10 * SimulatedPressure.force(forSpeed: 5000)) < 0.3)
        #expect(fast.allSatisfy { $0.size > 0 })
    }

    @Test func simulatedForceMatchesMaLiangsFormulaMappedIntoUnitRange() {
        #expect(abs(SimulatedPressure.force(forSpeed: 50) - 1) < 1e-12)
        #expect(abs(SimulatedPressure.force(forSpeed: 1000) - (1.0 / 10).squareRoot()) < 1e-12)
        #expect(abs(SimulatedPressure.force(forSpeed: 9000) - (0.2 / 10).squareRoot()) < 1e-12)
    }

    @Test func aVeryLongStrokeKeepsConstantState() {
        var builder = StrokeBuilder(brush: .brush(Brush()), seed: 3)
        var out: [Stamp] = []
        var total = 0
        for i in 0..<100_000 {
            builder.add(pen(Double(i % 2000), Double(i / 2000) * 3, time: UInt64(i) * 1000), into: &out)
            total += out.count
            out.removeAll(keepingCapacity: true)
            #expect(builder.retainedSampleCount <= 2)
        }
        builder.finish(into: &out)
        total += out.count
        #expect(builder.acceptedSampleCount == 100_000)
        #expect(total > 99_000)
        #expect(out.capacity < 10_000)
    }

    @Test func samplesAfterFinishAreIgnored() {
        var builder = StrokeBuilder(brush: .brush(Brush()), seed: 3)
        var out = builder.add([pen(0, 0), pen(5, 0)])
        builder.finish(into: &out)
        let count = out.count
        builder.add(pen(50, 0), into: &out)
        builder.finish(into: &out)
        #expect(out.count == count)
    }
}
