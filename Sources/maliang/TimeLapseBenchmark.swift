import Foundation
import MaLiangCore

/// `maliang bench timelapse`: how fast a 1080p time-lapse is made, frames drawn by the renderer and encoded by
/// GStreamer, for the 10,000 strokes `bench open` draws on a 4096×2304 page (16:9, so the video is 1920×1080):
/// 10 s of drawing and the 2 s hold, as MP4 and as WebM.
enum TimeLapseBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError("usage: maliang bench timelapse") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-timelapse-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try Document(size: Size(width: 4096, height: 2304))
        for stroke in StoreBenchmark.makeStrokes(10_000, document: document) { _ = document.append(stroke) }
        let plan = TimeLapseCommand.Plan(document: document, seconds: 10, width: nil)
        for format in [VideoEncoder.Format.mp4, .webm] {
            let url = folder.appendingPathComponent(format == .mp4 ? "bench.mp4" : "bench.webm")
            let clock = ContinuousClock()
            let start = clock.now
            try TimeLapseCommand.write(document, plan: plan, format: format, to: url)
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            print(
                String(
                    format: "time-lapse %@, %d×%d, %d frames of 10,000 strokes: %.1f s, %.1f frames a second, %.1f MiB",
                    url.pathExtension, plan.width, plan.height, plan.totalFrames, seconds,
                    Double(plan.totalFrames) / seconds, Double(size) / 1_048_576))
        }
    }
}
