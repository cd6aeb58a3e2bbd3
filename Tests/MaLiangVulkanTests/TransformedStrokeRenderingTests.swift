import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// Moved and scaled strokes are stamped again where they now lie, in drawing order, and undo puts the picture back.
@Suite(.serialized) struct TransformedStrokeRenderingTests {
    func largestDifference(_ a: PNGImage, _ b: PNGImage, shift: (x: Int, y: Int) = (0, 0)) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (u, v) = (x + shift.x, y + shift.y)
                guard u >= 0, v >= 0, u < b.width, v < b.height else { continue }
                let p = a.rgba(x: x, y: y)
                let q = b.rgba(x: u, y: v)
                for (one, other) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] {
                    largest = max(largest, Int((abs(one - other) * 255).rounded()))
                }
            }
        }
        return largest
    }

    /// A stroke moved under a later one stays under it; undo gives back exactly the picture before the move, and
    /// a move by whole pixels paints exactly the stroke's own pixels there.
    @Test func aMovedStrokeStaysInDrawingOrderAndUndoPutsItBack() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 400, height: 300))
        let canvas = try CanvasRenderer(document: document, context: context)
        let red = solidBrush(size: 20, color: Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
        try canvas.apply(document.addStroke(red, line(from: (40, 60), to: (160, 60))))
        let alone = try canvas.export()
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 20, color: Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)),
                line(from: (300, 20), to: (300, 280)), seed: 2))
        let before = try canvas.export()
        let first = document.elements[0].id
        // Moved right across the blue line: blue stays on top where they cross.
        try canvas.apply(document.transform([first], by: .translation(dx: 200, dy: 100)))
        let moved = try canvas.export()
        let crossing = moved.rgba(x: 300, y: 160)
        #expect(crossing.blue > 0.8 && crossing.red < 0.2, "\(crossing)")
        #expect(moved.rgba(x: 100, y: 60).red > 0.99 && moved.rgba(x: 100, y: 60).green > 0.99)
        // Left of the blue line, the moved stroke is the stroke as it was drawn, 200 px right and 100 down.
        var shifted = 0
        for x in 200..<285 {
            let a = alone.rgba(x: x - 200, y: 60)
            let b = moved.rgba(x: x, y: 160)
            shifted = max(shifted, Int((abs(a.green - b.green) * 255).rounded()))
        }
        #expect(shifted <= 1, "the moved stroke differs by up to \(shifted) levels")
        try canvas.apply(document.undo())
        #expect(largestDifference(before, try canvas.export()) <= 1)
        try canvas.apply(document.redo())
        #expect(largestDifference(moved, try canvas.export()) <= 1)
        assertClean(context)
    }

    /// A pencil stroke scaled by 2 is the pencil stroke drawn twice as large through twice as far-apart samples:
    /// the same dabs, spacing and grain — stamped again, not a resampled picture.
    @Test func aScaledPencilStrokeIsStampedAgainAtItsNewSize() throws {
        let context = try validatedContext()
        let samples = line(from: (30, 40), to: (170, 90), steps: 40, pressure: 0.8)
        guard case .brush(var pencil) = try #require(BrushPresets.brush(named: "pencil")) else {
            Issue.record("the pencil is not a plain brush")
            return
        }
        pencil.pointSize = 6
        let scaledDocument = try Document(size: Size(width: 400, height: 240))
        let scaled = try CanvasRenderer(document: scaledDocument, context: context)
        try scaled.apply(scaledDocument.addStroke(.brush(pencil), samples, seed: 5))
        try scaled.apply(
            scaledDocument.transform([scaledDocument.elements[0].id], by: .scale(x: 2, y: 2, about: .zero)))
        let drawnDocument = try Document(size: Size(width: 400, height: 240))
        let drawn = try CanvasRenderer(document: drawnDocument, context: context)
        var large = pencil
        large.pointSize = 12
        let doubled = samples.map { sample -> InputSample in
            var copy = sample
            copy.position = Point(x: sample.position.x * 2, y: sample.position.y * 2)
            return copy
        }
        try drawn.apply(drawnDocument.addStroke(.brush(large), doubled, seed: 5))
        let a = try scaled.export()
        let b = try drawn.export()
        let largest = largestDifference(a, b)
        #expect(largest <= 6, "the scaled stroke differs from the stroke drawn at that size by up to \(largest) levels")
        // The grain shows: the stroke's middle is not one flat grey.
        let greys = Set(
            (200..<260).map { x in
                Int((a.rgba(x: x, y: Int((80 + Double(x - 60) * 100 / 280).rounded())).red * 40).rounded())
            })
        #expect(greys.count > 2)
        assertClean(context)
    }
}
