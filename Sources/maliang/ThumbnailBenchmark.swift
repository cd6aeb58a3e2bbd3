import Foundation
import MaLiang
import MaLiangCore
import MaLiangStore
import MaLiangVulkan

/// `maliang bench thumbnail [FILE]`: how long `maliang thumbnail` takes, start to exit as a file manager runs it,
/// for a drawing without anything kept, with its paint kept, and with its preview kept. Without FILE, the
/// 4096×4096 drawing of 10,000 strokes `bench open` uses is made first (FILE itself is never changed: a copy is).
enum ThumbnailBenchmark {
    static let usage = "usage: maliang bench thumbnail [FILE]"

    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw UsageError(usage) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-thumbnail-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bench.maliang")
        if let path = arguments.first {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: url)
        } else {
            let file = try DocumentFile.create(at: url, size: Size(width: 4096, height: 4096))
            for stroke in StoreBenchmark.makeStrokes(10_000, document: file.document) {
                try file.write(file.document.append(stroke))
            }
            file.close()
        }
        let output = folder.appendingPathComponent("thumbnail.png").path
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        let strokes = file.document.elements.filter { if case .stroke = $0 { true } else { false } }.count
        let page = file.document.size
        print(String(format: "drawing %.0f×%.0f, %d strokes", page.width, page.height, strokes))
        try file.forgetPaint()
        try file.forgetPreview()
        try report("nothing kept", times: [try timeThumbnail(url.path, output, size: 256)])
        let renderer = try CanvasRenderer(document: file.document, context: VulkanContext(), paintCache: file)
        try renderer.keepPaint(in: file)
        try report("paint kept", times: [try timeThumbnail(url.path, output, size: 256)])
        let clock = ContinuousClock()
        let start = clock.now
        try PagePreview.keep(renderer, in: file)
        let keeping = clock.now - start
        let sizes = DocumentFile.previewSides.map { side in
            "\(side): \(((try? DocumentFile.preview(at: url, side: side))??.png.count ?? 0) / 1024) KiB"
        }
        print(
            String(format: "previews kept in %.1f ms", seconds(keeping) * 1000) + " ("
                + sizes.joined(separator: ", ") + ")")
        for size in [128, 256, 512, 1024] {
            let times = try (0..<10).map { _ in try timeThumbnail(url.path, output, size: size) }
            try report("preview kept, size \(size)", times: times)
        }
    }

    /// Wall time of one `maliang thumbnail` process, from start to exit (spawned and waited for directly:
    /// Foundation's `Process` notices an exit only at its next poll, tens of milliseconds later).
    private static func timeThumbnail(_ input: String, _ output: String, size: Int) throws -> Double {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let argv = [executable, "thumbnail", input, output, String(size)]
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let clock = ContinuousClock()
        let start = clock.now
        var child: pid_t = 0
        guard posix_spawn(&child, executable, &actions, nil, &cArguments, environ) == 0 else {
            throw UsageError("could not start \(executable)")
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        let elapsed = seconds(clock.now - start)
        guard status == 0 else {
            throw UsageError("maliang thumbnail failed on \(input) (wait status \(status))")
        }
        return elapsed
    }

    private static func report(_ label: String, times: [Double]) throws {
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2]
        print(
            String(
                format: "thumbnail, %@: p50 %.1f ms, max %.1f ms (%d runs)", label, median * 1000,
                (sorted.last ?? 0) * 1000, times.count))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
