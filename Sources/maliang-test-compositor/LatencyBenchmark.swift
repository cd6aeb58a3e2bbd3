import Foundation
import MaLiangCore
import MaLiangEditor
import TestCompositor

/// `maliang-test-compositor --latency TRACE --client MALIANG [--busy-cores N] [--compositor-first] [--brush NAME]`:
/// starts the painting client against this compositor at 1920×1080, replays a stylus recording at its own speed as
/// tablet frames, and measures for each frame the time from sending it to the commit of the first buffer that shows
/// it — when the commit request arrives, not after this compositor has copied the buffer to look at it (the stroke is
/// shown to the last sample when a sample arrives: the 3×3 pixels at the midpoint to the previous one are watched).
/// A ping goes just before each sample; commits taken before its pong were made before the client read the sample,
/// so they only set what it is compared with.
///
/// A frame is seen when one of its watched pixels turns visibly darker or lighter than in the last buffer before
/// it was sent: a change the new sample causes. Frames whose watched centre was dark already are counted apart:
/// where the recording crosses itself (an earlier stroke painted it: excluded) and where the stroke itself had
/// reached it (its earlier dabs, or its guessed continuation: shown ahead). A frame not seen within a second is
/// never seen. The client runs without the guessed continuation (MALIANG_STROKE_PREDICTION=0), so what is measured
/// is the path from input to screen; `--prediction` keeps it on, to count the frames it shows ahead. With
/// `--busy-cores N` (`--busy-core`: one), N other processes keep a core busy each all along; with
/// `--compositor-first` this compositor runs ahead of them and of the client (``Options/compositorFirst``).
/// `--brush` picks one of the toolbar's brushes by its key before the replay; the window's default is the pen.
/// `--spokes N` paints with radial symmetry of N spokes about the middle of the view (Y four times, then , or .), so
/// each sample stamps N times. `--runs N` replays it N times, each with a client started afresh, printing each run's
/// figures and then their range: the tail is what varies from run to run.
enum LatencyBenchmark {
    /// One replay's percentiles, milliseconds.
    struct Figures {
        var p50: Double
        var p99: Double
    }

    struct Target {
        var sent: ContinuousClock.Instant
        var x: Int
        var y: Int
        /// The brightness (r + g + b) of the 3×3 watched pixels in the newest buffer made before the client read
        /// the sample.
        var lightBefore: [Int]
        /// A ping sent just before the sample: a commit the compositor takes after its pong was made after the
        /// client had read the sample (it reads both at once; a client's requests arrive in order).
        var ping: UInt32
    }

    /// How a replay runs: the load beside it, the client's brush and symmetry, and the compositor's priority.
    struct Options {
        var busyCores = 0
        var prediction = false
        var brush: String?
        var spokes: Int?
        /// The compositor runs at nice −10, ahead of the client and the load, as a desktop's compositor runs ahead
        /// of programs (KWin asks for realtime scheduling): what is measured is then the client's path, not this
        /// compositor waiting for a core.
        var compositorFirst = false
    }

    static func run(trace path: String, client: String, options: Options, runs: Int = 1) throws {
        var figures: [Figures] = []
        for run in 1...runs {
            if runs > 1 { print("run \(run) of \(runs):") }
            figures.append(try replay(trace: path, client: client, options: options))
        }
        guard runs > 1, let first = figures.first else { return }
        let p50 = figures.map(\.p50)
        let p99 = figures.map(\.p99)
        print(
            String(
                format: "over %d runs: p50 %.1f–%.1f ms, p99 %.1f–%.1f ms (each: %@)", runs, p50.min() ?? first.p50,
                p50.max() ?? first.p50, p99.min() ?? first.p99, p99.max() ?? first.p99,
                p99.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
    }

    /// One replay with a client of its own.
    private static func replay(trace path: String, client: String, options setup: Options) throws -> Figures {
        let trace = try MyPaintTrace(contentsOf: URL(fileURLWithPath: path))
        var options = ScriptedCompositor.Options()
        options.outputWidth = 1920
        options.outputHeight = 1080
        let compositor = try ScriptedCompositor(options: options)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-latency-\(getpid())")
        try? FileManager.default.removeItem(at: data)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        // The recording's points are the drawing's pixels, where the watched pixels are.
        process.arguments = ["--actual-pixels"]
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = compositor.socketName
        environment["XDG_DATA_HOME"] = data.path
        // The built-in pen, not the brush the user last chose.
        environment["XDG_CONFIG_HOME"] = data.appendingPathComponent("config").path
        if !setup.prediction { environment["MALIANG_STROKE_PREDICTION"] = "0" }
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
        guard pump(until: { compositor.clientIsReady }, seconds: 60),
            let window = compositor.focusedToplevel
        else { throw LatencyError(description: "the client never mapped a window") }
        compositor.configure(window, width: 1920, height: 1080)
        _ = pump(until: { window.image?.width == 1920 }, seconds: 20)
        try compositor.addTablet(TabletSpec(id: "tablet"))
        try compositor.addTool(ToolSpec(id: "pen"))
        if let brush = setup.brush {
            // The toolbar's brushes are keys 1… in order (the eraser shows nothing on an empty page).
            guard let index = BrushStyle.presets.firstIndex(of: brush) else {
                throw LatencyError(description: "--brush takes one of: \(BrushStyle.presets.joined(separator: ", "))")
            }
            // evdev's KEY_1 is 2.
            let code = UInt32(2 + index)
            try compositor.sendKeyboard([.enter, .key(code, pressed: true), .key(code, pressed: false)])
        }
        if let spokes = setup.spokes {
            // evdev: Y 21, comma 51, period 52. Y steps off → vertical → horizontal → both → radial (6 spokes).
            let steps =
                Array(repeating: UInt32(21), count: 4)
                + Array(repeating: UInt32(spokes < 6 ? 51 : 52), count: abs(spokes - 6))
            try compositor.sendKeyboard(
                [.enter] + steps.flatMap { [KeyboardEvent.key($0, pressed: true), .key($0, pressed: false)] })
        }
        _ = pump(until: { false }, seconds: 1)

        var load: [Process] = []
        defer {
            for spinner in load {
                spinner.terminate()
                spinner.waitUntilExit()
            }
        }
        for _ in 0..<setup.busyCores {
            let spinner = Process()
            spinner.executableURL = URL(fileURLWithPath: "/bin/sh")
            spinner.arguments = ["-c", "while :; do :; done"]
            try spinner.run()
            load.append(spinner)
        }
        let thisThread = __priority_which_t(PRIO_PROCESS.rawValue)
        if setup.compositorFirst {
            // This thread only (Linux's nice is a thread's): it serves the socket. The client and the load were
            // started before, at the usual priority.
            guard setpriority(thisThread, 0, -10) == 0 else {
                throw LatencyError(description: "the compositor cannot run ahead: \(String(cString: strerror(errno)))")
            }
        }
        defer { if setup.compositorFirst { setpriority(thisThread, 0, 0) } }

        var pending: [Target] = []
        var latencies: [Double] = []
        var excluded = 0
        var shownAhead = 0
        var neverSeen = 0
        var commits = 0
        compositor.onCommit = { surface in
            guard surface === window.surface, let image = surface.image else { return }
            commits += 1
            // The client committed when its request arrived; reading the buffer here is the compositor's time.
            let now = surface.lastCommitArrived ?? .now
            for index in pending.indices where !compositor.answeredPing(pending[index].ping) {
                // Made before the client read the sample: what it shows is what the sample is compared against.
                pending[index].lightBefore = brightness(image, pending[index].x, pending[index].y)
            }
            pending.removeAll { target in
                if now - target.sent > .seconds(1) {
                    neverSeen += 1
                    return true
                }
                guard compositor.answeredPing(target.ping) else {
                    if canDarken(target.lightBefore) { return false }
                    shownAhead += 1
                    return true
                }
                guard changedVisibly(image, target) else { return false }
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
            // What earlier strokes painted: a target dark here is where the recording crosses itself.
            let before = window.image
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
                    // What the sample is compared against, taken before it is sent: sending may wait for the client
                    // to read, taking its commits meanwhile.
                    let previous = samples[index - 1].position
                    let targetX = Int((x + previous.x) / 2)
                    let targetY = Int((y + previous.y) / 2)
                    let light = window.image.map { brightness($0, targetX, targetY) } ?? Array(repeating: 765, count: 9)
                    // The ping goes just before the sample: the client reads both at once and answers the ping
                    // first, so its commits after the pong were made after it read the sample.
                    let ping = compositor.ping()
                    if canDarken(light) {
                        pending.append(Target(sent: .now, x: targetX, y: targetY, lightBefore: light, ping: ping))
                    } else if let before, !canDarken(brightness(before, targetX, targetY)) {
                        excluded += 1
                    } else {
                        shownAhead += 1
                    }
                    try compositor.sendToolFrame(tool: "pen", [.motion(x: x, y: y), .pressure(pressure)])
                }
                sentFrames += 1
            }
            try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        }
        _ = pump(until: { pending.isEmpty }, seconds: 2)
        neverSeen += pending.count
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(Int(Double(latencies.count - 1) * p), latencies.count - 1)]
        }
        var conditions = setup.brush.map { ", \($0)" } ?? ""
        if !load.isEmpty {
            conditions += load.count == 1 ? " with one core kept busy" : " with \(load.count) cores kept busy"
        }
        if setup.prediction { conditions += ", guessing ahead" }
        if setup.compositorFirst { conditions += ", the compositor first" }
        print(
            "latency at 1920×1080\(conditions): "
                + "\(sentFrames) tablet frames sent, \(latencies.count) measured, \(neverSeen) never seen, "
                + "\(shownAhead) shown before they were sent, \(excluded) excluded (their pixels painted by an earlier "
                + "stroke), \(commits) commits")
        print(
            String(
                format: "frame → commit: p50 %.1f ms, p99 %.1f ms, max %.1f ms", percentile(0.5), percentile(0.99),
                latencies.last ?? 0))
        return Figures(p50: percentile(0.5), p99: percentile(0.99))
    }

    /// How much darker (or lighter) a watched pixel must get (of 765, r + g + b) to show the sample: faint dabs
    /// count too.
    static let visibleChange = 30

    /// The brightness (r + g + b) of each pixel of the 3×3 neighbourhood of (x, y); outside the image counts as
    /// black (it can show nothing).
    static func brightness(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        var values: [Int] = []
        for dy in -1...1 {
            for dx in -1...1 {
                let px = x + dx
                let py = y + dy
                guard px >= 0, py >= 0, px < image.width, py < image.height else {
                    values.append(0)
                    continue
                }
                let pixel = image.rgba(x: px, y: py)
                values.append(Int(pixel.red) + Int(pixel.green) + Int(pixel.blue))
            }
        }
        return values
    }

    /// Whether the watched centre — the midpoint, which the segment to the new sample crosses — is light enough to
    /// show a new dab. Where only pixels beside it are light, the line may never reach them: such frames were
    /// counted as never seen (41 of them with the pen, every one with its centre already dark).
    static func canDarken(_ values: [Int]) -> Bool { values[4] >= 2 * visibleChange }

    /// Whether a watched pixel is visibly darker — or lighter: a glow's white core over its own halo — in `image`
    /// than when the target's sample was sent.
    static func changedVisibly(_ image: Image, _ target: Target) -> Bool {
        let now = brightness(image, target.x, target.y)
        return zip(target.lightBefore, now).contains { before, after in abs(before - after) >= visibleChange }
    }
}

struct LatencyError: Error, CustomStringConvertible {
    var description: String
}
