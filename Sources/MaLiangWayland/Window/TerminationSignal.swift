import Glibc

/// SIGTERM and SIGINT turned into a readable file descriptor (the self-pipe trick), so the event loop can end the
/// stroke in flight and close cleanly instead of dying mid-write; SIGPIPE ignored.
enum TerminationSignal {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The read end: readable once a termination signal arrived.
    static func install() -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        writeEnd = ends[1]
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(TerminationSignal.writeEnd, &byte, 1)
        }
        signal(SIGTERM, handler)
        signal(SIGINT, handler)
        // A program that stops reading what this window offers on the clipboard closes its end of the pipe: the
        // write then fails, it does not end the window.
        signal(SIGPIPE, SIG_IGN)
        // A launcher may have started us with these signals blocked (they would then never arrive).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGTERM)
        sigaddset(&unblocked, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return ends[0]
    }
}
