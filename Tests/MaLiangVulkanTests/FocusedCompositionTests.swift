import Foundation
import MaLiangCore
import MaLiangVulkan
import Testing

/// On the host (a CPU device), a change that reaches many composed tiles — a layer faded or re-blended — composes
/// only the tiles the last frame showed, from the level it sampled, and leaves the rest for later: the frame shows the
/// change at once, and the page out of view follows when a frame shows it, idle work comes, or an export needs it.
/// Every path ends with the paint a renderer made afresh gives.
@Suite(.serialized) struct FocusedCompositionTests {
    /// A 2048×1024 page (8 × 4 tiles) of two layers, each painted on every tile.
    static func document() throws -> Document {
        let document = try Document(size: Size(width: 2048, height: 1024))
        let top = Layer(id: document.makeLayerID(), name: "Top")
        document.addLayer(top)
        let orange = Color(red: 0.95, green: 0.55, blue: 0.1)
        let blue = Color(red: 0.15, green: 0.35, blue: 0.9)
        for row in stride(from: 16.0, through: 1008, by: 64) {
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: solidBrush(size: 40, opacity: 0.8, color: orange),
                        seed: 1, samples: line(from: (0, row), to: (2048, row), steps: 16))))
        }
        for column in stride(from: 16.0, through: 2032, by: 64) {
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: solidBrush(size: 30, opacity: 0.9, color: blue),
                        seed: 2, samples: line(from: (column, 0), to: (column, 1024), steps: 16), layer: top.id)))
        }
        return document
    }

    static func hostCanvas(_ document: Document, _ context: VulkanContext) throws -> CanvasRenderer {
        let canvas = try CanvasRenderer(document: document, context: context)
        canvas.composesOnHost = true
        canvas.drawsFramesOnHost = true
        return canvas
    }

    /// The largest difference between a frame of `canvas` and of a renderer made afresh on the document as it is.
    static func difference(
        _ canvas: CanvasRenderer, _ document: Document, _ view: ViewTransform, _ context: VulkanContext
    ) throws -> Int {
        let fresh = try hostCanvas(document, context)
        let got = try canvas.windowFramePixels(view: view, width: 512, height: 512, regions: [nil], copies: true)
        let want = try fresh.windowFramePixels(view: view, width: 512, height: 512, regions: [nil], copies: true)
        return zip(got, want).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test func aFadeShowsInViewAtOnceAndThePageFollows() throws {
        let context = try validatedContext()
        let document = try Self.document()
        let canvas = try Self.hostCanvas(document, context)
        let corner = ViewTransform()
        _ = try canvas.windowFramePixels(view: corner, width: 512, height: 512, regions: [nil], copies: true)

        let before = canvas.work.tilesComposed
        try canvas.apply(document.updateLayer(.first) { $0.opacity = 0.4 })
        // The tiles the view reaches are composed now (3 × 3: its right and bottom edges touch the next ones); the
        // other 23 wait.
        #expect(canvas.work.tilesComposed - before == 9, "\(canvas.work)")
        #expect(canvas.hasIdleWork)
        #expect(try Self.difference(canvas, document, corner, context) == 0, "in view, at once")
        let farCorner = ViewTransform(offsetX: -1536, offsetY: -512)
        #expect(try Self.difference(canvas, document, farCorner, context) == 0, "out of view, when shown")

        // Zoomed out, the frame samples levels 2 and 3 only: the change is composed from level 2, which differs
        // from composing at full size and making the levels after only where a stroke's edge crosses a texel.
        let whole = ViewTransform(scale: 0.2, offsetX: 50, offsetY: 150)
        _ = try canvas.windowFramePixels(view: whole, width: 512, height: 512, regions: [nil], copies: true)
        let composed = canvas.work.tilesComposed
        try canvas.apply(document.updateLayer(.first) { $0.opacity = 0.8 })
        #expect(canvas.work.tilesComposed - composed == 32, "every tile is in view")
        let coarse = try Self.difference(canvas, document, whole, context)
        #expect(coarse <= 3, "zoomed out, composed from level 2: \(coarse)")
        #expect(canvas.hasIdleWork, "the full-size levels wait")

        // Idle work composes the rest at full size: then every view is what a renderer made afresh shows.
        var turns = 0
        while try canvas.doIdleWork(tiles: 8) { turns += 1 }
        #expect(!canvas.hasIdleWork && turns == 3, "\(turns)")
        #expect(try Self.difference(canvas, document, whole, context) == 0, "zoomed out, after idle work")
        #expect(try Self.difference(canvas, document, farCorner, context) == 0, "at 1:1, after idle work")
        assertClean(context)
    }

    @Test func anExportComposesWhatWasLeftForLater() throws {
        let context = try validatedContext()
        let document = try Self.document()
        let canvas = try Self.hostCanvas(document, context)
        _ = try canvas.windowFramePixels(view: ViewTransform(), width: 512, height: 512, regions: [nil], copies: true)
        try canvas.apply(document.updateLayer(.first) { $0.blend = .multiply })
        #expect(canvas.hasIdleWork)
        let exported = try canvas.export(background: true, bitDepth: 16)
        #expect(!canvas.hasIdleWork)
        let fresh = try Self.hostCanvas(document, context).export(background: true, bitDepth: 16)
        #expect(exported.pixels == fresh.pixels)
        assertClean(context)
    }
}
