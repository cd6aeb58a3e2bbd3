import Foundation

let status = CommandLine.run(Array(CommandLine.arguments.dropFirst()))
if ProcessInfo.processInfo.environment["MALIANG_LOG"] == "1" {
    // The process's own peak memory (VmHWM), for bug reports and the memory tests.
    let report = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in report.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        FileHandle.standardError.write(
            Data("maliang: peak memory \(line.dropFirst(6).trimmingCharacters(in: .whitespaces))\n".utf8))
    }
}
exit(status)
