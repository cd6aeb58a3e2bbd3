import Foundation
import Glibc

/// A `maliang` command run to completion with its peak memory measured. The program reports its own high-water
/// mark (VmHWM, with MALIANG_LOG=1): the kernel's resource usage of a child started from a large test process
/// counts the parent's memory from before the exec.
public struct MeasuredRun: Sendable {
    public var status: Int32
    public var output: String
    /// Peak resident memory, in megabytes (MiB).
    public var peakMegabytes: Double
    public var seconds: Double

    /// Runs `executable` with `arguments`, its output captured in a file.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-measured-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = environment ?? ProcessInfo.processInfo.environment
        variables["MALIANG_LOG"] = "1"
        let env = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, env)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var rawStatus: Int32 = 0
        while waitpid(pid, &rawStatus, 0) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // WEXITSTATUS / WTERMSIG by hand: the macros are not visible to Swift.
        status = rawStatus & 0x7f == 0 ? (rawStatus >> 8) & 0xff : 128 + (rawStatus & 0x7f)
        output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        peakMegabytes = Self.reportedPeak(in: output) ?? .infinity
    }

    /// The "peak memory N kB" line the program writes at exit, in megabytes.
    static func reportedPeak(in output: String) -> Double? {
        for line in output.split(separator: "\n") where line.hasPrefix("maliang: peak memory ") {
            return line.split(separator: " ").dropFirst(3).first.flatMap { Double($0) }.map { $0 / 1024 }
        }
        return nil
    }

    /// The peak resident memory of a running process so far (VmHWM), in megabytes (MiB).
    public static func peakMegabytes(of pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
        }
        return nil
    }
}
