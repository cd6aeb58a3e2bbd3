import Foundation
import MaLiang
import MaLiangCore
import MaLiangStore
import MaLiangVulkan

/// `maliang bench ora`: OpenRaster export and import time and size for the 10,000-stroke drawing `bench open`
/// makes, and for a 4096×4096 drawing of 10 layers each painted across the whole page. Import is measured as
/// `maliang import` does it: read and written as a drawing, then stamped with its paint and previews kept.
enum OpenRasterBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError("usage: maliang bench ora") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-ora-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = try VulkanContext()

        let strokes = try Document(size: Size(width: 4096, height: 4096))
        for stroke in StoreBenchmark.makeStrokes(10_000, document: strokes) { _ = strokes.append(stroke) }
        try measure("10,000 strokes, 1 layer", strokes, context, to: folder.appendingPathComponent("strokes.ora"))

        let layered = try Document(size: Size(width: 4096, height: 4096))
        let blends: [LayerBlend] = [.normal, .multiply, .screen, .overlay]
        for index in 0..<10 {
            let id = index == 0 ? layered.layers[0].id : layered.makeLayerID()
            if index > 0 {
                _ = layered.addLayer(
                    Layer(
                        id: id, name: "Layer \(index + 1)", opacity: 0.5 + Double(index) / 20, blend: blends[index % 4])
                )
            }
            // 100 long strokes a layer, edge to edge, each layer its own way across.
            for line in 0..<100 {
                let offset = Double(line) * 41 + Double(index) * 4
                let samples = (0..<200).map { step -> InputSample in
                    let t = Double(step) / 199
                    let across = Point(x: 4096 * t, y: offset + 30 * sin(t * 20 + Double(index)))
                    return InputSample(
                        position: index.isMultiple(of: 2) ? across : Point(x: across.y, y: across.x), pressure: 0.6)
                }
                var stroke = Stroke(
                    id: layered.makeElementID(), brush: .brush(Brush(pointSize: 24)), seed: UInt64(line),
                    samples: samples)
                stroke.layer = id
                _ = layered.append(.stroke(stroke))
            }
        }
        try measure("10 layers of 4096²", layered, context, to: folder.appendingPathComponent("layers.ora"))
    }

    private static func measure(_ label: String, _ document: Document, _ context: VulkanContext, to url: URL) throws {
        let clock = ContinuousClock()
        let renderer = try CanvasRenderer(document: document, context: context, undo: false)
        // Stamped first, so the figure is the export's own.
        _ = try renderer.exportSize(scale: 1)
        _ = try renderer.snapshot()
        let start = clock.now
        let layers = try OpenRasterExport.write(renderer, to: url)
        let elapsed = clock.now - start
        print(
            String(
                format: "ora export, %@: %.2f s, %d layers, %.1f MiB", label, seconds(elapsed), layers,
                megabytes(url)))

        let imported = url.deletingPathExtension().appendingPathExtension("maliang")
        let importStart = clock.now
        let (file, _) = try OpenRasterImporter.importSynchronously(from: url, to: imported)
        let read = clock.now - importStart
        // As `maliang import` goes on: stamped (for the previews), then the paint kept.
        let stampStart = clock.now
        let kept: Duration
        do {
            // Closed before its size is read: the file then holds everything.
            defer { file.close() }
            let renderer = try CanvasRenderer(
                document: file.document, context: context, undo: false, stamping: nil, paintCache: file)
            try PagePreview.keep(renderer, in: file)
            let keepStart = clock.now
            try renderer.keepPaint(in: file)
            kept = clock.now - keepStart
        }
        let stamped = clock.now - stampStart - kept
        print(
            String(
                format: "ora import, %@: read and written %.2f s, stamped with previews %.2f s, paint kept %.2f s, "
                    + "drawing %.1f MiB", label, seconds(read), seconds(stamped), seconds(kept), megabytes(imported)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func megabytes(_ url: URL) -> Double {
        Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1_048_576
    }
}
