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
        switch Self.spawn([document.path], newSession: true) {
        case .success(let child):
            children.append(child)
            return nil
        case .failure(let error):
            return "cannot start another window: \(error)"
        }
    }

    /// This program, started again with `arguments`: no signals blocked but `blocked`, the usual ones at their
    /// defaults, and only standard input, output and error open — never this window's Wayland socket, devices or
    /// pipes (a pipe kept open by a child looks to whoever started this window as if it had not ended).
    /// `outputTo` becomes its standard output and error; `environment` is added to this process's.
    static func spawn(
        _ arguments: [String], newSession: Bool = false, blocked: [Int32] = [], outputTo output: Int32? = nil,
        environment added: [String: String] = [:]
    ) -> Result<pid_t, SpawnError> {
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocked { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? Self.startsNewSession : 0)))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        }
        closeOnExec()
        var environment = ProcessInfo.processInfo.environment
        environment.merge(added) { _, new in new }
        var argumentPointers = ([program] + arguments).map { strdup($0) } + [nil]
        var environmentPointers = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argumentPointers + environmentPointers { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, program, &actions, &attributes, &argumentPointers, &environmentPointers)
        return result == 0 ? .success(child) : .failure(SpawnError(description: String(cString: strerror(result))))
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Collects the windows that have ended (no zombies while this one runs).
    func reap() {
        children.removeAll { child in
            var status: Int32 = 0
            return waitpid(child, &status, WNOHANG) != 0
        }
    }

    /// Marks every descriptor above standard error close-on-exec (this process executes only itself, through
    /// ``spawn(_:newSession:blocked:outputTo:environment:)``).
    private static func closeOnExec() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for descriptor in entries.compactMap(Int32.init) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// glibc's POSIX_SPAWN_SETSID (not in every header Swift sees).
    private static let startsNewSession: Int32 = 0x80
}
