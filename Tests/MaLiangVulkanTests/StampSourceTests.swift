import Foundation
import MaLiangCore
import Testing

@testable import MaLiangVulkan

/// The stamps of a long list of strokes are built a window at a time — windows built ahead on other cores when asked
/// — and handed out in order: each stroke gets exactly the stamps it makes on its own, whichever window built it and
/// whether it is asked for in order or after a jump.
struct StampSourceTests {
    /// 3,000 strokes, short ones (1 to 40 samples) then long ones (200 to 400), so that windows end by their stroke
    /// count and by their sample count.
    static let strokes: [Stroke] = (0..<3_000).map { index in
        let count = index < 1_500 ? 1 + (index * 37) % 40 : 200 + (index * 37) % 200
        let samples = (0..<count).map { step in
            let t = Double(step)
            return InputSample(
                position: Point(x: 20 + t * 4, y: 30 + Double(index % 50) * 9 + 6 * sin(t / 5)),
                pressure: 0.2 + 0.7 * abs(sin(t / 13 + Double(index))), time: UInt64(step) * 5_000)
        }
        return Stroke(
            id: ElementID(Int64(index + 1)), brush: .brush(Brush()), seed: UInt64(index),
            samples: StrokeSamples(samples))
    }

    static func own(_ index: Int) -> [Stamp] {
        StampSource.stamps(of: strokes[index], samples: strokes[index].samples.loaded())
    }

    @Test(arguments: [false, true]) func everyStrokeGetsItsOwnStampsInOrder(buildsAhead: Bool) {
        let total = Self.strokes.reduce(0) { $0 + $1.samples.count }
        // More than a few windows, whichever limit ends them.
        #expect(total > 3 * StampSource.windowSamples && Self.strokes.count > 2 * StampSource.windowStrokes)
        var source = StampSource(Self.strokes, buildsAhead: buildsAhead)
        var differing: [Int] = []
        for index in Self.strokes.indices where source.stamps(at: index) != Self.own(index) { differing.append(index) }
        #expect(differing.isEmpty, "strokes \(differing.prefix(10)) differ")
    }

    @Test(arguments: [false, true]) func aJumpBackOrAheadStillGetsTheStrokesOwnStamps(buildsAhead: Bool) {
        var source = StampSource(Self.strokes, buildsAhead: buildsAhead)
        // In order for a while (windows built ahead), then back, then far ahead past what was built, then on.
        for index in [0, 1, 2, 300, 301, 5, 6, 1_200, 1_201, 2_999, 40, 2_000, 2_001] {
            #expect(source.stamps(at: index) == Self.own(index), "stroke \(index)")
        }
    }
}
