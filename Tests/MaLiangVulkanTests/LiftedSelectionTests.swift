import Foundation
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import Testing

/// Strokes a selection gesture lifts off their layer show, while they move, what the moved strokes show once the
/// gesture ends: where they are alone in a tile its paint is moved whole, where another stroke shares it they are
/// stamped apart.
@Suite(.serialized) struct LiftedSelectionTests {
    @Test(arguments: [false, true]) func aLiftedSelectionShowsWhatMovingItGives(reopened: Bool) throws {
        let context = try validatedContext()
        var document = try Document(size: Size(width: 1000, height: 700))
        let pen = solidBrush(size: 20, opacity: 0.7)
        document.addStroke(pen, line(from: (40, 60), to: (200, 180)))
        let red = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        document.addStroke(
            solidBrush(size: 14, opacity: 0.5, color: red), line(from: (600, 100), to: (900, 500)), seed: 2)
        document.addStroke(pen, line(from: (620, 450), to: (880, 120)), seed: 3)
        document.addStroke(solidBrush(size: 30, opacity: 0.4), line(from: (300, 600), to: (500, 620)), seed: 4)
        var canvas = try CanvasRenderer(document: document, context: context)
        var file: DocumentFile?
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-lift-\(UUID()).maliang")
        defer {
            file?.close()
            try? FileManager.default.removeItem(at: url)
        }
        if reopened {
            // Paint kept in the file, not stamped here: its tiles are brought in before they are moved.
            let created = try DocumentFile.create(at: url, from: document)
            try CanvasRenderer(document: created.document, context: context, paintCache: created).keepPaint(in: created)
            created.close()
            let opened = try DocumentFile.open(at: url)
            file = opened
            document = opened.document
            canvas = try CanvasRenderer(document: document, context: context, paintCache: opened)
            #expect(canvas.keptTilesWaiting > 0)
        }
        canvas.drawsFramesOnHost = false
        // The first stroke alone in its tiles, the third sharing the red one's; the last stays where it is.
        let ids = [document.elements[0].id, document.elements[2].id]
        let move = DocumentTransform.translation(dx: 64, dy: 32)
        let view = ViewTransform(offsetX: 0, offsetY: 0)
        try canvas.showSelection(ids, movedBy: move)
        let lifted = try canvas.windowFramePixels(view: view, width: 1000, height: 700, regions: [nil], copies: true)
        try canvas.showSelection(ids, movedBy: nil)
        try canvas.apply(document.transform(ids, by: move))
        let moved = try canvas.windowFramePixels(view: view, width: 1000, height: 700, regions: [nil], copies: true)
        let deltas = zip(lifted, moved).map { abs(Int($0) - Int($1)) }
        #expect(deltas.max() ?? 0 <= 2, "\(deltas.filter { $0 > 2 }.count) bytes differ, by up to \(deltas.max() ?? 0)")
        // And the strokes did move: the frame before differs.
        try canvas.apply(document.undo())
        let before = try canvas.windowFramePixels(view: view, width: 1000, height: 700, regions: [nil], copies: true)
        #expect(zip(before, moved).filter { $0 != $1 }.count > 10_000)
        assertClean(context)
    }
}
