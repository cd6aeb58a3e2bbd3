import Glibc

/// Unlinked temporary files in `$XDG_RUNTIME_DIR`, for data passed to a peer as a file descriptor (keymaps,
/// shared-memory buffers).
public enum AnonymousFile {
    /// A new file descriptor, or -1 when no file could be made.
    public static func create(prefix: String) -> Int32 {
        let directory = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/\(prefix)-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        if descriptor >= 0 { _ = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { unlink($0) } } }
        return descriptor
    }
}
