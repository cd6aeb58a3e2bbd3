import Foundation
import MaLiangCore
import TestCompositor

/// `maliang-test-compositor --latency TRACE --client MALIANG`: starts the painting client against this compositor
/// at 1920×1080, replays a stylus recording at its own speed as tablet frames, and measures for each frame the time
/// from sending it to the commit of the first buffer that shows it (the stroke reaches the midpoint to the previous
/// sample when a sample arrives: that pixel is watched).
enum LatencyBenchmark {
    struct Target {
        var sent: ContinuousClock.Instant
        var x: Int
        var y: Int
    }

    static func run(trace path: String, client: String) throws {
        let trace = try MyPaintTrace(contentsOf: URL(fileURLWithPath: path))
        var options = ScriptedCompositor.Options()
        options.outputWidth = 1920
        options.outputHeight = 1080
        let compositor = try ScriptedCompositor(options: options)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-latency-\(getpid())")
        try? FileManager.default.removeItem(at: data)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = compositor.socketName
        environment["XDG_DATA_HOME"] = data.path
        process.environment = environment
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: data)
        }
        func pump(until condition: () -> Bool, seconds: Double) -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while !condition() && ContinuousClock.now < deadline && process.isRunning {
                compositor.dispatch(timeoutMilliseconds: 2)
            }
            return condition()
        }
        guard pump(until: { compositor.focusedToplevel != nil && compositor.tabletSeatCount > 0 }, seconds: 60),
            let window = compositor.focusedToplevel
        else { throw LatencyError(description: "the client never mapped a window") }
        compositor.configure(window, width: 1920, height: 1080)
        _ = pump(until: { window.image?.width == 1920 }, seconds: 20)
        try compositor.addTablet(TabletSpec(id: "tablet"))
        try compositor.addTool(ToolSpec(id: "pen"))
        _ = pump(until: { false }, seconds: 1)

        var pending: [Target] = []
        var latencies: [Double] = []
        var commits = 0
        compositor.onCommit = { surface in
            guard surface === window.surface, let image = surface.image else { return }
            commits += 1
            let now = ContinuousClock.now
            pending.removeAll { target in
                guard dark(image, target.x, target.y) else { return false }
                let elapsed = now - target.sent
                latencies.append(
                    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                return true
            }
        }
        var sentFrames = 0
        let start = ContinuousClock.now
        let origin = trace.strokes.first?.first?.time ?? 0
        for samples in trace.strokes {
            for (index, sample) in samples.enumerated() {
                let due = start + .microseconds(Int64(sample.time - origin))
                while ContinuousClock.now < due { compositor.dispatch(timeoutMilliseconds: 1) }
                let x = sample.position.x
                let y = sample.position.y
                let pressure = UInt32((min(max(sample.pressure ?? 0.5, 0), 1) * 65535).rounded())
                if index == 0 {
                    try compositor.sendToolFrame(
                        tool: "pen", [.proximityIn(tablet: "tablet"), .motion(x: x, y: y), .down, .pressure(pressure)])
                } else {
                    try compositor.sendToolFrame(tool: "pen", [.motion(x: x, y: y), .pressure(pressure)])
                    let previous = samples[index - 1].position
                    pending.append(Target(sent: .now, x: Int((x + previous.x) / 2), y: Int((y + previous.y) / 2)))
                }
                sentFrames += 1
            }
            try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        }
        _ = pump(until: { pending.isEmpty }, seconds: 2)
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(Int(Double(latencies.count - 1) * p), latencies.count - 1)]
        }
        print(
            "latency at 1920×1080: \(sentFrames) tablet frames sent, \(latencies.count) measured, \(pending.count) never seen, \(commits) commits"
        )
        print(
            String(
                format: "frame → commit: p50 %.1f ms, p99 %.1f ms, max %.1f ms", percentile(0.5), percentile(0.99),
                latencies.last ?? 0))
    }

    /// Whether the 3×3 neighbourhood of (x, y) holds a clearly painted pixel.
    static func dark(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        for dy in -1...1 {
            for dx in -1...1 {
                let px = x + dx
                let py = y + dy
                guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
                let pixel = image.rgba(x: px, y: py)
                if Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 3 * 160 { return true }
            }
        }
        return false
    }
}

struct LatencyError: Error, CustomStringConvertible {
    var description: String
}
