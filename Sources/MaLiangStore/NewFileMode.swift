import Foundation
import Glibc

/// The permissions a new file gets, as any program's would: 0666 less the process's umask. Files made through
/// mkstemp (0600) or SQLite (0644) are set to this, so a shared folder's umask of 002 or 022 means what it says.
enum NewFileMode {
    /// 0666 less the umask, read from /proc (changing the umask to read it would race with other threads).
    static var current: mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            if let mask = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
                return 0o666 & ~mask
            }
        }
        return 0o644
    }

    /// Gives the file at `path` the permissions of a new file.
    static func apply(to path: String) { chmod(path, current) }
}
