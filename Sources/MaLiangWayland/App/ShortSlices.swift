import CScheduling
import Foundation

/// The painting window runs in short scheduling slices. A thread that wakes for a pen sample on a machine whose cores
/// are busy otherwise waits for another program's slice to end (1.4 ms and more on Linux 6.12's scheduler); one that
/// asked for a shorter slice is let in first. It gets no more of the processor than before — only sooner, in smaller
/// pieces. With both cores of a two-core machine kept busy, the pen's input → commit p50 fell from 6.0–6.2 ms to
/// 0.9–1.0 ms and p99 from 13.3–13.9 ms to 5.0–5.3 ms (docs/benchmarks.md).
enum ShortSlices {
    /// The shortest slice the kernel gives.
    static let nanoseconds: UInt64 = 100_000

    /// Asks for short slices for the calling thread and every thread it starts afterwards (the renderer's, the
    /// device's, the stamping cores'): call before the window starts any. Kernels before 6.12 have no slices to ask
    /// for and accept the request without effect; a refusal (a real-time policy set from outside) is only logged
    /// (`MALIANG_LOG=1`): the window works the same, with the usual slices.
    static func request() {
        let error = ml_request_slice(nanoseconds)
        guard error != 0, ProcessInfo.processInfo.environment["MALIANG_LOG"] == "1" else { return }
        FileHandle.standardError.write(
            Data("maliang: scheduling slices of 0.1 ms were refused (error \(error))\n".utf8))
    }
}
