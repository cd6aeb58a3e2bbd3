import Foundation
import MaLiangCore
import PNGCodec
import TestCompositor

/// `maliang-test-compositor --soak MINUTES --client MALIANG`: drives the painting window for MINUTES the way a long
/// session does — pen strokes, undo and redo, zoom and pan, pasted images moved and deleted, now and then a clear
/// undone — and every few seconds samples the client's resident memory, open file descriptors, what it holds
/// (MALIANG_STATS: paint tiles, undo tiles, device memory) and the time from each input to the commit that answers
/// it. Fails (exit 1) when memory grows more than 5 % after the warm-up, descriptors grow, frame time does not stay
/// flat, or the client does not end cleanly.
enum SoakBenchmark {
    static func run(
        minutes: Double, client: String, sampleSeconds: Double = 5, seed: UInt64 = 1, only: Set<String>? = nil
    ) throws -> Bool {
        // Outside a desktop session (a CI job, ssh) there is no runtime directory: a private one serves both sides.
        if ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] == nil {
            var template = Array("/tmp/maliang-soak-runtime-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw SoakError("cannot make a runtime directory in /tmp") }
            setenv("XDG_RUNTIME_DIR", String(cString: made), 1)
        }
        var options = ScriptedCompositor.Options()
        options.outputWidth = 1280
        options.outputHeight = 800
        let compositor = try ScriptedCompositor(options: options)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-soak-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("soak.maliang")
        let client = try SoakClient(
            executable: client, document: document, display: compositor.socketName, data: folder,
            statsSeconds: sampleSeconds)
        defer { client.stop() }

        let driver = SoakDriver(compositor: compositor, client: client, seed: seed)
        driver.only = only
        try driver.start()
        say("soak: \(minutes) min, a sample every \(sampleSeconds) s, seed \(seed), client pid \(client.pid)")
        say("   time     RSS   fds  paint  undo  device  elements  frames  heap used / free  input→commit p50 / p99")
        var samples: [SoakSample] = []
        let start = ContinuousClock.now
        let end = start + .milliseconds(Int64(minutes * 60_000))
        var nextSample = start + .milliseconds(Int64(sampleSeconds * 1000))
        while ContinuousClock.now < end {
            try driver.playOneAction()
            guard client.isRunning else { throw SoakError("the client exited during the soak\n\(client.lastOutput)") }
            if ContinuousClock.now >= nextSample {
                nextSample = nextSample + .milliseconds(Int64(sampleSeconds * 1000))
                let sample = SoakSample(
                    seconds: (ContinuousClock.now - start).seconds, rss: client.residentBytes(),
                    descriptors: client.openDescriptors(), statistics: client.statistics,
                    latencies: driver.takeLatencies())
                samples.append(sample)
                say(sample.row)
            }
        }
        let status = try driver.finish()
        let verdict = SoakVerdict(samples: samples, exitStatus: status, actions: driver.played)
        say(verdict.summary)
        return verdict.passed
    }
}

/// A line on standard output at once (print is buffered into a file or a pipe; a soak's rows must show as they come).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

struct SoakError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One row of the soak's table.
struct SoakSample {
    var seconds: Double
    var rss: Int
    var descriptors: Int
    var statistics: SoakClient.Statistics?
    /// Input → commit times in this period, in milliseconds.
    var latencies: [Double]

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }

    private func percentile(_ p: Double) -> Double {
        let sorted = latencies.sorted()
        return sorted.isEmpty ? 0 : sorted[min(Int(Double(sorted.count - 1) * p), sorted.count - 1)]
    }

    var row: String {
        let held = statistics.map {
            String(
                format: "%5d %5d %5d MiB %9d %7d  %5d / %4d MiB", $0.paintTiles, $0.undoTiles, $0.deviceMiB,
                $0.elements, $0.frames, $0.heapInUseMiB, $0.heapFreeMiB)
        }
        return String(
            format: "%5.0f s %5.1f MiB %4d %@  %5.1f / %5.1f ms", seconds, Double(rss) / 1_048_576, descriptors,
            held ?? "   (no statistics yet)", p50, p99)
    }
}

/// The soak's pass or fail, from its samples after the warm-up (a fifth of the run, at least 30 s): growth is
/// measured between the medians of their first and last thirds, since memory rises and falls by tens of MB as undo
/// copies come and go, and one busy moment must not decide it.
struct SoakVerdict {
    var samples: [SoakSample]
    var exitStatus: Int32
    var actions: [String: Int]

    var failures: [String] {
        var failures: [String] = []
        if exitStatus != 0 { failures.append("the client exited with status \(exitStatus)") }
        let total = samples.last?.seconds ?? 0
        let steady = samples.filter { $0.seconds >= max(30, total / 5) }
        guard steady.count >= 4, let first = steady.first else {
            return failures + ["too few samples after the warm-up (\(steady.count)): run longer"]
        }
        let third = max(1, steady.count / 3)
        let growth = memoryGrowth(steady)
        if growth >= 0.05 {
            failures.append(String(format: "resident memory grew %.1f %% after warm-up", growth * 100))
        }
        if let descriptors = steady.suffix(third).map(\.descriptors).max(), descriptors > first.descriptors + 2 {
            failures.append("open descriptors grew from \(first.descriptors) to \(descriptors)")
        }
        // Flat: the later third's median input → commit time within 25 % (and 2 ms) of the first third's.
        let early = median(steady.prefix(third).map(\.p50))
        let late = median(steady.suffix(third).map(\.p50))
        if late > early * 1.25 + 2 {
            failures.append(String(format: "frame time grew from %.1f ms to %.1f ms (p50)", early, late))
        }
        return failures
    }

    var passed: Bool { failures.isEmpty }

    /// Growth of resident memory from the median of the first third of `steady` to the median of its last third.
    private func memoryGrowth(_ steady: [SoakSample]) -> Double {
        let third = max(1, steady.count / 3)
        let early = median(steady.prefix(third).map { Double($0.rss) })
        let late = median(steady.suffix(third).map { Double($0.rss) })
        return early > 0 ? late / early - 1 : 0
    }

    var summary: String {
        let total = samples.last?.seconds ?? 0
        let steady = samples.filter { $0.seconds >= max(30, total / 5) }
        var lines: [String] = []
        lines.append(
            "actions: " + actions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if let first = steady.first, let last = samples.last {
            let third = max(1, steady.count / 3)
            let early = median(steady.prefix(third).map { Double($0.rss) }) / 1_048_576
            let late = median(steady.suffix(third).map { Double($0.rss) }) / 1_048_576
            let lowest = Double(steady.map(\.rss).min() ?? 0) / 1_048_576
            let highest = Double(steady.map(\.rss).max() ?? 0) / 1_048_576
            lines.append(
                String(
                    format: "after warm-up (%.0f s): RSS median %.1f → %.1f MiB (%+.1f %%; lowest %.1f, highest %.1f), "
                        + "descriptors %d → %d, input→commit p50 %.1f → %.1f ms, p99 %.1f → %.1f ms",
                    first.seconds, early, late, memoryGrowth(steady) * 100, lowest, highest, first.descriptors,
                    last.descriptors, first.p50, last.p50, first.p99, last.p99))
        }
        let failures = failures
        lines.append(failures.isEmpty ? "soak: passed" : "soak: FAILED: " + failures.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
