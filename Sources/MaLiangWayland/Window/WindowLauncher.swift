import Foundation
import Glibc

/// Starts another painting window — this same program on another drawing — as a process of its own: each window
/// writes one document, and one window failing never takes another's work with it. The new process runs in its own
/// session with no signals blocked and none of this window's files, so closing this window leaves it open; it is
/// reaped when it ends.
final class WindowLauncher {
    private var children: [pid_t] = []

    /// Starts `maliang PATH` for `document`; returns why it could not, if it could not.
    func open(_ document: URL) -> String? {
        reap()
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.startsNewSession))
        // Only standard input, output and error go with it: never this window's Wayland socket, devices or pipes
        // (a pipe kept open by a child looks to whoever started this window as if it had not ended).
        Self.closeOnExec()
        let arguments = [program, document.path]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, program, nil, &attributes, &pointers, environ)
        guard result == 0 else { return "cannot start another window: \(String(cString: strerror(result)))" }
        children.append(child)
        return nil
    }

    /// Collects the windows that have ended (no zombies while this one runs).
    func reap() {
        children.removeAll { child in
            var status: Int32 = 0
            return waitpid(child, &status, WNOHANG) != 0
        }
    }

    /// Marks every descriptor above standard error close-on-exec (this process never executes anything else).
    static func closeOnExec() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for descriptor in entries.compactMap(Int32.init) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// glibc's POSIX_SPAWN_SETSID (not in every header Swift sees).
    private static let startsNewSession: Int32 = 0x80
}
