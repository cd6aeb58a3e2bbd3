import Foundation
import MaLiangCore
import MaLiangVulkan
import Testing

/// Window frames that copy composed tiles, or fill the paper instead of drawing it, show exactly what drawing
/// everything shows.
@Suite(.serialized) struct WindowFrameTests {
    /// A 700×600 page (edge tiles reach past it) on a tinted paper, with strokes across tile corners and past the
    /// right and bottom edges.
    func paintedCanvas(_ context: VulkanContext) throws -> (Document, CanvasRenderer) {
        let document = try Document(
            size: Size(width: 700, height: 600), background: Color(red: 0.93, green: 0.88, blue: 0.74, alpha: 1))
        let canvas = try CanvasRenderer(document: document, context: context)
        // Frames the host would draw are HostFrameTests' (within a level or two); these compare byte for byte.
        canvas.drawsFramesOnHost = false
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 24, opacity: 0.7, color: .black), line(from: (200, 200), to: (720, 300))))
        try canvas.apply(
            document.addStroke(
                solidBrush(size: 9, opacity: 0.5, color: Color(red: 0.8, green: 0.1, blue: 0.2, alpha: 1)),
                line(from: (250, 30), to: (270, 620)), seed: 2))
        try canvas.apply(
            document.addStroke(solidBrush(size: 40, opacity: 0.3), line(from: (500, 500), to: (600, 590)), seed: 3))
        return (document, canvas)
    }

    /// `view` turned by an angle too small to move a corner: the frame goes through the path that draws everything.
    func drawnReference(_ view: ViewTransform) -> ViewTransform {
        var turned = view
        turned.rotation = 1e-300
        return turned
    }

    func expectSame(
        _ canvas: CanvasRenderer, _ view: ViewTransform, regions: [BufferRect?] = [nil], tolerance: Int = 0,
        _ what: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fast = try canvas.windowFramePixels(view: view, width: 900, height: 700, regions: regions, copies: true)
        let drawn = try canvas.windowFramePixels(
            view: drawnReference(view), width: 900, height: 700, regions: regions, copies: false)
        let differences = zip(fast, drawn).enumerated().filter { $0.element.0 != $0.element.1 }
        let largest = differences.map { abs(Int($0.element.0) - Int($0.element.1)) }.max() ?? 0
        #expect(
            largest <= tolerance,
            """
            \(what): \(differences.count) bytes differ, by up to \(largest), first at pixels \
            \(differences.prefix(4).map { ($0.offset / 4 % 900, $0.offset / 3600) })
            """,
            sourceLocation: sourceLocation)
    }

    /// A frame that draws a few small rectangles again keeps the tiles composed for the rest of the view: they are
    /// not composed again at the next full frame, and none a rectangle drawn moments ago copied is let go.
    @Test func smallRepaintsKeepTheViewsComposedTiles() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 2000, height: 1200))
        let canvas = try CanvasRenderer(document: document, context: context)
        canvas.drawsFramesOnHost = false
        for row in 0..<5 {
            let y = 100 + 256 * Double(row)
            try canvas.apply(
                document.addStroke(solidBrush(size: 20), line(from: (10, y), to: (1990, y + 20)), seed: UInt64(row)))
        }
        let view = ViewTransform()
        _ = try canvas.windowFramePixels(view: view, width: 1920, height: 1080, regions: [nil], copies: true)
        let kept = canvas.composedTilesKept
        #expect(kept >= 35)
        _ = try canvas.windowFramePixels(
            view: view, width: 1920, height: 1080,
            regions: [
                BufferRect(x: 5, y: 5, width: 30, height: 30), BufferRect(x: 1500, y: 900, width: 30, height: 30),
            ],
            copies: true)
        #expect(canvas.composedTilesKept == kept)
        assertClean(context)
    }

    @Test func copiedAndFilledFramesEqualDrawnOnesAtEveryKindOfView() throws {
        let context = try validatedContext()
        let (_, canvas) = try paintedCanvas(context)
        try expectSame(canvas, ViewTransform(offsetX: 40, offsetY: 30), "1:1 on whole pixels (copied)")
        try expectSame(canvas, ViewTransform(offsetX: -300, offsetY: -120), "1:1 panned past the top-left")
        // At 2:1 the filter's weights are interpolated across a 512-pixel copy instead of the whole view: a few
        // pixels round the other way.
        try expectSame(canvas, ViewTransform(scale: 2, offsetX: -500, offsetY: -300), tolerance: 1, "2:1 (copied)")
        try expectSame(canvas, ViewTransform(offsetX: 40.5, offsetY: 29.25), "1:1 between pixels (paper filled)")
        try expectSame(canvas, ViewTransform(scale: 0.8, offsetX: 12.3, offsetY: 7.7), "0.8× (paper filled)")
        try expectSame(
            canvas, ViewTransform(offsetX: 40, offsetY: 30),
            regions: [
                nil, BufferRect(x: 230, y: 220, width: 300, height: 120),
                BufferRect(x: 0, y: 0, width: 60, height: 700),
            ],
            "a frame that redraws parts only")
        assertClean(context)
    }

    @Test func copiedTilesFollowUndoRedoAndTheStrokeInProgress() throws {
        let context = try validatedContext()
        let (document, canvas) = try paintedCanvas(context)
        let view = ViewTransform(offsetX: 40, offsetY: 30)
        try expectSame(canvas, view, "before undo")
        try canvas.apply(document.undo())
        try expectSame(canvas, view, "after undo")
        try canvas.apply(document.redo())
        try expectSame(canvas, view, "after redo")
        // A stroke in progress is drawn over the copied tiles.
        let stroke = Stroke(
            id: document.makeElementID(), brush: solidBrush(size: 15, opacity: 0.6), seed: 9, samples: [])
        var live = try LiveLine(stroke, on: canvas, from: (100, 400), to: (650, 250))
        try expectSame(canvas, view, "a stroke in progress")
        try canvas.apply(document.append(.stroke(live.finish())))
        try expectSame(canvas, view, "the stroke committed")
        // A new paper colour recomposes every tile.
        try canvas.apply(document.setBackground(Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)))
        try expectSame(canvas, view, "another paper")
        assertClean(context)
    }

    /// The eraser in progress takes paint away with destination-out over the whole frame, paper included: what it
    /// uncovers must show the paper (or its checks) as the finished stroke will, never a hole (black in a window).
    @Test(arguments: [false, true]) func theEraserInProgressShowsThePaperItUncovers(transparentPaper: Bool) throws {
        let context = try validatedContext()
        let (document, canvas) = try paintedCanvas(context)
        canvas.drawsFramesOnHost = true
        if transparentPaper { try canvas.apply(document.setBackground(Color(red: 1, green: 1, blue: 1, alpha: 0))) }
        let eraser = Stroke(
            id: document.makeElementID(), brush: BrushPresets.brush(named: "eraser") ?? .brush(Brush()), seed: 5,
            samples: [])
        // Past the page's right edge too, where the window colour shows.
        var erasing = try LiveLine(eraser, on: canvas, from: (100, 250), to: (760, 250))
        let recorded = try erasing.finish()
        let views = [
            ("1:1", ViewTransform(offsetX: 40, offsetY: 30)),
            ("0.8×", ViewTransform(scale: 0.8, offsetX: 12.3, offsetY: 7.7)),
            ("turned", ViewTransform(rotation: 0.2, offsetX: 90, offsetY: -40)),
        ]
        let whileErasing = try views.map {
            try canvas.windowFramePixels(view: $0.1, width: 900, height: 700, regions: [nil], copies: true)
        }
        try canvas.apply(document.append(.stroke(recorded)))
        for ((name, view), during) in zip(views, whileErasing) {
            let after = try canvas.windowFramePixels(view: view, width: 900, height: 700, regions: [nil], copies: true)
            let holes = stride(from: 3, to: during.count, by: 4).filter { during[$0] != 255 }.count
            #expect(holes == 0, "\(name): \(holes) pixels not opaque while erasing")
            // The live stroke is drawn by the rasteriser, the finished one by the stamping kernel, and zoomed out
            // the live layer has no smaller levels: edges differ by up to a tenth; a hole would differ by the
            // paper's whole brightness.
            let largest = zip(during, after).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 32, "\(name): while erasing and after differ by up to \(largest)")
        }
        assertClean(context)
    }
}

/// A stroke drawn live on a canvas along a straight line, as the window draws one while the pen moves.
struct LiveLine {
    private var builder: StrokeBuilder
    private var recorded: Stroke
    private let canvas: CanvasRenderer

    /// Begins `stroke` on `canvas` and shows its samples from `start` to `end`.
    init(_ stroke: Stroke, on canvas: CanvasRenderer, from start: (Double, Double), to end: (Double, Double)) throws {
        builder = stroke.makeBuilder()
        recorded = stroke
        self.canvas = canvas
        canvas.beginLiveStroke(stroke)
        var stamps: [Stamp] = []
        for sample in line(from: start, to: end) {
            if let stored = recorded.samples.append(sample) { builder.add(stored, into: &stamps) }
        }
        try canvas.addLiveStamps(stamps)
    }

    /// Shows the stroke's end, as at pen-up, and returns the stroke to commit.
    mutating func finish() throws -> Stroke {
        try canvas.addLiveStamps(builder.finish())
        return recorded
    }
}
