import CZip
import Foundation

/// A zip archive made in memory through libzip: the one place that writes zip files. Entries keep the order they
/// are added in (OpenRaster wants its `mimetype` first); the archive's bytes come back whole, for a file written
/// atomically.
final class ZipWriter {
    private let source: OpaquePointer
    private var archive: OpaquePointer?

    init() throws(StoreError) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(nil, 0, 0, &error) else {
            throw StoreError(.io, "cannot start a zip archive: \(String(cString: zip_error_strerror(&error)))")
        }
        // Kept past zip_close, which writes the archive into it.
        zip_source_keep(source)
        guard let archive = zip_open_from_source(source, ZIP_TRUNCATE, &error) else {
            zip_source_free(source)
            throw StoreError(.io, "cannot start a zip archive: \(String(cString: zip_error_strerror(&error)))")
        }
        self.source = source
        self.archive = archive
    }

    deinit {
        if let archive { zip_discard(archive) }
        zip_source_free(source)
    }

    /// Adds `data` as `name`, deflated or (`compressed` false: a PNG, or the OpenRaster mimetype) stored as it is.
    func add(_ name: String, _ data: Data, compressed: Bool) throws(StoreError) {
        guard let archive else { throw StoreError(.io, "the zip archive is already finished") }
        // libzip reads the bytes when the archive is written, and frees them then (an empty entry has none: libzip
        // would not free a buffer of no bytes).
        let copy = data.isEmpty ? nil : malloc(data.count)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { copy?.copyMemory(from: base, byteCount: data.count) }
        }
        guard copy != nil || data.isEmpty, let entry = zip_source_buffer(archive, copy, zip_uint64_t(data.count), 1)
        else {
            free(copy)
            throw failure("cannot add \(name)")
        }
        let index = zip_file_add(archive, name, entry, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(entry)
            throw failure("cannot add \(name)")
        }
        let method: Int32 = compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(archive, zip_uint64_t(index), method, 0) == 0 else {
            throw failure("cannot set how \(name) is compressed")
        }
    }

    /// The archive's bytes; nothing can be added afterwards.
    func finish() throws(StoreError) -> Data {
        guard let archive else { throw StoreError(.io, "the zip archive is already finished") }
        guard zip_close(archive) == 0 else { throw failure("cannot write the zip archive") }
        self.archive = nil
        var status = zip_stat_t()
        guard zip_source_open(source) == 0 else { throw StoreError(.io, "cannot read the zip archive back") }
        defer { zip_source_close(source) }
        guard zip_source_stat(source, &status) == 0 else { throw StoreError(.io, "cannot read the zip archive back") }
        var bytes = Data(count: Int(status.size))
        let read = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress, zip_uint64_t($0.count)) }
        guard read == Int64(status.size) else { throw StoreError(.io, "cannot read the zip archive back") }
        return bytes
    }

    private func failure(_ what: String) -> StoreError {
        let message = archive.flatMap { zip_strerror($0) }.map { String(cString: $0) } ?? "libzip failed"
        return StoreError(.io, "\(what): \(message)")
    }
}
