import Foundation
import Synchronization

/// The painting client under soak: started on a document with MALIANG_STATS, its standard error read for the
/// statistics lines, its memory and descriptors read from /proc.
final class SoakClient: Sendable {
    struct Statistics: Sendable {
        var paintTiles: Int
        var undoTiles: Int
        var deviceMiB: Int
        var frames: Int
        var elements: Int
        /// What malloc holds in use, and keeps free in its heaps.
        var heapInUseMiB: Int
        var heapFreeMiB: Int

        /// Parses "maliang stats: paint tiles N, undo tiles N, device memory N MiB, frames N, elements N, heap in use
        /// N MiB, heap free N MiB".
        init?(line: Substring) {
            guard line.hasPrefix("maliang stats:") else { return nil }
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard numbers.count == 7 else { return nil }
            (paintTiles, undoTiles, deviceMiB, frames, elements) =
                (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
            (heapInUseMiB, heapFreeMiB) = (numbers[5], numbers[6])
        }
    }

    private struct Output {
        var statistics: Statistics?
        var tail = ""
    }

    let pid: Int32
    private let process: Process
    private let output = Mutex(Output())

    init(executable: String, document: URL, display: String, data: URL, statsSeconds: Double) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // The replayed strokes land on the drawing's pixels, as they were recorded.
        process.arguments = [document.path, "--actual-pixels"]
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = display
        environment["XDG_DATA_HOME"] = data.path
        environment["XDG_CONFIG_HOME"] = data.appendingPathComponent("config").path
        environment["MALIANG_STATS"] = String(statsSeconds)
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        self.process = process
        try process.run()
        pid = process.processIdentifier
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.output.withLock { output in
                output.tail = String((output.tail + text).suffix(4000))
                for line in text.split(separator: "\n") {
                    if let statistics = Statistics(line: line) { output.statistics = statistics }
                }
            }
        }
    }

    var isRunning: Bool { process.isRunning }
    var statistics: Statistics? { output.withLock { $0.statistics } }
    /// The end of what the client wrote to standard error (statistics lines left out).
    var lastOutput: String {
        output.withLock { $0.tail }.split(separator: "\n").filter { !$0.hasPrefix("maliang stats:") }
            .joined(separator: "\n")
    }

    /// Resident memory in bytes (VmRSS).
    func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first
        else { return 0 }
        return kilobytes * 1024
    }

    func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// Waits up to `seconds` for the client to exit; its status, or nil if it is still running.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func stop() {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}
