import Foundation
import Glibc

/// The `maliang` executable built beside the test bundle (tests run the real program as its own process).
public enum MaLiangExecutable {
    public static var url: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "maliang")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../.build/debug/maliang"
        ).standardized
    }
}

/// Runs the `maliang` command with `arguments`; returns its exit status and everything it printed.
public func maliang(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runProgram(MaLiangExecutable.url, arguments)
}

/// Runs `executable` with `arguments` (and `environment` added to this process's) to its end; returns its exit
/// status and everything it printed, standard output and error together. (Through a file, not a pipe: a program
/// that prints more than a pipe holds never blocks.)
public func runProgram(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-run-\(UUID()).log")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let status = waitForExit(process)
    try handle.close()
    return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
}

/// Waits for `process` to end; returns its exit status, or the signal that ended it, as `terminationStatus` does.
/// Foundation can miss a child's end while many processes come and go (a test waited for ever on a peer's `runuser`
/// that had ended and was left unreaped): a child that stays ended and unreaped for a second is reaped here.
public func waitForExit(_ process: Process) -> Int32 {
    let pid = process.processIdentifier
    var endedSince: ContinuousClock.Instant?
    while process.isRunning {
        if hasEnded(pid) {
            let since = endedSince ?? .now
            endedSince = since
            var status: Int32 = 0
            if ContinuousClock.now - since > .seconds(1), waitpid(pid, &status, WNOHANG) == pid {
                // Exited: the status's second byte; killed: the signal, its low seven bits.
                return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
            }
        }
        usleep(5000)
    }
    return process.terminationStatus
}

/// Whether process `pid` has ended and waits to be reaped (a zombie), from /proc.
private func hasEnded(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let nameEnd = stat.lastIndex(of: ")")
    else { return false }
    // The state follows the name (in parentheses, which may hold anything).
    return stat[stat.index(after: nameEnd)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}
