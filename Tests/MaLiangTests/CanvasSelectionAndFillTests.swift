import Foundation
import MaLiang
import Testing

/// Selecting, transforming and filling from code, pixels checked, and kept in the file.
@Suite(.serialized) struct CanvasSelectionAndFillTests {
    let solid = Brush(name: "solid", hardness: 1, opacity: 1, pointSize: 6, pointStep: 1)

    func path(_ points: [(Double, Double)]) -> [InputSample] {
        var samples: [InputSample] = []
        for (from, to) in zip(points, points.dropFirst()) {
            for step in 0..<20 {
                let t = Double(step) / 20
                samples.append(
                    InputSample(
                        position: Point(x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t),
                        pressure: 1, time: UInt64(samples.count) * 8000))
            }
        }
        if let end = points.last { samples.append(InputSample(position: Point(x: end.0, y: end.1), pressure: 1)) }
        return samples
    }

    @Test func aSquareIsSelectedMovedAndFilledThenSavedAndReopened() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("select-\(UUID()).maliang")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        let expected: PNGImage
        do {
            let canvas = try Canvas(file: url, size: Size(width: 300, height: 200))
            canvas.draw(path([(20, 20), (80, 20), (80, 80), (20, 80), (20, 20)]), with: .brush(solid))
            canvas.select(outline: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
            let selection = try #require(canvas.selection)
            #expect(selection.ids.count == 1)
            canvas.transformSelection(.translation(dx: 150, dy: 60))
            var picture = try canvas.snapshot()
            #expect(picture.rgba(x: 50, y: 20).red > 0.95 && picture.rgba(x: 200, y: 80).red < 0.05)
            let red = Color(red: 1, green: 0, blue: 0)
            let filled = try canvas.fill(at: Point(x: 200, y: 110), color: red)
            #expect(filled > 50 * 50)
            picture = try canvas.snapshot()
            let inside = picture.rgba(x: 200, y: 110)
            #expect(inside.red > 0.95 && inside.green < 0.05)
            // Outside the square nothing encloses a tap: refused, nothing changes.
            #expect(throws: CanvasError.self) { try canvas.fill(at: Point(x: 10, y: 190)) }
            expected = try canvas.snapshot()
            canvas.undo()
            #expect(try canvas.snapshot().rgba(x: 200, y: 110).green > 0.95)
            canvas.redo()
        }
        let again = try Canvas(file: url)
        let reopened = try again.snapshot()
        var largest = 0.0
        for y in 0..<200 {
            for x in 0..<300 {
                let (a, b) = (reopened.rgba(x: x, y: y), expected.rgba(x: x, y: y))
                largest = max(largest, abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
            }
        }
        #expect(largest <= 2 / 255)
    }
}
