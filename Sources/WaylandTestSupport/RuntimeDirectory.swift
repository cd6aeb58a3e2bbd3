import Foundation

/// Makes sure `$XDG_RUNTIME_DIR` names a private directory, as libwayland requires for sockets.
public enum RuntimeDirectory {
    /// The directory, created (mode 0700) when the variable is unset or names nothing.
    @discardableResult
    public static func ensure() -> String {
        if let existing = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"],
            FileManager.default.fileExists(atPath: existing)
        {
            return existing
        }
        let path = "/tmp/maliang-runtime-\(getuid())"
        try? FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        setenv("XDG_RUNTIME_DIR", path, 1)
        return path
    }
}
