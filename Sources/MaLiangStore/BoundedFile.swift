import Foundation

/// Reads a whole file named from outside — a texture, an image to place, a folder's JSON — never more than a
/// limit into memory: a file that is larger, or a device that never ends, is refused with its size before
/// anything is kept.
public enum BoundedFile {
    /// The bytes of `url`, at most `limit` of them; `what` names the file in the error.
    public static func read(_ url: URL, limit: Int, what: String) throws(StoreError) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ENOENT { throw StoreError(.io, "\(what) is missing (\(url.path))") }
            throw StoreError(.io, "cannot read \(what) (\(url.path)): \(String(cString: strerror(reason)))")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw StoreError(.io, "\(what) (\(url.path)) is a folder, not a file")
        }
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
            throw tooLarge(url, size: "\(status.st_size) bytes", limit: limit, what: what)
        }
        // Read until the end rather than trusting the size: files may grow, and some report no size at all.
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw StoreError(.io, "cannot read \(what) (\(url.path)): \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: chunk[..<count])
            if data.count > limit { throw tooLarge(url, size: "more than \(limit) bytes", limit: limit, what: what) }
        }
    }

    private static func tooLarge(_ url: URL, size: String, limit: Int, what: String) -> StoreError {
        StoreError(.invalidContent, "\(what) (\(url.path)) is \(size); at most \(limit) are read")
    }
}
