import CMemoryTuning
import Foundation

// Large blocks (tiles, their undo copies, mip chains: hundreds of KiB each, allocated and freed all session long)
// always get their own mapping, returned to the system when freed. glibc otherwise raises this threshold after
// the first such block is freed and serves the rest from the heap, which then fragments: a long session grew by
// about 10 MB a minute (the soak found it).
_ = ml_map_blocks_from(128 * 1024)

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
