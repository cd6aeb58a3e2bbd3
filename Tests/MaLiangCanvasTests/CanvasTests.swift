import Foundation
import MaLiang
import MaLiangCanvas
import MaLiangStore
import PNGCodec
import Testing

/// MaLiang's API as a program uses it: a canvas without a window, painted from code, pixels checked.
@Suite(.serialized) struct CanvasTests {
    func line(y: Double, from: Double = 10, to: Double = 190) -> [InputSample] {
        (0...20).map { InputSample(position: Point(x: from + (to - from) * Double($0) / 20, y: y), pressure: 1) }
    }

    let solid = AnyBrush.brush(Brush(name: "solid", hardness: 1, opacity: 1, pointSize: 8, pointStep: 1))

    @Test func drawUndoRedoAndClearChangeThePicture() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.draw(line(y: 50), with: solid)
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red < 0.05)
        canvas.undo()
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red > 0.95 && canvas.canRedo)
        canvas.redo()
        canvas.clear()
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red > 0.95)
        canvas.undo()
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red < 0.05)
    }

    @Test func chartletsArePlacedFromATexture() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        let red = [UInt8]((0..<64).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
        let texture = try canvas.makeTexture(with: try PNG.encode(PNGImage(width: 8, height: 8, pixels: .rgba8(red))))
        let chartlet = try canvas.renderChartlet(
            at: Point(x: 100, y: 50), size: Size(width: 40, height: 20), textureID: texture, rotation: .pi / 2)
        #expect(chartlet.size == Size(width: 40, height: 20))
        let image = try canvas.snapshot()
        // Turned a quarter: 20 wide, 40 tall.
        #expect(image.rgba(x: 100, y: 35).red > 0.95 && image.rgba(x: 100, y: 35).green < 0.05)
        #expect(image.rgba(x: 115, y: 50).green > 0.95)
        #expect(throws: CanvasError.self) {
            try canvas.renderChartlet(at: .zero, size: Size(width: 1, height: 1), textureID: "missing")
        }
        #expect(throws: CanvasError.self) { try canvas.makeTexture(with: Data("not a png".utf8)) }
    }

    @Test func aCanvasOnAFileSavesEveryChange() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-\(UUID()).maliang")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        do {
            let canvas = try Canvas(file: url, size: Size(width: 200, height: 100))
            canvas.draw(line(y: 30), with: solid)
            canvas.draw(line(y: 70), with: solid)
            canvas.undo()
            #expect(canvas.status.saving == .saved)
        }
        let again = try Canvas(file: url)
        #expect(again.data.elements.count == 1)
        #expect(try again.snapshot().rgba(x: 100, y: 30).red < 0.05)
        #expect(try again.snapshot().rgba(x: 100, y: 70).red > 0.95)
    }
}
