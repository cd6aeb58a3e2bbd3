import CMemoryTuning
import Foundation

// Large blocks (tiles, their undo copies, mip chains: hundreds of KiB each, allocated and freed all session long)
// always get their own mapping, returned to the system when freed. glibc otherwise raises this threshold after
// the first such block is freed and serves the rest from the heap, which then fragments: a long session grew
// steadily (`maliang bench soak` measures it).
_ = ml_map_blocks_from(128 * 1024)
// Fixing that threshold also fixes the heaps' trim threshold at its default, 128 KiB: a thread's heap then hands
// back every 64 KiB block freed at its top, and lavapipe's queue thread allocates and frees such blocks for every
// submission — each return paid again as page faults on the next use, a large share of the painting window's time
// while drawing (DrawingPageFaultTests counts them). Its churn stays under 4 MiB (1 MiB still trimmed); only small
// blocks live in the heaps, so what they keep costs little.
_ = ml_keep_free_at_heap_top(4 << 20)

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
