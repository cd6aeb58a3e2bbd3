import Foundation
import Glibc

/// Writes files so that a reader sees the old content or the new, never half of one: the data goes to a
/// temporary file in the same folder, is flushed to disk, then renamed over the target.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(StoreError) {
        try write(to: url) { (writer: inout StreamWriter) throws(StoreError) in try writer.append(data) }
    }

    /// Writes a file whose bytes `body` appends a piece at a time (never all in memory), with the same guarantee:
    /// the old content or the new, never half of one.
    public static func write(to url: URL, _ body: (inout StreamWriter) throws(StoreError) -> Void)
        throws(StoreError)
    {
        try write(to: url) { (descriptor: Int32) throws(StoreError) in
            var writer = StreamWriter(descriptor: descriptor, path: url.path)
            try body(&writer)
            try writer.flush()
        }
    }

    /// Writes a file through the open descriptor `body` is given (a new file beside `url`), with the same
    /// guarantee; the file appears at `url` only once `body` returns and the data is on disk.
    ///
    /// When `url` names something that is not a regular file (a device such as /dev/stdout or /dev/full, a pipe),
    /// it is written in place, never replaced: a full device is a full disk.
    public static func write(to url: URL, descriptor body: (Int32) throws(StoreError) -> Void) throws(StoreError) {
        var status = stat()
        if lstat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            guard status.st_mode & S_IFMT != S_IFDIR else { throw StoreError(.io, "\(url.path) is a folder") }
            try writeInPlace(url, body)
            return
        }
        let temporary = try makeTemporary(beside: url)
        let descriptor = open(temporary, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code, "cannot write \(temporary)")
        }
        do throws(StoreError) {
            try body(descriptor)
            guard fsync(descriptor) == 0 else { throw failure(errno, "cannot write \(url.path)") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        // mkstemp makes files only the owner can read; an exported file follows the umask like any other.
        NewFileMode.apply(to: temporary)
        try replace(url, with: temporary)
    }

    /// Writes through an existing device, pipe or link's target (none can be replaced atomically).
    private static func writeInPlace(_ url: URL, _ body: (Int32) throws(StoreError) -> Void) throws(StoreError) {
        let descriptor = open(url.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno, "cannot write \(url.path)") }
        defer { close(descriptor) }
        try body(descriptor)
        // Devices and pipes may not support fsync; anything else that fails is a failed write.
        if fsync(descriptor) != 0, errno != EINVAL, errno != EROFS { throw failure(errno, "cannot write \(url.path)") }
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

/// Bytes on their way into a file, through a buffer of about a megabyte.
public struct StreamWriter {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    /// Bytes written so far.
    public private(set) var count = 0

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(1 << 20)
    }

    public mutating func append(_ text: String) throws(StoreError) { try append(bytes: text.utf8) }

    public mutating func append(_ data: Data) throws(StoreError) { try append(bytes: data) }

    private mutating func append(bytes: some Collection<UInt8>) throws(StoreError) {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered.
    mutating func flush() throws(StoreError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.failure(errno, "cannot write \(path)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
