import Glibc

/// SIGTERM and SIGINT as a readable file descriptor, so the event loop can end cleanly.
enum TerminationPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The read end: readable once SIGTERM or SIGINT arrived.
    static func install() -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        writeEnd = ends[1]
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(TerminationPipe.writeEnd, &byte, 1)
        }
        signal(SIGTERM, handler)
        signal(SIGINT, handler)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        return ends[0]
    }
}
