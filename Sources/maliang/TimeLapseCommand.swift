import Foundation
import MaLiang
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// `maliang timelapse FILE -o OUT.mp4|OUT.webm [--seconds N] [--width W]`: the drawing drawn again element by
/// element in the order it was made, each frame a view of the whole page from the paint (not a screen capture, and
/// at any size), then the finished picture held for two seconds. The renderer draws the frames (on the GPU where
/// there is one); GStreamer encodes them. Ctrl+C, or a failure, leaves no file.
enum TimeLapseCommand {
    static let usage =
        "usage: maliang timelapse DOC -o OUT.mp4|OUT.webm [--seconds N] [--width W]"
    static let framesPerSecond = 30
    /// How long the finished picture stays at the end.
    static let holdSeconds = 2

    static func run(_ arguments: [String]) throws {
        // At once: a window that started this command may already be asking it to stop.
        Interruption.install()
        let options = try Options(arguments, flags: ["-o", "--seconds", "--width"])
        guard options.positional.count == 1, let output = options.values["-o"] else { throw UsageError(usage) }
        let url = URL(fileURLWithPath: output)
        guard let format = VideoEncoder.Format(url) else {
            throw UsageError(
                "\(output): a time-lapse is an MP4 (H.264) or WebM (VP8) video; name it OUT.mp4 or OUT.webm")
        }
        var seconds: Double?
        if let text = options.values["--seconds"] {
            guard let value = Double(text), value > 0, value <= 3600 else {
                throw UsageError("--seconds needs a number of seconds, more than 0 and at most 3600")
            }
            seconds = value
        }
        var width: Int?
        if let text = options.values["--width"] {
            guard let value = Int(text), (16...7680).contains(value) else {
                throw UsageError("--width needs a number of pixels from 16 to 7680")
            }
            width = value
        }
        let (document, file) = try RenderCommands.load(URL(fileURLWithPath: options.positional[0]))
        defer { file?.close() }
        let plan = Plan(document: document, seconds: seconds, width: width)
        let clock = ContinuousClock()
        let start = clock.now
        try write(document, plan: plan, format: format, to: url)
        try RenderCommands.checkReadable(file)
        let elapsed = clock.now - start
        let taken = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            String(
                format: "wrote %d frames (%d×%d, %.1f s) of %d elements to %@ in %.1f s, %.1f frames a second",
                plan.totalFrames, plan.width, plan.height, Double(plan.totalFrames) / Double(framesPerSecond),
                document.elements.count, output, taken, Double(plan.totalFrames) / max(taken, 1e-9)))
    }

    /// The video's size and frames.
    struct Plan {
        var width: Int
        var height: Int
        /// Frames that add elements; the last shows them all.
        var drawingFrames: Int
        var totalFrames: Int { drawingFrames + TimeLapseCommand.holdSeconds * TimeLapseCommand.framesPerSecond }

        /// `seconds` of drawing (by default 30 elements a second, from 5 to 30 s), `width` pixels across (by
        /// default the page fitted into 1920×1080, never larger than the page); sides even, as video needs.
        init(document: Document, seconds: Double?, width: Int?) {
            let page = document.size
            let scale = width.map { Double($0) / page.width } ?? min(1920 / page.width, 1080 / page.height, 1)
            self.width = max(2, Int((page.width * scale).rounded()) & ~1)
            height = max(2, Int((page.height * scale).rounded()) & ~1)
            let length = seconds ?? min(max(Double(document.elements.count) / 30, 5), 30)
            drawingFrames = max(1, Int((length * Double(TimeLapseCommand.framesPerSecond)).rounded()))
        }
    }

    static func write(_ source: Document, plan: Plan, format: VideoEncoder.Format, to url: URL) throws {
        // A document of the same page and layers that receives the elements frame by frame; the renderer stamps
        // only what each frame adds, and each frame is a view of the paint: its cost follows the video's size.
        let growing = try Document(size: source.size, background: source.background)
        growing.load(elements: [], textures: source.textures, layers: source.layers)
        let renderer = try CanvasRenderer(document: growing, context: VulkanContext(), undo: false)
        let view = ViewTransform(
            scale: min(Double(plan.width) / source.size.width, Double(plan.height) / source.size.height))
        guard !Interruption.wasRequested else { throw CancelledError(description: "cancelled; nothing was written") }
        let encoder = try VideoEncoder(
            to: url, format: format, width: plan.width, height: plan.height, fps: framesPerSecond)
        let bar = ProgressBar("time-lapse")
        defer { bar.finish() }
        let elements = source.elements
        var shown = 0
        var frame: PNGImage?
        for index in 0..<plan.totalFrames {
            guard !Interruption.wasRequested else {
                encoder.discard()
                throw CancelledError(description: "cancelled; \(url.path) was not written")
            }
            if index < plan.drawingFrames {
                let upTo = Int((Double(elements.count) * Double(index + 1) / Double(plan.drawingFrames)).rounded())
                if upTo > shown || frame == nil {
                    try renderer.apply(growing.append(contentsOf: Array(elements[shown..<upTo])))
                    shown = upTo
                    frame = try renderer.render(view: view, width: plan.width, height: plan.height)
                }
            }
            guard let frame else { continue }
            try encoder.push(frame)
            bar.update(Double(index + 1) / Double(plan.totalFrames))
        }
        try encoder.finish()
    }
}
