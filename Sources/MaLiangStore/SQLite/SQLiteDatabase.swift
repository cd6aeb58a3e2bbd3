import CSQLite
import Foundation

/// A SQLite connection: the only place the SQLite C API is called. Failures become ``StoreError``s.
package final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?
    let path: String

    /// Opens (or creates, with `create`) the database at `path`, hardened: defensive mode, no extensions.
    package init(path: String, create: Bool, readOnly: Bool = false) throws(StoreError) {
        self.path = path
        let onReadOnlyDisk = Self.isOnReadOnlyDisk(path)
        if onReadOnlyDisk && !readOnly {
            throw StoreError(.readOnly, "\(path) is on a read-only disk: it can be read but not changed")
        }
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        // A WAL database is read through its -shm file, which a read-only disk cannot hold; nothing can change a
        // file there either, so SQLite may read it as immutable (no locks, no -shm).
        var name = path
        if onReadOnlyDisk {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let result = sqlite3_open_v2(name, &db, flags, nil)
        handle = db
        guard result == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            close()
            throw StoreError(.io, "cannot open \(path): \(message)")
        }
        sqlite3_extended_result_codes(db, 1)
        guard mlsqlite_harden(db) == SQLITE_OK else { throw error("cannot configure SQLite") }
        // Wait a little for a lock rather than fail at once (another reader, a checkpoint).
        sqlite3_busy_timeout(db, 2000)
    }

    /// Whether the file (or, when it does not exist yet, its folder) is on a file system mounted read-only.
    static func isOnReadOnlyDisk(_ path: String) -> Bool {
        var info = statvfs()
        let target = FileManager.default.fileExists(atPath: path) ? path : (path as NSString).deletingLastPathComponent
        guard statvfs(target.isEmpty ? "." : target, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// `path` as a URI path: the characters URIs give a meaning to are percent-encoded.
    static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%", "?", "#": escaped += String(format: "%%%02X", character.value)
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A read-only database held in memory, made from a file's bytes (for reading documents that are not files,
    /// and for fuzzing the reader).
    package init(bytes: Data, name: String) throws(StoreError) {
        path = name
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let db
        else {
            sqlite3_close_v2(db)
            throw StoreError(.io, "cannot open an in-memory database")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        guard mlsqlite_harden(db) == SQLITE_OK else { throw error("cannot configure SQLite") }
        // SQLite owns the copy (freed with the connection) and may grow it: an older schema is upgraded in memory,
        // never in a file.
        let size = bytes.count
        guard let copy = sqlite3_malloc64(sqlite3_uint64(max(size, 1))) else {
            throw StoreError(.io, "out of memory for \(name)")
        }
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress { copy.copyMemory(from: base, byteCount: size) }
        }
        // A file in WAL mode says so in its header (bytes 18 and 19); a database in memory has no WAL to read.
        if size >= 100 {
            let header = copy.assumingMemoryBound(to: UInt8.self)
            if header[18] == 2 && header[19] == 2 {
                header[18] = 1
                header[19] = 1
            }
        }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        guard
            sqlite3_deserialize(
                db, "main", copy.assumingMemoryBound(to: UInt8.self), sqlite3_int64(size), sqlite3_int64(size), flags)
                == SQLITE_OK
        else { throw error("cannot read \(name) as a database") }
    }

    deinit { close() }

    /// Whether the connection is still open.
    package var isOpen: Bool { handle != nil }

    package func close() {
        guard let handle else { return }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs SQL without results (several statements allowed).
    package func execute(_ sql: String) throws(StoreError) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw error("SQL failed (\(sql.prefix(60)))")
        }
    }

    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw error("cannot prepare \(sql.prefix(60))") }
        return SQLiteStatement(statement, database: self)
    }

    /// The single integer a query returns (PRAGMA user_version and the like).
    package func integer(_ sql: String) throws(StoreError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { throw error("no result for \(sql)") }
        return statement.int64(0)
    }

    /// Runs `body` in one transaction: all of it is written, or none.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The current SQLite error as a ``StoreError`` of the right kind.
    func error(_ context: String) -> StoreError {
        let code = sqlite3_errcode(handle) & 0xff
        let message = "\(path): \(context): \(String(cString: sqlite3_errmsg(handle)))"
        switch code {
        case SQLITE_NOTADB:
            return StoreError(.notADocument, "\(path) is not a MaLiang document (not a SQLite database)")
        case SQLITE_CORRUPT:
            return StoreError(.damaged, "\(path) is damaged: \(String(cString: sqlite3_errmsg(handle)))")
        case SQLITE_FULL: return StoreError(.diskFull, "the disk is full: \(message)")
        default: return StoreError(.io, message)
        }
    }
}

/// A prepared statement, reset after every use.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    func bind(_ values: [SQLiteValue]) throws(StoreError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(statement, index)
            case .integer(let number): result = sqlite3_bind_int64(statement, index, number)
            case .real(let number): result = sqlite3_bind_double(statement, index, number)
            case .text(let text): result = sqlite3_bind_text(statement, index, text, -1, mlsqlite_transient())
            case .blob(let data):
                result = data.withUnsafeBytes {
                    sqlite3_bind_blob64(
                        statement, index, $0.baseAddress, sqlite3_uint64($0.count), mlsqlite_transient())
                }
            }
            guard result == SQLITE_OK else { throw database.error("cannot bind parameter \(index)") }
        }
    }

    /// Advances; `true` while there is a row.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(statement)
            return false
        default:
            let error = database.error("a statement failed")
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Binds and runs a statement that returns no rows.
    func run(_ values: [SQLiteValue] = []) throws(StoreError) {
        try bind(values)
        while try step() {}
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: pointer)
    }

    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }
}

enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}
