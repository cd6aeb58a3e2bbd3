// Paints a drawing offscreen with `import MaLiang` alone and writes what it made into the folder it is given:
// drawing.maliang (saved as it changed), drawing.png, folder/ (MaLiang's format), and read.png (the folder read
// back onto a second canvas). Exits 1, saying why, when anything fails.
import Foundation
import MaLiang

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("library-consumer: \(message)\n".utf8))
    exit(1)
}

func square(red: UInt8, green: UInt8, blue: UInt8) throws -> Data {
    try PNG.encode(PNGImage(width: 4, height: 4, pixels: .rgba8((0..<16).flatMap { _ in [red, green, blue, 255] })))
}

do {
    guard CommandLine.arguments.count == 2 else { fail("usage: library-consumer OUTPUT-FOLDER") }
    let output = URL(fileURLWithPath: CommandLine.arguments[1])
    let canvas = try Canvas(file: output.appendingPathComponent("drawing.maliang"), size: Size(width: 300, height: 200))
    var messages: [CanvasMessage] = []
    canvas.onMessage = { messages.append($0) }

    // A brush from a stamp image, used by value.
    let stamp = try PNG.encode(
        PNGImage(width: 8, height: 8, pixels: .rgba8((0..<64).flatMap { _ in [0, 0, 0, 255] as [UInt8] })))
    var ink = try canvas.registerBrush(name: "square-ink", with: stamp)
    ink.pointSize = 10
    ink.opacity = 1
    ink.color = Color(red: 0, green: 0, blue: 1)
    canvas.use(ink)
    canvas.draw((0...30).map { InputSample(position: Point(x: 20 + Double($0) * 8, y: 50), pressure: 1) })

    // A pen stroke as input events, in the canvas's coordinates.
    canvas.resize(width: 300, height: 200)
    var glow = GlowingBrush()
    glow.color = Color(red: 1, green: 0, blue: 0)
    canvas.use(glow)
    for step in 0...20 {
        canvas.handle(
            InputEvent(
                device: .tool(1), phase: step == 0 ? .down : .move, tool: .pen, x: 20 + Double(step) * 12, y: 100,
                pressure: 0.8, time: UInt64(step) * 8_000))
    }
    canvas.handle(InputEvent(device: .tool(1), phase: .up, tool: .pen, x: 260, y: 100, time: 170_000))

    // A chartlet, then a stroke taken back.
    let texture = try canvas.makeTexture(with: try square(red: 0, green: 200, blue: 0))
    try canvas.renderChartlet(at: Point(x: 150, y: 160), size: Size(width: 40, height: 30), textureID: texture.id)
    canvas.draw([InputSample(position: Point(x: 0, y: 0)), InputSample(position: Point(x: 300, y: 200))])
    canvas.undo()
    guard canvas.data.elements.count == 3, canvas.canRedo, canvas.isSaved, messages.isEmpty else {
        fail("unexpected state: \(canvas.data.elements.count) elements, messages \(messages)")
    }

    try canvas.exportPNG(to: output.appendingPathComponent("drawing.png"))
    try DataExporter(canvas: canvas).saveSynchronously(to: output.appendingPathComponent("folder"))
    let reader = try Canvas(size: Size(width: 300, height: 200))
    _ = try reader.registerBrush(name: "square-ink", with: stamp)
    try DataImporter.importDataSynchronously(from: output.appendingPathComponent("folder"), to: reader)
    try PNG.encode(try reader.snapshot()).write(to: output.appendingPathComponent("read.png"))
    print("library-consumer: \(canvas.data.elements.count) elements; zoom \(canvas.zoom)")
} catch {
    fail("\(error)")
}
