import Foundation
import MaLiang
import MaLiangCore
import MaLiangStore
import MaLiangVulkan

/// `maliang bench open [FILE]`: how long a document takes to open and show, and the memory that takes, in a
/// fresh process — then again, now that closing it kept its paint in the file. Without FILE, a 4096×4096
/// document of 10,000 strokes of 100 samples is made first; a FILE that is not there is made so and kept (for
/// `maliang-test-compositor --opening FILE`); FILE itself gets the paint kept in it.
enum OpenBenchmark {
    static let usage = "usage: maliang bench open [FILE]"

    static func run(_ arguments: [String]) throws {
        if arguments.first == "--measure", arguments.count == 2 {
            try measure(URL(fileURLWithPath: arguments[1]))
            return
        }
        guard arguments.count <= 1 else { throw UsageError(usage) }
        if let path = arguments.first {
            if !FileManager.default.fileExists(atPath: path) { try make(at: URL(fileURLWithPath: path)) }
            try measureInChild(path)
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-open-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bench.maliang")
        try make(at: url)
        try measureInChild(url.path)
    }

    /// A 4096×4096 document of 10,000 strokes of 100 samples at `url`.
    private static func make(at url: URL) throws {
        let file = try DocumentFile.create(at: url, size: Size(width: 4096, height: 4096))
        for stroke in StoreBenchmark.makeStrokes(10_000, document: file.document) {
            try file.write(file.document.append(stroke))
        }
        file.close()
    }

    /// Runs `maliang bench open --measure FILE`, so the figures are the opening's alone.
    private static func measureInChild(_ path: String) throws {
        let before = fileSize(path)
        defer {
            print(
                String(
                    format: "file %.1f MiB, %.1f MiB with the paint kept", Double(before) / 1_048_576,
                    Double(fileSize(path)) / 1_048_576))
        }
        for _ in 0..<2 {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["bench", "open", "--measure", path]
            try child.run()
            child.waitUntilExit()
            guard child.terminationStatus == 0 else {
                throw UsageError("measuring the opening of \(path) failed (exit status \(child.terminationStatus))")
            }
        }
    }

    /// Opens the file as the window does (the renderer keeps undo copies), shows one 1920×1080 frame of it fitted,
    /// and prints the times and the resident memory.
    private static func measure(_ url: URL) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        let opened = clock.now
        let context = try VulkanContext()
        let contextReady = clock.now
        let kept = file.paintKey() != nil
        let renderer = try CanvasRenderer(document: file.document, context: context, paintCache: file)
        let adopted = renderer.keptTilesWaiting > 0 || (kept && file.paintKey() == renderer.paintKey)
        let stamped = clock.now
        let size = file.document.size
        let fit = min(1920 / size.width, 1080 / size.height)
        let view = ViewTransform(
            scale: fit, offsetX: (1920 - size.width * fit) / 2, offsetY: (1080 - size.height * fit) / 2)
        let frame = try renderer.measureFrame(view: view, width: 1920, height: 1080)
        let shown = clock.now
        let strokes = file.document.elements.filter { if case .stroke = $0 { true } else { false } }.count
        let resident = memory("VmRSS:")
        let peak = memory("VmHWM:")
        let keepStart = clock.now
        // Kept as closing the window keeps them: the paint, and the previews its next opening shows first.
        try PagePreview.keep(renderer, in: file)
        try renderer.keepPaint(in: file)
        let keeping = seconds(clock.now - keepStart)
        print(
            String(
                format:
                    "open %.0f×%.0f, %d strokes, %@: shown in %.2f s (file %.2f s, device %.2f s, paint %.2f s, "
                    + "first frame %.1f ms); %d tiles; resident %.0f MiB, peak %.0f MiB; %@",
                size.width, size.height, strokes, adopted ? "kept paint" : "stamped",
                seconds(shown - start) - seconds(contextReady - opened), seconds(opened - start),
                seconds(contextReady - opened), seconds(stamped - contextReady), frame * 1000,
                renderer.paintTileCount, resident, peak,
                adopted ? "paint already kept" : String(format: "paint kept in the file in %.2f s", keeping)))
    }

    /// Bytes of the file at `path` and its write-ahead log.
    private static func fileSize(_ path: String) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
    }

    /// A line of /proc/self/status, in MiB.
    private static func memory(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
