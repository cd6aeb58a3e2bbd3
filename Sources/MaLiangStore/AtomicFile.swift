import Foundation
import Glibc

/// Writes files so that a reader sees the old content or the new, never half of one: the data goes to a
/// temporary file in the same folder, is flushed to disk, then renamed over the target.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(StoreError) {
        let directory = url.deletingLastPathComponent().path
        let temporary = try makeTemporary(beside: url)
        let descriptor = open(temporary, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno, "cannot write \(temporary)") }
        var failed: Int32 = 0
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                offset += written
            }
        }
        if failed == 0 && fsync(descriptor) != 0 { failed = errno }
        close(descriptor)
        if failed == 0 && rename(temporary, url.path) != 0 { failed = errno }
        guard failed == 0 else {
            unlink(temporary)
            throw failure(failed, "cannot write \(url.path)")
        }
        syncDirectory(directory)
    }

    /// Renames a finished temporary file over `url` and makes the rename durable.
    static func replace(_ url: URL, with temporary: String) throws(StoreError) {
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code, "cannot replace \(url.path)")
        }
        syncDirectory(url.deletingLastPathComponent().path)
    }

    /// Flushes a finished file's data to disk.
    static func flush(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno, "cannot open \(path)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure(errno, "cannot flush \(path)") }
    }

    /// A new, empty temporary file next to `url` (same file system, so the final rename is atomic).
    static func makeTemporary(beside url: URL) throws(StoreError) -> String {
        var template = Array("\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw failure(errno, "cannot create a file next to \(url.path)") }
        close(descriptor)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func failure(_ code: Int32, _ context: String) -> StoreError {
        let reason = String(cString: strerror(code))
        return code == ENOSPC || code == EDQUOT || code == EFBIG
            ? StoreError(.diskFull, "\(context): the disk is full (\(reason)); nothing was overwritten")
            : StoreError(.io, "\(context): \(reason)")
    }

    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
