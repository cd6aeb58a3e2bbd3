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
    let process = Process()
    process.executableURL = MaLiangExecutable.url
    process.arguments = arguments
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
