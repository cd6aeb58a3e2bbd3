import Foundation
import MaLiang
import Testing

/// The canvas as a program uses it: painted from code, pixels checked.
@Suite(.serialized) struct CanvasTests {
    let solid = Brush(name: "solid", hardness: 1, opacity: 1, pointSize: 8, pointStep: 1)

    @Test func drawUndoRedoAndClearChangeThePicture() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.draw(line(y: 50), with: .brush(solid))
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red < 0.05)
        canvas.undo()
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red > 0.95 && canvas.canRedo)
        canvas.redo()
        canvas.clear()
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red > 0.95)
        canvas.undo()
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red < 0.05)
    }

    @Test func thePaperChangesAsAnUndoStep() throws {
        let canvas = try Canvas(size: Size(width: 40, height: 20))
        canvas.paper = Color(red: 0, green: 0, blue: 1)
        let blue = try canvas.snapshot().rgba(x: 20, y: 10)
        #expect(blue.blue > 0.95 && blue.red < 0.05)
        canvas.paper = .clear
        #expect(try canvas.snapshot().rgba(x: 20, y: 10).alpha < 0.01)
        canvas.undo()
        #expect(canvas.paper == Color(red: 0, green: 0, blue: 1))
    }

    @Test func layersFromCodeComposeUndoAndAreSaved() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID()).maliang")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        do {
            let canvas = try Canvas(file: url, size: Size(width: 200, height: 100))
            canvas.draw(line(y: 50), with: .brush(solid))
            let top = try #require(canvas.addLayer())
            #expect(canvas.currentLayer == top && canvas.layers.count == 2)
            var white = solid
            white.color = .white
            canvas.draw(line(y: 50), with: .brush(white))
            #expect(try canvas.snapshot().rgba(x: 100, y: 50).red > 0.95, "the upper layer covers the lower one")
            canvas.updateLayer(top) {
                $0.blend = .multiply
                $0.name = "Wash"
            }
            #expect(try canvas.snapshot().rgba(x: 100, y: 50).red < 0.05, "white multiplied changes nothing")
            canvas.undo()
            #expect(canvas.layers[1].blend == .normal && canvas.layers[1].name != "Wash", "one change")
            canvas.redo()
            canvas.currentLayer = canvas.layers[0].id
            canvas.moveCurrentLayer(up: true)
            #expect(canvas.layers.map(\.name) == ["Wash", "Layer 1"])
        }
        let again = try Canvas(file: url)
        #expect(again.layers.map(\.name) == ["Wash", "Layer 1"] && again.layers[0].blend == .multiply)
        #expect(try again.snapshot().rgba(x: 100, y: 50).red < 0.05)
        again.deleteCurrentLayer()
        again.deleteCurrentLayer()
        #expect(again.layers.count == 1)
    }

    @Test func chartletsArePlacedFromATextureAndBadOnesAreRefused() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        let texture = try canvas.makeTexture(with: try png(red: 255, green: 0, blue: 0))
        let chartlet = try canvas.renderChartlet(
            at: Point(x: 100, y: 50), size: Size(width: 40, height: 20), textureID: texture.id, rotation: .pi / 2)
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
            canvas.draw(line(y: 30), with: .brush(solid))
            canvas.draw(line(y: 70), with: .brush(solid))
            canvas.undo()
            #expect(canvas.isSaved && canvas.fileURL == url)
        }
        let again = try Canvas(file: url)
        #expect(again.data.elements.count == 1)
        #expect(try again.snapshot().rgba(x: 100, y: 30).red < 0.05)
        #expect(try again.snapshot().rgba(x: 100, y: 70).red > 0.95)
    }

    @Test func aFileThatIsNotADrawingIsAClearError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-drawing-\(UUID()).maliang")
        try Data("hello".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: CanvasError.self) { try Canvas(file: url) }
        #expect(try Data(contentsOf: url) == Data("hello".utf8))
    }

    @Test func penEventsPaintWithTheCurrentBrushAndTheEraserEndErases() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.resize(width: 200, height: 100)
        canvas.use(solid)
        pen(canvas, y: 50, tool: .pen)
        #expect(canvas.data.elements.count == 1)
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red < 0.05)
        pen(canvas, y: 50, tool: .eraser)
        #expect(try canvas.snapshot().rgba(x: 100, y: 50).red > 0.95)
        // The top strip is canvas like the rest: no toolbar in an embedded canvas.
        pen(canvas, y: 10, tool: .pen)
        #expect(try canvas.snapshot().rgba(x: 100, y: 10).red < 0.05)
    }

    @Test func theViewZoomsAboutAPointAndInputFollowsIt() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.resize(width: 100, height: 50, scale: 2)
        #expect(canvas.zoom == 1)
        canvas.zoom(by: 2, aboutX: 0, y: 0)
        #expect(canvas.zoom == 2)
        // Logical (10, 10) at scale 2 is buffer (20, 20), drawing (10, 10) at zoom 2.
        #expect(canvas.drawingPoint(x: 10, y: 10) == Point(x: 10, y: 10))
        canvas.draw(line(y: 20, from: 0, to: 40), with: .brush(solid))
        let view = try canvas.renderView()
        #expect(view.width == 200 && view.height == 100)
        #expect(view.rgba(x: 40, y: 40).red < 0.05)  // drawing (20, 20) × 2
        #expect(view.rgba(x: 40, y: 80).red > 0.95)
    }

    func pen(_ canvas: Canvas, y: Double, tool: ToolKind) {
        let points = (0...20).map { Double(10 + 9 * $0) }
        for (index, x) in points.enumerated() {
            let phase: InputEvent.Phase = index == 0 ? .down : .move
            canvas.handle(
                InputEvent(
                    device: .tool(1), phase: phase, tool: tool, x: x, y: y, pressure: 1, time: UInt64(index) * 8000))
        }
        canvas.handle(InputEvent(device: .tool(1), phase: .up, tool: tool, x: 190, y: y, time: 200_000))
    }
}

/// A straight line of samples at full pressure.
func line(y: Double, from: Double = 10, to: Double = 190) -> [InputSample] {
    (0...20).map { InputSample(position: Point(x: from + (to - from) * Double($0) / 20, y: y), pressure: 1) }
}

/// An 8×8 opaque PNG of one colour.
func png(red: UInt8, green: UInt8, blue: UInt8) throws -> Data {
    try PNG.encode(PNGImage(width: 8, height: 8, pixels: .rgba8((0..<64).flatMap { _ in [red, green, blue, 255] })))
}
