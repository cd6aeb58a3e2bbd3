import Foundation
import Testing

@testable import MaLiangCore

/// The width each sample is stamped at, as a format that keeps one width a point needs it: what the builder's
/// stamps show, for devices with pressure and without.
@Suite struct DabSizeTests {
    let brush = AnyBrush.brush(Brush(pointSize: 20, pointStep: 1, forceSensitive: 1, tiltToSize: 0.5))

    func mouse(_ x: Double, time: UInt64) -> InputSample {
        InputSample(position: Point(x: x, y: 0), time: time, tool: .mouse)
    }

    @Test func aMouseAtOneSpeedIsStampedAtTheSpeedsSizeEverywhere() {
        // 4 px every 8 ms: 500 px/s, a force of √(1000/500)/√10 ≈ 0.447, whatever forceOnTap says.
        let samples = (0...30).map { mouse(Double($0) * 4, time: UInt64($0) * 8000) }
        let sizes = StrokeBuilder.dabSizes(of: samples, brush: brush)
        let expected = 20 * (2.0).squareRoot() / (10.0).squareRoot()
        #expect(sizes.count == samples.count)
        #expect(sizes.allSatisfy { abs($0 - expected) < 0.01 }, "\(sizes)")
        #expect(stamps(brush, samples).allSatisfy { abs(Double($0.size) - expected) < 0.01 })
    }

    @Test func anAcceleratingMouseThinsAsTheStampsDo() {
        var x = 0.0
        let samples = (0..<40).map { step -> InputSample in
            defer { x += 1 + Double(step) * 0.5 }
            return mouse(x, time: UInt64(step) * 8000)
        }
        let sizes = StrokeBuilder.dabSizes(of: samples, brush: brush)
        let stamped = stamps(brush, samples).map { Double($0.size) }
        #expect(sizes.first! > sizes.last! * 2)
        // The stamps run between the samples' sizes (the path interpolates them).
        #expect(abs(stamped.max()! - sizes.max()!) < 0.05 && abs(stamped.min()! - sizes.min()!) < 0.05)
    }

    @Test func aTiltedPenAndATapAreTheirDabs() {
        let tilted = [30.0, 60.0].map { x in
            InputSample(position: Point(x: x, y: 0), pressure: 0.5, tiltX: 30, tiltY: 0, tool: .pen)
        }
        let sizes = StrokeBuilder.dabSizes(of: tilted, brush: brush)
        #expect(sizes.allSatisfy { abs($0 - 20 * 0.5 * 1.25) < 0.01 }, "\(sizes)")
        // A tap, pressed harder while it stayed: its one dab takes the hardest pressure.
        let tap = [0.3, 0.8, 0.6].map { InputSample(position: Point(x: 5, y: 5), pressure: $0, tool: .pen) }
        let tapSizes = StrokeBuilder.dabSizes(of: tap, brush: brush)
        let dab = stamps(brush, tap)
        #expect(dab.count == 1 && tapSizes.allSatisfy { abs($0 - Double(dab[0].size)) < 0.01 }, "\(tapSizes)")
    }
}
