import Foundation
import Testing

@testable import MaLiangCore

/// A transformed stroke is stamped again from its samples: a proportional transform gives exactly the stamps the
/// stroke would have drawn there, a stretch keeps its dabs touching, and the document keeps it as one undo step.
@Suite struct TransformedStrokeTests {
    let samples = (0..<160).map { (step: Int) -> InputSample in
        let t = Double(step)
        return InputSample(
            position: Point(x: 40 + t * 2.1, y: 80 + sin(t / 11) * 30), pressure: 0.4 + Double(step % 40) / 100,
            time: UInt64(step) * 8000)
    }

    func stamps(_ stroke: Stroke) -> [Stamp] {
        var builder = stroke.makeBuilder()
        var stamps = builder.add(stroke.samples)
        builder.finish(into: &stamps)
        return stamps
    }

    /// Scaled, turned and moved: each stamp is the untransformed stroke's stamp moved there — centre, size, and the
    /// angle turned with it — for brushes whose spacing follows their size and for the pencil's grain alike.
    @Test(arguments: [0, 1, 3])
    func aProportionalTransformMovesEveryStamp(preset: Int) throws {
        let brush = BrushPresets.brush(named: BrushPresets.names[preset])!
        let plain = Stroke(id: ElementID(1), brush: brush, seed: 9, samples: samples)
        var moved = plain
        let transform = DocumentTransform.scale(x: 1.8, y: 1.8, about: Point(x: 10, y: 20))
            .then(.rotation(0.7, about: Point(x: 200, y: 100))).then(.translation(dx: 35, dy: -12))
        moved.transform = transform
        let before = stamps(plain)
        let after = stamps(moved)
        #expect(before.count == after.count && !before.isEmpty)
        for (a, b) in zip(before, after) {
            let expected = transform.apply(Point(x: Double(a.x), y: Double(a.y)))
            #expect(abs(Double(b.x) - expected.x) < 0.05 && abs(Double(b.y) - expected.y) < 0.05)
            #expect(abs(Double(b.size) - Double(a.size) * 1.8) < 1e-3)
            let turn = remainder(Double(b.angle) - Double(a.angle) - 0.7, 2 * .pi)
            #expect(abs(turn) < 1e-3)
        }
    }

    /// Stretched four times across only: dabs lie no further apart than the stretched stroke needs.
    @Test func aStretchKeepsTheDabsTouching() {
        var stroke = Stroke(id: ElementID(1), brush: BrushPresets.brush(named: "pen")!, seed: 9, samples: samples)
        stroke.transform = .scale(x: 4, y: 1, about: .zero)
        let made = stamps(stroke)
        for (a, b) in zip(made, made.dropFirst()) {
            let gap = hypot(Double(b.x - a.x), Double(b.y - a.y))
            #expect(gap <= Double(max(a.size, b.size)) * 0.5 + 1e-3)
        }
    }

    /// The document moves a selection as one undo step; a transform no element can keep changes nothing.
    @Test func theDocumentTransformsAsOneUndoStep() throws {
        let document = try Document(size: Size(width: 800, height: 600))
        document.append(
            .stroke(
                Stroke(
                    id: document.makeElementID(), brush: BrushPresets.brush(named: "pen")!, seed: 1, samples: samples)))
        document.append(
            .chartlet(
                Chartlet(
                    id: document.makeElementID(), textureID: "t", center: Point(x: 100, y: 100),
                    size: Size(width: 40, height: 20))))
        let ids = document.elements.map(\.id)
        let changes = document.transform(ids, by: .translation(dx: 10, dy: 5))
        #expect(changes.count == 2)
        guard case .chartlet(let chartlet) = document.elements[1] else { throw Failure() }
        #expect(chartlet.center == Point(x: 110, y: 105))
        document.undo()
        guard case .stroke(let stroke) = document.elements[0], case .chartlet(let back) = document.elements[1] else {
            throw Failure()
        }
        #expect(stroke.transform == nil && back.center == Point(x: 100, y: 100))
        #expect(document.transform(ids, by: .scale(x: 1e-6, y: 1e-6, about: .zero)).isEmpty)
        #expect(document.remove(ids).count == 2 && document.elements.isEmpty)
        document.undo()
        #expect(document.elements.count == 2)
    }

    struct Failure: Error {}
}
