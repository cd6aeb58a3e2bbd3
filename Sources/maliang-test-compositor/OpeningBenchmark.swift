import Foundation
import TestCompositor

/// `maliang-test-compositor --opening FILE --client MALIANG [--runs N]`: starts the painting client on a copy of a
/// drawing and measures, from its start, when its window first shows something (the opening: the picture the file
/// keeps, before the strokes are read) and when it shows the drawing ready to edit (it has taken the tablets and
/// committed a frame since); then closes it. Each run starts a client afresh on a fresh copy.
enum OpeningBenchmark {
    struct OpeningError: Error, CustomStringConvertible {
        var description: String
    }

    static func run(file: String, client: String, runs: Int) throws {
        var shown: [Double] = []
        var editable: [Double] = []
        for run in 1...runs {
            let (first, ready) = try open(file: file, client: client)
            print(String(format: "run %d: shown in %.3f s, editable in %.3f s", run, first, ready))
            shown.append(first)
            editable.append(ready)
        }
        guard runs > 1 else { return }
        print(
            String(
                format: "over %d runs: shown in %.3f–%.3f s, editable in %.3f–%.3f s", runs, shown.min() ?? 0,
                shown.max() ?? 0, editable.min() ?? 0, editable.max() ?? 0))
    }

    /// Seconds from the client's start to its first buffer, and to its first frame once it took the tablets.
    private static func open(file: String, client: String) throws -> (Double, Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-opening-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: file), to: copy)
        var options = ScriptedCompositor.Options()
        options.outputWidth = 1920
        options.outputHeight = 1080
        let compositor = try ScriptedCompositor(options: options)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        process.arguments = [copy.path]
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = compositor.socketName
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        process.environment = environment
        let started = ContinuousClock.now
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        func seconds() -> Double {
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        func pump(until condition: () -> Bool) throws {
            let deadline = started + .seconds(120)
            while !condition() {
                guard process.isRunning else {
                    process.waitUntilExit()
                    let how = process.terminationReason == .uncaughtSignal ? "killed by signal" : "exit status"
                    throw OpeningError(
                        description: "the client ended (\(how) \(process.terminationStatus)) before it showed \(file)")
                }
                guard ContinuousClock.now < deadline else {
                    throw OpeningError(description: "the client never showed \(file)")
                }
                compositor.dispatch(timeoutMilliseconds: 1)
            }
        }
        try pump(until: {
            (compositor.focusedToplevel?.surface.commitCount ?? 0) > 0 && compositor.focusedToplevel?.image != nil
        })
        let shown = seconds()
        if let path = ProcessInfo.processInfo.environment["MALIANG_OPENING_SHOT"] {
            try compositor.focusedToplevel?.image?.writePNG(to: path)
        }
        try pump(until: { compositor.clientIsReady })
        return (shown, seconds())
    }
}
