import Foundation
import MaLiangCore

/// `maliang bench …`: benchmarks that print figures (never pass/fail).
enum BenchCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "render" {
            try RenderBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "store" {
            try StoreBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "open" {
            try OpenBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "predict" {
            try PredictionBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "fade" {
            try FadeBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "fill" {
            try FillBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "selection" {
            try SelectionBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "thumbnail" {
            try ThumbnailBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "ora" {
            try OpenRasterBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "timelapse" {
            try TimeLapseBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "live" {
            try LiveBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "long-session" {
            try LongSessionDocument.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "soak" {
            try soak(Array(arguments.dropFirst()))
        }
        var engineArguments = arguments.dropFirst()
        var radius: Double?
        if engineArguments.first == "--radius" {
            guard let value = engineArguments.dropFirst().first.flatMap({ Double($0) }), value > 0, value <= 512
            else { throw UsageError("--radius takes a radius in (0, 512]") }
            radius = value
            engineArguments = engineArguments.dropFirst(2)
        }
        guard arguments.first == "engine", engineArguments.count == 1, let path = engineArguments.first else {
            throw UsageError(
                "usage: maliang bench engine [--radius R] TRACE | bench render TRACE [STROKES] | bench store [STROKES] "
                    + "| bench open [FILE] | bench long-session FILE | bench predict TRACE | bench live TRACE [--brush NAME] | bench selection [STROKES] | bench fill | bench fade | bench thumbnail [FILE] | bench ora "
                    + "| bench timelapse "
                    + "| bench soak MINUTES"
            )
        }
        let trace = try MyPaintTrace(contentsOf: URL(fileURLWithPath: path))
        try engine(trace, radius: radius)
    }

    /// Runs the soak in the scripted compositor beside this executable, with this executable as the client; the
    /// soak's exit status becomes this process's (exec, so nothing of ours stays alive alongside).
    static func soak(_ arguments: [String]) throws -> Never {
        guard arguments.count == 1, let minutes = Double(arguments[0]), minutes > 0 else {
            throw UsageError("usage: maliang bench soak MINUTES")
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let compositor = executable.deletingLastPathComponent().appendingPathComponent("maliang-test-compositor").path
        guard FileManager.default.isExecutableFile(atPath: compositor) else {
            throw UsageError(
                "bench soak needs maliang-test-compositor beside \(executable.path) (swift build builds both)")
        }
        let argv = [compositor, "--soak", arguments[0], "--client", executable.path]
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(compositor, &cArguments)
        throw UsageError("could not start \(compositor): \(String(cString: strerror(errno)))")
    }

    /// Replays every stroke of `trace` through the default brush (or `bench render`'s round brush of `radius`) until
    /// at least a second has passed, so the figure does not depend on timer resolution; reports the throughput of
    /// the stamp generation alone, a stamp and a sample at a time.
    static func engine(_ trace: MyPaintTrace, radius: Double?) throws {
        let brush = AnyBrush.brush(radius.map { RenderBenchmark.roundBrush(radius: $0) } ?? Brush())
        var stamps: [Stamp] = []
        stamps.reserveCapacity(1 << 16)
        var stampCount = 0
        var passes = 0
        var checksum: Float = 0
        let clock = ContinuousClock()
        let start = clock.now
        repeat {
            for (index, samples) in trace.strokes.enumerated() {
                var builder = StrokeBuilder(brush: brush, seed: UInt64(index))
                for sample in samples {
                    builder.add(sample, into: &stamps)
                    stampCount += stamps.count
                    checksum += stamps.last?.x ?? 0
                    stamps.removeAll(keepingCapacity: true)
                }
                builder.finish(into: &stamps)
                stampCount += stamps.count
                stamps.removeAll(keepingCapacity: true)
            }
            passes += 1
        } while clock.now - start < .seconds(1)
        let seconds =
            Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
        let perPass = stampCount / passes
        let name = radius.map { String(format: "round, radius %g", $0) } ?? "default"
        print("engine: brush=\(name) passes=\(passes) strokes=\(trace.strokes.count) samples=\(trace.sampleCount)")
        print(
            String(
                format: "stamps: %d per pass, wall time: %.3f s, stamps/s: %.0f, a pass %.3f ms (%.0f ns a sample)",
                perPass, seconds, Double(stampCount) / seconds, seconds / Double(passes) * 1e3,
                seconds / Double(passes * trace.sampleCount) * 1e9))
        // Keeps the optimiser from discarding the work.
        if checksum.isNaN { print("checksum: nan") }
    }
}
