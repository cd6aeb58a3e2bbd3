import Foundation
import Synchronization

/// Ctrl+C (or SIGTERM) during long work: noted instead of killing the process, so the work stops at its next
/// step, nothing half written is left, and the command says it was cancelled (exit status 130).
enum Interruption {
    private static let requested = Atomic<Bool>(false)

    static var wasRequested: Bool { requested.load(ordering: .relaxed) }

    static func install() {
        // A parent may have started us with these signals blocked (the mask is inherited): they must arrive.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        signal(SIGINT) { _ in Interruption.requested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in Interruption.requested.store(true, ordering: .relaxed) }
    }
}

/// Long work stopped at the user's request.
struct CancelledError: Error, CustomStringConvertible {
    var description: String
}
