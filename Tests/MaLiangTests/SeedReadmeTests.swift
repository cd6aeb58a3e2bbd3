import CTextRender
import Foundation
import MaLiang
import Testing

/// Every code sample of MaLiang's README, as a program on Linux writes it, run offscreen with its pixels checked.
/// The docs (Sources/MaLiang/MaLiang.docc) show the same code.
@Suite(.serialized) struct SeedReadmeTests {
    let resources = Bundle.module.bundleURL.appendingPathComponent("Resources")

    /// "Canvas can be simply created with … code": a canvas of a size, in memory (or on a file).
    @Test func aCanvasIsMadeWithCode() throws {
        let canvas = try Canvas(size: Size(width: 320, height: 240))
        let picture = try canvas.snapshot()
        #expect(picture.width == 320 && picture.height == 240)
        #expect(picture.rgba(x: 160, y: 120).red > 0.99)  // a white page
    }

    /// "Register a Brush with image data or file to Canvas and paint with it".
    @Test func aBrushIsRegisteredFromAFileAndUsed() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        let path = resources.appendingPathComponent("pencil.png").path
        var pencil = try canvas.registerBrush(with: URL(fileURLWithPath: path))
        pencil.pointSize = 24
        pencil.pointStep = 24
        pencil.opacity = 1
        canvas.use(pencil)
        canvas.draw(line(y: 50))
        #expect(pencil.name == "pencil" && pencil.textureID == "pencil")
        let picture = try canvas.snapshot()
        // Stamps one diameter apart: the grain shows, dark and lighter pixels rather than one flat grey.
        let greys = (40...160).map { picture.rgba(x: $0, y: 50).red }
        #expect(greys.min()! < 0.4)
        #expect(greys.max()! - greys.min()! > 0.1)
        #expect(picture.rgba(x: 100, y: 80).red > 0.99)
        #expect(throws: CanvasError.self) {
            try canvas.registerBrush(with: resources.appendingPathComponent("missing.png"))
        }
    }

    /// "Brush have serval properties for you to custmize": opacity, pointSize, pointStep, forceSensitive, color,
    /// scaleWithCanvas.
    @Test func brushPropertiesChangeTheStroke() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 200))
        var brush = Brush(name: "round")
        brush.opacity = 0.5
        brush.pointSize = 20
        brush.pointStep = 1
        brush.forceSensitive = 0
        brush.color = Color(red: 0, green: 0, blue: 1)
        brush.scaleWithCanvas = true
        canvas.use(brush)
        canvas.draw(line(y: 50))
        let picture = try canvas.snapshot()
        let blue = picture.rgba(x: 100, y: 50)
        // Half-transparent blue on white, however many stamps overlap (the stroke's opacity is a ceiling).
        #expect(abs(blue.red - 0.5) < 0.05 && blue.blue > 0.99)
        #expect(picture.rgba(x: 100, y: 58).red < 0.6 && picture.rgba(x: 100, y: 62).red > 0.99)
    }

    /// "Force & 3D Touch": forceSensitive makes pressure set the size; without pressure, force is simulated from
    /// speed.
    @Test func pressureAndSimulatedForceSetTheSize() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 300))
        var brush = Brush(name: "round", opacity: 1, pointSize: 30)
        brush.forceSensitive = 1
        canvas.use(brush)
        canvas.draw(line(y: 50).map { sample(at: $0.position, pressure: 0.2) })
        canvas.draw(line(y: 120).map { sample(at: $0.position, pressure: 1) })
        // No pressure: slow samples (a second apart) are heavy, fast ones (1 ms apart) thin.
        canvas.draw(line(y: 190).enumerated().map { sample(at: $1.position, time: UInt64($0) * 1_000_000) })
        canvas.draw(line(y: 260).enumerated().map { sample(at: $1.position, time: UInt64($0) * 1_000) })
        let picture = try canvas.snapshot()
        let light = width(of: picture, x: 100, around: 50)
        let heavy = width(of: picture, x: 100, around: 120)
        let slow = width(of: picture, x: 100, around: 190)
        let fast = width(of: picture, x: 100, around: 260)
        #expect(heavy >= 28 && light < heavy / 2, "pressure: \(light) px at 0.2, \(heavy) px at 1")
        #expect(fast < slow / 2, "simulated force: \(slow) px slow, \(fast) px fast")
    }

    /// Glowing lines and the eraser, MaLiang's other brushes.
    @Test func glowingLinesAndTheEraser() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.draw(line(y: 50), with: .brush(Brush(name: "ink", opacity: 1, pointSize: 30)))
        canvas.use(Eraser(brush: Brush(name: "eraser", opacity: 1, pointSize: 10)))
        canvas.draw(line(y: 50))
        var glow = GlowingBrush()
        glow.pointSize = 20
        glow.color = Color(red: 1, green: 0, blue: 0)
        glow.coreColor = .white
        canvas.use(glow)
        canvas.draw(line(y: 85))
        let picture = try canvas.snapshot()
        #expect(picture.rgba(x: 100, y: 50).red > 0.99 && picture.rgba(x: 100, y: 40).red < 0.05)
        let core = picture.rgba(x: 100, y: 85)
        let halo = picture.rgba(x: 100, y: 78)
        // A bright core inside a red halo.
        #expect(halo.red > 0.99 && halo.green < 0.8 && core.green > halo.green + 0.1)
    }

    /// "Chartlet": `let texture = try canvas.makeTexture(with: data)` and
    /// `canvas.renderChartlet(at: location, size: chartletSize, textureID: texture.id, rotation: angle)`.
    @Test func chartletsFromImageData() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        let data = try Data(contentsOf: resources.appendingPathComponent("sticker.png"))
        let texture = try canvas.makeTexture(with: data)
        let location = Point(x: 100, y: 50)
        let chartletSize = Size(width: 64, height: 32)
        try canvas.renderChartlet(at: location, size: chartletSize, textureID: texture.id, rotation: .pi / 4)
        let picture = try canvas.snapshot()
        let centre = picture.rgba(x: 100, y: 50)
        #expect(centre.red > 0.8 && centre.green < 0.2)
        // Turned 45°: a corner of the unturned rectangle is paper now.
        #expect(picture.rgba(x: 70, y: 36).green > 0.99)
    }

    /// "Text": laid out by the program — here with Pango and Cairo — and placed as a chartlet.
    @Test func textIsPlacedAsAChartlet() throws {
        var rendered = mltext_image()
        let black: [Double] = [0, 0, 0, 1]
        #expect(mltext_render("MaLiang", "Sans Bold 24", 1, black, 0, &rendered) == 0)
        defer { mltext_free(&rendered) }
        let width = Int(rendered.width)
        let height = Int(rendered.height)
        let premultiplied = Array(UnsafeBufferPointer(start: rendered.pixels, count: width * height * 4))
        // Cairo's pixels are premultiplied; PNG's are straight.
        var straight = premultiplied
        for index in stride(from: 0, to: straight.count, by: 4) where straight[index + 3] > 0 {
            for channel in 0..<3 {
                straight[index + channel] = UInt8(
                    min(255, Int(premultiplied[index + channel]) * 255 / Int(premultiplied[index + 3])))
            }
        }
        let text = try PNG.encode(PNGImage(width: width, height: height, pixels: .rgba8(straight)))
        let canvas = try Canvas(size: Size(width: 300, height: 100))
        let texture = try canvas.makeTexture(with: text)
        try canvas.renderChartlet(
            at: Point(x: 150, y: 50), size: Size(width: Double(width), height: Double(height)), textureID: texture.id)
        let picture = try canvas.snapshot()
        let dark = (0..<picture.width).filter { picture.rgba(x: $0, y: 50).red < 0.3 }
        #expect(dark.count > 20 && dark.first! > 150 - width / 2 - 2 && dark.last! < 150 + width / 2 + 2)
    }

    /// "CanvasData … holds all the data on the Canvas, and makes the undo and redo actions to be possiable."
    @Test func canvasDataHoldsTheElementsAndTheHistory() throws {
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.draw(line(y: 30))
        try canvas.renderChartlet(
            at: Point(x: 100, y: 70), size: Size(width: 20, height: 20),
            textureID: try canvas.makeTexture(with: png(red: 0, green: 0, blue: 0)).id)
        let data: CanvasData = canvas.data
        #expect(data.elements.count == 2 && data.canUndo)
        canvas.undo()
        #expect(data.elements.count == 1 && data.canRedo)
        canvas.redo()
        #expect(data.elements.count == 2)
    }

    /// "Zoom & Scale": the view zooms and turns; strokes drawn zoomed keep their size on screen unless the brush
    /// scales with the canvas.
    @Test func zoomAndScale() throws {
        let canvas = try Canvas(size: Size(width: 400, height: 400))
        canvas.resize(width: 200, height: 200)
        canvas.zoom(by: 4, aboutX: 0, y: 0)
        canvas.use(Brush(name: "round", opacity: 1, pointSize: 20, scaleWithCanvas: false))
        pen(canvas, y: 20)
        canvas.use(Brush(name: "round", opacity: 1, pointSize: 20, scaleWithCanvas: true))
        pen(canvas, y: 180)
        let picture = try canvas.snapshot()
        // 20 px on screen at zoom 4 is 5 drawing pixels; the scaling brush stays 20 drawing pixels.
        let onScreen = width(of: picture, x: 12, around: 5)
        let scaling = width(of: picture, x: 12, around: 45)
        #expect(abs(onScreen - 5) <= 1 && abs(scaling - 20) <= 2, "\(onScreen) and \(scaling) px")
        #expect(try canvas.renderView().rgba(x: 100, y: 20).red < 0.05)
    }

    /// "Saving": `DataExporter(canvas:)` then `save(to:progress:result:)` or `saveSynchronously(to:progress:)`;
    /// "Reading": `DataImporter.importData(from:to:progress:result:)`.
    @Test func savingAndReadingMaLiangFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-folder-\(UUID())")
        let again = folder.appendingPathExtension("again")
        defer { for url in [folder, again] { try? FileManager.default.removeItem(at: url) } }
        let canvas = try Canvas(size: Size(width: 200, height: 100))
        canvas.draw(line(y: 30), with: .brush(Brush(name: "ink", opacity: 1, pointSize: 8)))
        try canvas.renderChartlet(
            at: Point(x: 100, y: 70), size: Size(width: 20, height: 20),
            textureID: try canvas.makeTexture(with: png(red: 255, green: 0, blue: 0)).id)

        let exporter = DataExporter(canvas: canvas)
        var progress: [Double] = []
        var saved: Result<Void, CanvasError>?
        exporter.save(to: folder, progress: { progress.append($0) }, result: { saved = $0 })
        try saved?.get()
        #expect(progress.last == 1 && progress == progress.sorted())
        try exporter.saveSynchronously(to: again)
        #expect(throws: CanvasError.self) { try exporter.saveSynchronously(to: folder) }  // not empty

        let reader = try Canvas(size: Size(width: 200, height: 100))
        reader.draw(line(y: 50))
        var read: Result<Void, CanvasError>?
        DataImporter.importData(from: folder, to: reader, progress: nil, result: { read = $0 })
        try read?.get()
        #expect(reader.data.elements.count == 2)
        let picture = try reader.snapshot()
        #expect(picture.rgba(x: 100, y: 30).red < 0.05 && picture.rgba(x: 100, y: 50).red > 0.99)
        #expect(picture.rgba(x: 100, y: 70).red > 0.95 && picture.rgba(x: 100, y: 70).green < 0.05)
        // Reading is one change: undo brings back the drawing it replaced.
        reader.undo()
        #expect(reader.data.elements.count == 1)
        #expect(try reader.snapshot().rgba(x: 100, y: 50).red < 0.05)
        // A folder that is not MaLiang's changes nothing.
        #expect(throws: CanvasError.self) {
            try DataImporter.importDataSynchronously(from: resources, to: reader)
        }
        #expect(reader.data.elements.count == 1)
    }

    func sample(at point: Point, pressure: Double? = nil, time: UInt64 = 0) -> InputSample {
        InputSample(position: point, pressure: pressure, time: time)
    }

    /// Pixels darker than mid-grey in column `x` around row `y`.
    func width(of picture: PNGImage, x: Int, around y: Int) -> Int {
        let rows = max(0, y - 15)..<min(picture.height, y + 15)
        return rows.filter { picture.rgba(x: x, y: $0).red < 0.5 }.count
    }

    /// A pen stroke across the canvas's area at logical row `y`.
    func pen(_ canvas: Canvas, y: Double) {
        for (index, x) in stride(from: 0.0, through: 100, by: 5).enumerated() {
            canvas.handle(
                InputEvent(
                    device: .tool(1), phase: index == 0 ? .down : .move, tool: .pen, x: x, y: y, pressure: 1,
                    time: UInt64(index) * 8000))
        }
        canvas.handle(InputEvent(device: .tool(1), phase: .up, tool: .pen, x: 100, y: y, time: 200_000))
    }
}
