import CZip
import Foundation

/// Reads entries of a zip archive through libzip: the one place that reads zip files. Nothing is ever unpacked to
/// disk — entries come back as bytes, by name — so a hostile name (`../x`, `/etc/x`) can reach no file. Every read
/// is bounded: an entry's declared size is checked before it is read, the bytes read never pass it, and all reads
/// together stay within ``ReadLimits/totalBytes``, so a zip bomb is refused, not inflated.
final class ZipReader {
    struct ReadLimits {
        /// Most entries an archive may list.
        var entries = 100_000
        /// Largest entry read, unpacked.
        var entryBytes = 256 << 20
        /// Most bytes read from the archive altogether, unpacked.
        var totalBytes = 3 << 30
    }

    private var archive: OpaquePointer?
    let limits: ReadLimits
    /// Bytes read so far, unpacked.
    private(set) var bytesRead = 0
    /// The names of the archive's entries, in its order.
    let names: [String]

    /// Opens the archive in `data`.
    convenience init(data: Data, limits: ReadLimits = ReadLimits()) throws(StoreError) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // libzip frees the copy with the source (no bytes, no copy: libzip would not free an empty one).
        let copy = data.isEmpty ? nil : malloc(data.count)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { copy?.copyMemory(from: base, byteCount: data.count) }
        }
        guard copy != nil || data.isEmpty,
            let source = zip_source_buffer_create(copy, zip_uint64_t(data.count), 1, &error)
        else {
            free(copy)
            throw StoreError(.io, "cannot read the zip archive: \(String(cString: zip_error_strerror(&error)))")
        }
        try self.init(source: source, limits: limits, error: &error)
    }

    /// Opens the archive in the file at `url` (read as it is needed, never whole).
    convenience init(url: URL, limits: ReadLimits = ReadLimits()) throws(StoreError) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_file_create(url.path, 0, -1, &error) else {
            throw StoreError(.io, "cannot read \(url.path): \(String(cString: zip_error_strerror(&error)))")
        }
        try self.init(source: source, limits: limits, error: &error)
    }

    private init(source: OpaquePointer, limits: ReadLimits, error: inout zip_error_t) throws(StoreError) {
        guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            let reason = String(cString: zip_error_strerror(&error))
            throw StoreError(.damaged, "not a readable zip archive (\(reason))")
        }
        self.archive = archive
        self.limits = limits
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0, count <= limits.entries else {
            zip_discard(archive)
            self.archive = nil
            throw StoreError(.invalidContent, "the zip archive lists \(count) entries, more than \(limits.entries)")
        }
        names = (0..<count).map { index in
            zip_get_name(archive, zip_uint64_t(index), zip_flags_t(ZIP_FL_ENC_GUESS)).map { String(cString: $0) } ?? ""
        }
    }

    deinit {
        if let archive { zip_discard(archive) }
    }

    /// The unpacked bytes of the entry called `name`, or nil when there is none; throws when the entry is larger
    /// than `limit` (or the archive's limits), damaged, or says it is smaller than it is.
    func read(_ name: String, limit: Int? = nil) throws(StoreError) -> Data? {
        guard let archive, let index = names.firstIndex(of: name) else { return nil }
        var status = zip_stat_t()
        zip_stat_init(&status)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &status) == 0,
            status.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0
        else { throw StoreError(.damaged, "the zip entry \(name) cannot be read (\(libzipError()))") }
        let limit = min(limit ?? limits.entryBytes, limits.entryBytes)
        guard status.size <= zip_uint64_t(limit) else {
            throw StoreError(
                .invalidContent, "\(name) unpacks to \(status.size) bytes, more than the \(limit) read for it")
        }
        let size = Int(status.size)
        guard bytesRead + size <= limits.totalBytes else {
            throw StoreError(
                .invalidContent, "the archive unpacks to more than \(limits.totalBytes >> 20) MiB altogether")
        }
        guard let entry = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw StoreError(.damaged, "the zip entry \(name) cannot be opened (\(libzipError()))")
        }
        defer { zip_fclose(entry) }
        // One byte more than declared, to tell an entry that is longer than it says.
        var bytes = Data(count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                zip_fread(entry, buffer.baseAddress.map { $0 + filled }, zip_uint64_t(buffer.count - filled))
            }
            guard read >= 0 else {
                let reason = zip_file_strerror(entry).map { String(cString: $0) } ?? "libzip failed"
                throw StoreError(.damaged, "the zip entry \(name) is damaged (\(reason))")
            }
            if read == 0 { break }
            filled += Int(read)
        }
        guard filled == size else {
            throw StoreError(.damaged, "the zip entry \(name) holds \(filled) bytes where it says \(size)")
        }
        bytesRead += size
        bytes.count = size
        return bytes
    }

    private func libzipError() -> String {
        archive.flatMap { zip_strerror($0) }.map { String(cString: $0) } ?? "libzip failed"
    }
}
