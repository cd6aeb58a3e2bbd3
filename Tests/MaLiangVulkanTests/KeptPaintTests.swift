import Foundation
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import PNGCodec
import Testing

/// A drawing whose paint is kept in its file opens without stamping, shows and exports the same pixels, and edits,
/// undoes and redoes exactly as one whose strokes were stamped; stale or damaged kept paint is stamped again.
@Suite(.serialized) struct KeptPaintTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-kept-paint-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func newFileURL() -> URL { Self.folder.appendingPathComponent("\(UUID().uuidString).maliang") }

    /// Strokes of several brushes across tile corners and past the page's edge, on a 700×600 page.
    func paint(_ document: Document) {
        let brushes = ["pen", "pencil", "glow", "airbrush", "chalk", "eraser"]
        for (index, name) in brushes.enumerated() {
            let brush = BrushPresets.brush(named: name) ?? solidBrush(size: 12)
            let y = 60 + Double(index) * 90
            document.addStroke(
                brush, line(from: (20, y), to: (720, 620 - y), steps: 80, pressure: 0.7), seed: UInt64(index))
        }
        document.addStroke(solidBrush(size: 30, opacity: 0.5), line(from: (250, 10), to: (260, 590)), seed: 9)
    }

    /// The document as it is now, stamped from its strokes by a fresh renderer.
    func stamped(_ document: Document, _ context: VulkanContext) throws -> PNGImage {
        try CanvasRenderer(document: document, context: context).export(bitDepth: 16)
    }

    /// Makes a file of the painted drawing, with its paint kept in it; returns the file's place and the export.
    func fileWithKeptPaint(_ context: VulkanContext) throws -> (URL, PNGImage) {
        let document = try Document(size: Size(width: 700, height: 600))
        paint(document)
        let url = newFileURL()
        let file = try DocumentFile.create(at: url, from: document)
        let first = try CanvasRenderer(document: file.document, context: context, paintCache: file)
        #expect(first.keptTilesWaiting == 0, "nothing was kept yet: the strokes are stamped")
        try first.keepPaint(in: file)
        #expect(file.paintKey() == first.paintKey)
        let export = try first.export(bitDepth: 16)
        file.close()
        return (url, export)
    }

    /// A drawing of three layers (one multiplied, one faded) keeps each layer's paint: reopened, it stamps nothing,
    /// a frame brings in every layer's tiles it shows, and it shows, exports and edits as a stamped one.
    @Test func eachLayersPaintIsKeptAndComposedWhenReopened() throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 700, height: 600))
        paint(document)
        let wash = Layer(id: document.makeLayerID(), name: "Wash", opacity: 0.6, blend: .multiply)
        let glaze = Layer(id: document.makeLayerID(), name: "Glaze", opacity: 0.5)
        document.addLayer(wash)
        document.addLayer(glaze, at: 0)
        for (layer, y) in [(wash.id, 150.0), (glaze.id, 450.0)] {
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(),
                        brush: solidBrush(size: 60, color: Color(red: 0.2, green: 0.6, blue: 0.9)), seed: 5,
                        samples: line(from: (0, y), to: (700, y)), layer: layer)))
        }
        let url = newFileURL()
        do {
            let file = try DocumentFile.create(at: url, from: document)
            let first = try CanvasRenderer(document: file.document, context: context, paintCache: file)
            try first.keepPaint(in: file)
            file.close()
        }
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        let canvas = try CanvasRenderer(document: file.document, context: context, paintCache: file)
        #expect(canvas.work.strokesStamped == 0, "the kept paint was stamped again")
        let waiting = canvas.keptTilesWaiting
        #expect(waiting > 9, "every layer's tiles are kept")
        let frame = try canvas.windowFramePixels(
            view: ViewTransform(offsetX: 0, offsetY: 0), width: 200, height: 200, regions: [nil], copies: true)
        #expect(canvas.keptTilesWaiting < waiting && canvas.keptTilesWaiting > 0, "only the tiles in view came in")
        let fresh = try CanvasRenderer(document: file.document, context: context)
        #expect(
            frame
                == (try fresh.windowFramePixels(
                    view: ViewTransform(offsetX: 0, offsetY: 0), width: 200, height: 200, regions: [nil],
                    copies: true)))
        #expect(try canvas.export(bitDepth: 16) == stamped(file.document, context))
        #expect(canvas.work.strokesStamped == 0)
        // Edits on a kept layer: a stroke taken back, a layer faded and deleted and back.
        try canvas.apply(file.document.undo())
        try canvas.apply(file.document.updateLayer(.first) { $0.opacity = 0.4 })
        try canvas.apply(file.document.removeLayer(wash.id))
        try canvas.apply(file.document.undo())
        #expect(try canvas.export(bitDepth: 16) == stamped(file.document, context))
        assertClean(context)
    }

    @Test func aReopenedDrawingShowsItsKeptPaintAndEditsLikeAStampedOne() throws {
        let context = try validatedContext()
        let (url, expected) = try fileWithKeptPaint(context)
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        let document = file.document
        let canvas = try CanvasRenderer(document: document, context: context, paintCache: file)
        let kept = canvas.keptTilesWaiting
        #expect(kept == 9, "every tile of the 700×600 page is painted")
        // A frame brings in only the tiles it shows.
        _ = try canvas.windowFramePixels(
            view: ViewTransform(offsetX: 0, offsetY: 0), width: 200, height: 200, regions: [nil], copies: true)
        #expect(canvas.keptTilesWaiting == kept - 1)
        #expect(try canvas.export(bitDepth: 16) == expected)
        #expect(canvas.keptTilesWaiting == 0)

        // Each edit gives exactly what stamping the document's strokes gives. The strokes whose paint came from
        // the file have no undo copies: taking them back stamps again those that share their tiles.
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == stamped(document, context), "the newest stroke taken back")
        try canvas.apply(document.undo())
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == stamped(document, context), "three strokes taken back")
        try canvas.apply(document.redo())
        #expect(try canvas.export(bitDepth: 16) == stamped(document, context), "one made again")
        try canvas.apply(
            document.addStroke(solidBrush(size: 14, opacity: 0.8), line(from: (600, 40), to: (40, 560)), seed: 21))
        #expect(try canvas.export(bitDepth: 16) == stamped(document, context), "a new stroke")
        try canvas.apply(document.clear())
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == stamped(document, context), "a clear taken back")
        assertClean(context)
    }

    @Test func aClearRightAfterOpeningSetsAsideEveryKeptTile() throws {
        let context = try validatedContext()
        let (url, expected) = try fileWithKeptPaint(context)
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        let canvas = try CanvasRenderer(document: file.document, context: context, paintCache: file)
        try canvas.apply(file.document.clear())
        #expect(canvas.paintTileCount == 0)
        try canvas.apply(file.document.undo())
        #expect(try canvas.export(bitDepth: 16) == expected)
        assertClean(context)
    }

    @Test func paintOverTheLimitIsNotKeptAndWhatWasKeptGoes() throws {
        let context = try validatedContext()
        let (url, _) = try fileWithKeptPaint(context)
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        let canvas = try CanvasRenderer(document: file.document, context: context, paintCache: file)
        try canvas.apply(file.document.addStroke(solidBrush(size: 8), line(from: (30, 30), to: (60, 40)), seed: 5))
        canvas.keptTilesLimit = 8
        try canvas.keepPaint(in: file)
        #expect(file.paintKey() == nil && file.paintTiles().isEmpty)
        assertClean(context)
    }

    @Test func staleOrDamagedKeptPaintIsStampedAgain() throws {
        let context = try validatedContext()
        let (url, _) = try fileWithKeptPaint(context)
        // A stroke added by a program that does not keep paint: the kept paint no longer matches.
        let file = try DocumentFile.open(at: url)
        try file.write(
            file.document.addStroke(solidBrush(size: 20), line(from: (100, 500), to: (650, 100)), seed: 33))
        file.close()
        let stale = try DocumentFile.open(at: url)
        let restamped = try CanvasRenderer(document: stale.document, context: context, paintCache: stale)
        #expect(restamped.keptTilesWaiting == 0)
        #expect(try restamped.export(bitDepth: 16) == stamped(stale.document, context))
        try restamped.keepPaint(in: stale)
        stale.close()

        // One kept tile's bytes damaged: it is stamped again from the strokes that reach it.
        let database = try SQLiteDatabase(path: url.path, create: false)
        try database.execute(
            "UPDATE layer_paint_cache SET pixels = substr(pixels, 1, 50) WHERE column_index = 1 AND row_index = 1")
        database.close()
        let damaged = try DocumentFile.open(at: url)
        defer { damaged.close() }
        let repaired = try CanvasRenderer(document: damaged.document, context: context, paintCache: damaged)
        #expect(repaired.keptTilesWaiting == 9)
        let got = try repaired.export(bitDepth: 16)
        let want = try stamped(damaged.document, context)
        // Stamped on its own, the tile's strokes are composited in other runs than when the whole drawing is: the
        // 16-bit values may round the other way (2 of 65,535 measured), far below one 8-bit level (257).
        let difference = largestDifference(got, want)
        #expect(difference <= 4, "largest difference \(difference) of 65535")
        assertClean(context)
    }

    /// The largest difference between two 16-bit images' channel values (Int.max for images that cannot compare).
    func largestDifference(_ a: PNGImage, _ b: PNGImage) -> Int {
        guard case .rgba16(let x) = a.pixels, case .rgba16(let y) = b.pixels, x.count == y.count else { return .max }
        return zip(x, y).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}
