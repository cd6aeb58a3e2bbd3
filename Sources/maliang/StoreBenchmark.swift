import CMemoryTuning
import Foundation
import MaLiangCore
import MaLiangStore

/// `maliang bench store [STROKES]`: figures for the native file and MaLiang folders.
enum StoreBenchmark {
    static func run(_ arguments: [String]) throws {
        let strokeCount =
            try arguments.first.map { text -> Int in
                guard let count = Int(text), count > 0 else { throw UsageError("usage: maliang bench store [STROKES]") }
                return count
            } ?? 10_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let url = folder.appendingPathComponent("bench.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 4096, height: 4096))
        let heapBefore = ml_heap_bytes_in_use()
        let strokes = makeStrokes(strokeCount, document: file.document)
        // What a session holds once the strokes are drawn: each in the document and its undo history.
        let edits = strokes.map { file.document.append($0) }
        let heapDrawn = ml_heap_bytes_in_use()
        let clock = ContinuousClock()
        let start = clock.now
        for changes in edits { try file.write(changes) }
        let drawing = seconds(clock.now - start)
        let heapWritten = withExtendedLifetime(edits) { ml_heap_bytes_in_use() }
        let commits = file.commitDurations.sorted()
        file.close()
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let samples = strokes.reduce(0) { total, element in
            if case .stroke(let stroke) = element { return total + stroke.samples.count }
            return total
        }
        print("store: \(strokeCount) strokes, \(samples) samples")
        func mebibytes(_ bytes: Int) -> Double { Double(bytes - Int(heapBefore)) / 1_048_576 }
        print(
            String(
                format: "memory the drawn strokes hold (malloc in use): %.1f MiB, %.1f MiB once written to the file",
                mebibytes(Int(heapDrawn)), mebibytes(Int(heapWritten))))
        print(
            String(
                format: "commit per stroke: p50 %.3f ms, p99 %.3f ms (all %d: %.2f s)", percentile(commits, 0.5) * 1000,
                percentile(commits, 0.99) * 1000, commits.count, drawing))

        var openTimes: [Double] = []
        var opened: DocumentFile?
        for _ in 0..<3 {
            opened?.close()
            let openStart = clock.now
            opened = try DocumentFile.open(at: url)
            openTimes.append(seconds(clock.now - openStart))
        }
        print(
            String(
                format: "open: %.3f s (best of 3), file size: %.1f MiB", openTimes.min() ?? 0, Double(size) / 1_048_576)
        )

        guard let document = opened?.document else { return }
        let exportFolder = folder.appendingPathComponent("exported")
        let exportStart = clock.now
        try FolderExporter(document: document).saveSynchronously(to: exportFolder)
        let exportTime = seconds(clock.now - exportStart)
        let importStart = clock.now
        let imported = try FolderImporter.importDataSynchronously(
            from: exportFolder, to: folder.appendingPathComponent("imported.maliang"))
        let importTime = seconds(clock.now - importStart)
        print(
            String(
                format: "MaLiang folder: export %.3f s, import %.3f s (%d elements)", exportTime, importTime,
                imported.document.elements.count))
        imported.close()
        opened?.close()
    }

    /// Strokes cut from painting30sec-like handwriting: synthetic but realistic lengths (100 samples each).
    static func makeStrokes(_ count: Int, document: Document) -> [Element] {
        (0..<count).map { index in
            let originX = Double(index % 50) * 80
            let originY = Double(index / 50 % 50) * 80
            let samples = (0..<100).map { step -> InputSample in
                let t = Double(step) / 99
                return InputSample(
                    position: Point(x: originX + 60 * t, y: originY + 20 * sin(t * 9 + Double(index))),
                    pressure: 0.3 + 0.5 * sin(t * 3.1),
                    tiltX: 12, tiltY: -8, time: UInt64(step) * 8000, tool: .pen, deviceSerial: 0x1234)
            }
            return .stroke(
                Stroke(
                    id: document.makeElementID(), brush: .brush(Brush(pointSize: 8, forceSensitive: 1)),
                    seed: UInt64(index), samples: samples))
        }
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(Int(Double(sorted.count - 1) * fraction), sorted.count - 1)]
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
