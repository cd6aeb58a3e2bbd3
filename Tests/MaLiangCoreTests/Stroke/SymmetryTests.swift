import Foundation
import Testing

@testable import MaLiangCore

/// Symmetry's copies: where they put points and stamps, and the builder that makes them with each stamp.
@Suite struct SymmetryTests {
    let center = Point(x: 100, y: 50)

    func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func eachModeCopiesPointsWhereItsMirrorsAndTurnsPutThem() {
        let point = Point(x: 130, y: 60)
        func copies(_ mode: Symmetry.Mode) -> [Point] { Symmetry(mode, center: center).copies.map { $0.apply(point) } }
        #expect(zip(copies(.vertical), [point, Point(x: 70, y: 60)]).allSatisfy(close))
        #expect(zip(copies(.horizontal), [point, Point(x: 130, y: 40)]).allSatisfy(close))
        let both = copies(.both)
        #expect(both.count == 4)
        for expected in [point, Point(x: 70, y: 60), Point(x: 130, y: 40), Point(x: 70, y: 40)] {
            #expect(both.contains { close($0, expected) })
        }
        // A quarter turn clockwise on screen (y down): right of the centre goes below it.
        let four = copies(.radial(spokes: 4))
        #expect(zip(four, [point, Point(x: 90, y: 80), Point(x: 70, y: 40), Point(x: 110, y: 20)]).allSatisfy(close))
        // Every copy is as far from the centre as the point.
        for spokes in Symmetry.spokes {
            let distances = copies(.radial(spokes: spokes)).map { hypot($0.x - center.x, $0.y - center.y) }
            #expect(distances.count == spokes && distances.allSatisfy { abs($0 - hypot(30, 10)) < 1e-9 })
        }
    }

    @Test func spokesAndCentresAreHeldToWhatCanBeDrawn() throws {
        #expect(Symmetry(.radial(spokes: 1), center: center).mode == .radial(spokes: 2))
        #expect(Symmetry(.radial(spokes: 500), center: center).mode == .radial(spokes: 12))
        #expect(Symmetry(.both, center: Point(x: .nan, y: 1)).center == Point(x: 0, y: 0))
        // Decoding holds a symmetry to the same rules.
        let json = #"{"mode":{"radial":{"spokes":-4}},"center":{"x":1,"y":2}}"#
        let decoded = try JSONDecoder().decode(Symmetry.self, from: Data(json.utf8))
        #expect(decoded.mode == .radial(spokes: 2))
    }

    /// A mirrored stamp's angle is mirrored with it; a turned one turns.
    @Test func stampAnglesFollowTheCopy() {
        let stamp = Stamp(x: 130, y: 60, size: 10, angle: 0.3, red: 0, green: 0, blue: 0, alpha: 1, flow: 1)
        let vertical = Symmetry(.vertical, center: center).copies[1].apply(stamp)
        #expect(
            abs(Double(vertical.angle) - (Double.pi - 0.3)) < 1e-6
                || abs(Double(vertical.angle) + Double.pi + 0.3) < 1e-6)
        let turned = Symmetry(.radial(spokes: 4), center: center).copies[1].apply(stamp)
        #expect(abs(Double(turned.angle) - (0.3 + Double.pi / 2)) < 1e-6)
        #expect(turned.size == stamp.size && turned.red == stamp.red && turned.layer == stamp.layer)
    }

    /// The builder of a symmetric stroke makes exactly the plain stroke's stamps, each followed (batch by batch) by
    /// its copies; the stamp limit counts the copies.
    @Test func aSymmetricBuilderMakesThePlainStampsAndTheirCopies() {
        let samples = (0..<200).map { (step: Int) -> InputSample in
            let t = Double(step)
            let position = Point(x: 20 + t * 1.7, y: 40 + sin(t / 9) * 25)
            return InputSample(position: position, pressure: 0.3 + Double(step % 50) / 100, time: UInt64(step) * 8000)
        }
        let brush = AnyBrush.brush(Brush(pointSize: 8, rotation: .random))
        let symmetry = Symmetry(.radial(spokes: 5), center: center)
        var plain = StrokeBuilder(brush: brush, seed: 3)
        var symmetric = StrokeBuilder(brush: brush, seed: 3, symmetry: symmetry)
        var expected: [Stamp] = []
        var made: [Stamp] = []
        for sample in samples + [nil] {
            var batch: [Stamp] = []
            if let sample { plain.add(sample, into: &batch) } else { plain.finish(into: &batch) }
            for copy in symmetry.copies { expected += batch.map { copy.apply($0) } }
            if let sample { symmetric.add(sample, into: &made) } else { symmetric.finish(into: &made) }
        }
        #expect(!made.isEmpty && made == expected)
        #expect(symmetric.stampCount == plain.stampCount * 5)
    }
}
