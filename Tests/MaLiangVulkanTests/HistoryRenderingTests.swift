import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

@Suite(.serialized) struct HistoryRenderingTests {
    func strokes(_ document: Document) -> [[InputSample]] {
        [line(from: (10, 10), to: (90, 90)), line(from: (90, 10), to: (10, 90)), line(from: (50, 5), to: (50, 95))]
    }

    func reference(_ count: Int, context: VulkanContext) throws -> PNGImage {
        let document = try Document(size: Size(width: 100, height: 100))
        for (index, samples) in strokes(document).prefix(count).enumerated() {
            document.addStroke(solidBrush(size: 9, opacity: 0.6), samples, seed: UInt64(index))
        }
        return try CanvasRenderer(document: document, context: context).export(bitDepth: 16)
    }

    @Test func undoRedoAndClearGiveExactlyTheDrawingOfThatState() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 100, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        for (index, samples) in strokes(document).enumerated() {
            try canvas.apply(document.addStroke(solidBrush(size: 9, opacity: 0.6), samples, seed: UInt64(index)))
        }
        let three = try reference(3, context: context)
        let two = try reference(2, context: context)
        let none = try reference(0, context: context)
        #expect(try canvas.export(bitDepth: 16) == three)
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == two)
        try canvas.apply(document.redo())
        #expect(try canvas.export(bitDepth: 16) == three)
        try canvas.apply(document.clear())
        #expect(try canvas.export(bitDepth: 16) == none)
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == three)
        try canvas.apply(document.undo())
        try canvas.apply(document.undo())
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == none)
        #expect(canvas.paintTileCount == 0)
        assertClean(context)
    }

    /// Each clear keeps a whole canvas for its undo: five clears keep only the newest two, and undoing all of them
    /// still gives exactly the drawing of each state (older ones rebuilt).
    @Test func manyClearsKeepBoundedTilesAndStillUndoExactly() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 100, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        let all = strokes(document)
        var states: [PNGImage] = []
        for round in 0..<5 {
            try canvas.apply(
                document.addStroke(solidBrush(size: 9, opacity: 0.6), all[round % all.count], seed: UInt64(round)))
            states.append(try canvas.export(bitDepth: 16))
            try canvas.apply(document.clear())
        }
        // Every stroke lands on a cleared canvas (no copies to keep); each clear took the one tile it painted.
        #expect(canvas.statistics.undoTiles == 2)
        for state in states.reversed() {
            try canvas.apply(document.undo())  // the clear
            #expect(try canvas.export(bitDepth: 16) == state)
            try canvas.apply(document.undo())  // the stroke
        }
        #expect(canvas.paintTileCount == 0)
        assertClean(context)
    }

    @Test func aLiveStrokeBakesToTheSamePixelsAsAStoredOne() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 100, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        let samples = strokes(document)[0]
        var stroke = Stroke(
            id: document.makeElementID(), brush: solidBrush(size: 9, opacity: 0.6), seed: 0, samples: [])
        var builder = stroke.makeBuilder()
        canvas.beginLiveStroke(stroke)
        for chunk in stride(from: 0, to: samples.count, by: 3) {
            var stamps: [Stamp] = []
            for sample in samples[chunk..<min(chunk + 3, samples.count)] {
                if let stored = stroke.samples.append(sample) { builder.add(stored, into: &stamps) }
            }
            try canvas.addLiveStamps(stamps)
        }
        // While drawing, the view shows the stroke at its opacity.
        let during = try canvas.render(view: ViewTransform(), width: 100, height: 100)
        #expect(abs(during.at(50, 50).red - 0.4) < 0.02)
        // A guessed continuation is shown at the stroke's opacity, replaced by the next guess, and never baked.
        let guess = Stamp(x: 90, y: 10, size: 9, angle: 0, red: 0, green: 0, blue: 0, alpha: 1, flow: 1)
        try canvas.addLiveStamps([], prediction: [guess])
        #expect(abs(try canvas.render(view: ViewTransform(), width: 100, height: 100).at(90, 10).red - 0.4) < 0.02)
        var moved = guess
        moved.y = 20
        try canvas.addLiveStamps([], prediction: [moved])
        let replaced = try canvas.render(view: ViewTransform(), width: 100, height: 100)
        #expect(replaced.at(90, 10).red > 0.99 && abs(replaced.at(90, 20).red - 0.4) < 0.02)
        try canvas.addLiveStamps(builder.finish())
        try canvas.apply(document.append(.stroke(stroke)))
        #expect(!canvas.isShowingLiveStroke)
        #expect(document.elements.count == 1 && stroke.samples.count == samples.count)
        #expect(try canvas.export(bitDepth: 16) == (try reference(1, context: context)))
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == (try reference(0, context: context)))
        assertClean(context)
    }

    @Test func chartletsAreEditableObjectsAboveThePaint() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 100, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        try canvas.apply(document.addStroke(solidBrush(size: 30, color: .black), line(from: (0, 50), to: (100, 50))))
        let chartlet = Chartlet(
            id: document.makeElementID(), textureID: "red", center: Point(x: 50, y: 50),
            size: Size(width: 20, height: 60), angle: .pi / 2)
        try canvas.apply(document.insert(chartlet, image: try solidPNG(width: 8, height: 8, rgba: [255, 0, 0, 255])))
        var image = try canvas.export()
        // Turned a quarter: 60 wide, 20 tall, over the black paint.
        #expect(image.at(25, 50).red > 0.99 && image.at(25, 50).green < 0.01)
        #expect(image.at(50, 30).green > 0.99)
        try canvas.apply(document.updateChartlet(chartlet.id) { $0.center = Point(x: 50, y: 15) })
        image = try canvas.export()
        #expect(image.at(25, 50).red < 0.01 && image.at(50, 15).red > 0.99)
        try canvas.apply(document.undo())
        try canvas.apply(document.undo())
        image = try canvas.export()
        // Both undone: no image at all, the paint and the white background as they were.
        #expect(image.at(25, 50).red < 0.01 && image.at(50, 15).green > 0.99)
        assertClean(context)
    }

    @Test func aFourTimesExportIsRestampedNotUpscaled() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 60, height: 30))
        document.addStroke(solidBrush(size: 2), line(from: (5, 15), to: (55, 15)))
        let canvas = try CanvasRenderer(document: document, context: context)
        let big = try canvas.export(scale: 4, background: false, bitDepth: 16)
        #expect(big.width == 240 && big.height == 120)
        // At 4× the 2-pixel line is 8 pixels wide with a sharp edge: no blurry upscaled ramp.
        var covered: [Int] = []
        for y in 0..<120 where big.at(120, y).alpha > 0.5 { covered.append(y) }
        #expect(covered == Array(56...63), "\(covered)")
        #expect(big.at(120, 54).alpha < 0.01 && big.at(120, 65).alpha < 0.01)
        assertClean(context)
    }
}

@Suite(.serialized) struct ViewRenderingTests {
    @Test func aZoomedOutViewAveragesInsteadOfAliasing() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 256, height: 256))
        // Black lines one pixel wide every two pixels: half coverage.
        for row in stride(from: 0.5, to: 256, by: 2) {
            document.addStroke(
                .brush(Brush(name: "hair", hardness: 1, opacity: 1, pointSize: 1, pointStep: 0.25)),
                line(from: (0, row), to: (256, row)))
        }
        let canvas = try CanvasRenderer(document: document, context: context)
        let view = try canvas.render(view: ViewTransform(scale: 0.125), width: 32, height: 32)
        for (x, y) in [(4, 4), (16, 16), (28, 20)] {
            let value = view.at(x, y).red
            #expect(value > 0.3 && value < 0.7, "\(value) at \(x),\(y)")
        }
        // Rotated and panned: the document's corner lands where the transform says.
        let turned = try canvas.render(
            view: ViewTransform(scale: 0.125, rotation: .pi / 2, offsetX: 32, offsetY: 0), width: 32, height: 32)
        #expect(turned.at(16, 16).red < 0.8)
        assertClean(context)
    }
}
