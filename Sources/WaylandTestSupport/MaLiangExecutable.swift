import Foundation

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
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
}
