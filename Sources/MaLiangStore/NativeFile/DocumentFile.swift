import Foundation
import MaLiangCore

/// A document in its native file: one SQLite database (WAL). The editor hands it every change as it happens
/// (``write(_:)``), each in one transaction, so a killed process loses at most the stroke in flight and the file
/// is never half-written.
///
/// Undo and redo write only what they change (an element's visibility), never the whole document. Elements hidden
/// by undo are dropped when the file is next opened, since the history does not outlive the session. Rows that
/// cannot be read are left out of the document and left untouched in the file.
public final class DocumentFile {
    /// The schema version this build writes (and the newest it reads).
    public static var schemaVersion: Int { Int(Schema.currentVersion) }

    /// The schema version of the file as it is: ``schemaVersion`` once a writer has opened it, an older one while
    /// only read.
    public private(set) var fileSchemaVersion = DocumentFile.schemaVersion
    /// Where it is written; it changes only when the file was deleted or replaced under it (``keepOnDisk()``).
    public private(set) var url: URL
    /// The content as it was read when the file was opened (or created); the editor takes it from here.
    public let document: Document
    /// What the file holds but could not be read, one line each ("stroke #12: …"): left out of ``document``,
    /// kept in the file as it was.
    public let leftOut: [String]
    var database: SQLiteDatabase
    /// Nil for a reader, and while the document moves to a new file (a connection closes only once its statements
    /// are gone).
    private var statements: Statements?
    /// Reads loaded strokes' samples when they are needed.
    private let samples: StoredSampleReader?
    /// Held while the file is open for writing.
    private var lock: WriterLock?
    /// Wall time of each change written, in seconds (for benchmarks).
    public private(set) var commitDurations: [Double] = []

    /// Creates a new, empty document file; refuses to overwrite an existing one.
    public static func create(at url: URL, size: Size, background: Color = .white) throws(StoreError) -> DocumentFile {
        let document: Document
        do { document = try Document(size: size, background: background) } catch {
            throw StoreError(.invalidContent, error.description)
        }
        return try create(at: url, from: document)
    }

    /// Creates a new document file holding `document`'s content (in one transaction: all or nothing). Refuses to
    /// overwrite an existing file.
    public static func create(at url: URL, from document: Document, progress: ProgressHandler? = nil) throws(StoreError)
        -> DocumentFile
    {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.io, "\(url.path) already exists")
        }
        let database = try SQLiteDatabase(path: url.path, create: true)
        NewFileMode.apply(to: url.path)
        let lock: WriterLock
        do { lock = try WriterLock(path: url.path) } catch {
            database.close()
            throw error
        }
        do {
            try configure(database)
            try Schema.migrate(database, from: 0)
            try writeMeta(document, to: database)
            let statements = try Statements(database)
            let total = max(document.elements.count, 1)
            try database.transaction { () throws(StoreError) in
                // The schema's first layer gives way to the document's.
                try database.execute("DELETE FROM layers")
                for (position, layer) in document.layers.enumerated() { try statements.write(layer, at: position) }
                for (id, png) in document.textures { try statements.insertTexture.run([.text(id), .blob(png)]) }
                for (index, element) in document.elements.enumerated() {
                    try statements.insert(element)
                    if index % 512 == 0 { progress?(Double(index) / Double(total)) }
                }
            }
            progress?(1)
            let samples = try StoredSampleReader(path: url.path)
            let file = try DocumentFile(
                url: url, document: document, leftOut: [], database: database, samples: samples, lock: lock)
            for element in document.elements { file.letSamplesGo(of: element) }
            return file
        } catch {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
            throw error
        }
    }

    /// Opens a document file, checking what it is, its version and its integrity. With `readOnly`, nothing in the
    /// file changes (for commands that only read it).
    public static func open(at url: URL, readOnly: Bool = false, progress: ProgressHandler? = nil) throws(StoreError)
        -> DocumentFile
    {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.io, "\(url.path) does not exist")
        }
        // One writer at a time; readers need no lock (WAL lets them read while it writes).
        let lock = readOnly ? nil : try WriterLock(path: url.path)
        let database = try SQLiteDatabase(path: url.path, create: false, readOnly: readOnly)
        do {
            let version = try check(database, readOnly: readOnly)
            if !readOnly { try configure(database) }
            let samples = try StoredSampleReader(path: url.path)
            let (document, leftOut) = try NativeReader(database: database, samples: samples, version: version).read(
                dropHidden: !readOnly, progress: progress)
            let file = try DocumentFile(
                url: url, document: document, leftOut: leftOut, database: database, samples: samples, lock: lock,
                writable: !readOnly)
            file.fileSchemaVersion = Int(version)
            return file
        } catch {
            database.close()
            throw error
        }
    }

    /// Reads a document from a file's bytes in memory (never written; an older schema upgraded in memory; every
    /// stroke's samples in memory), with what had to be left out.
    package static func read(bytes: Data, name: String = "the document") throws(StoreError) -> (
        Document, leftOut: [String]
    ) {
        let database = try SQLiteDatabase(bytes: bytes, name: name)
        defer { database.close() }
        let version = try check(database, readOnly: false)
        return try NativeReader(database: database, samples: nil, version: version).read(
            dropHidden: false, progress: nil)
    }

    private init(
        url: URL, document: Document, leftOut: [String], database: SQLiteDatabase,
        samples: StoredSampleReader? = nil, lock: WriterLock?, writable: Bool = true
    ) throws(StoreError) {
        self.lock = lock
        self.url = url
        self.document = document
        self.leftOut = leftOut
        self.database = database
        self.samples = samples
        // A reader writes nothing (and may be reading an older schema the statements do not fit).
        statements = writable ? try Statements(database) : nil
    }

    /// Strokes whose samples could not be read from the file after it was opened (the disk failing, the file
    /// replaced): they draw nothing and export nothing. Commands check it and fail.
    public var unreadableStrokes: [ElementID] { samples?.failures ?? [] }

    /// Makes every read of strokes' samples after the next `count` fail, as a failing disk would (fault tests).
    package func failSampleReads(afterReading count: Int) { samples?.failReads(afterReading: count) }

    deinit { close() }

    /// Whether the file is open (``close()`` not called yet).
    public var isOpen: Bool { database.isOpen }

    /// Closes the file (everything written is already in it). A writer first moves what the write-ahead log holds
    /// into the file itself: the strokes' reader keeps its connection, so SQLite would not, and the `.maliang` alone —
    /// copied to another disk, sent, or read by a sandboxed thumbnailer that sees only it — would lack the latest
    /// work.
    public func close() {
        if statements != nil, database.isOpen { try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        database.close()
        lock?.release()
    }

    /// Copies the document file at `url` — which another writer may have open — to `destination`, a complete and
    /// consistent copy (SQLite's VACUUM INTO from a read-only connection), and opens the copy for writing.
    public static func openCopy(of url: URL, at destination: URL) throws(StoreError) -> DocumentFile {
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw StoreError(.io, "\(destination.path) already exists")
        }
        let source = try SQLiteDatabase(path: url.path, create: false, readOnly: true)
        defer { source.close() }
        try check(source, readOnly: true)
        do {
            try source.execute("VACUUM INTO '\(destination.path.replacingOccurrences(of: "'", with: "''"))'")
        } catch {
            unlink(destination.path)
            throw error
        }
        NewFileMode.apply(to: destination.path)
        return try open(at: destination)
    }

    /// Writes `changes` in one transaction: all of them, or — when this throws — none.
    public func write(_ changes: [DocumentChange]) throws(StoreError) {
        guard !changes.isEmpty else { return }
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            commitDurations.append(
                Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        try database.transaction { () throws(StoreError) in
            guard let statements else { throw StoreError(.io, "\(url.path) is not open for writing") }
            for change in changes { try statements.write(change) }
        }
        for change in changes {
            switch change {
            case .inserted(let element, _), .updated(_, let element, _): letSamplesGo(of: element)
            case .layerInserted(_, _, let elements, .some): for element in elements { letSamplesGo(of: element) }
            default: break
            }
        }
    }

    /// Lets a stroke's samples, now written, leave memory: they are read from the file when needed, as a loaded
    /// stroke's are, so a long session's own strokes do not pile up in memory.
    private func letSamplesGo(of element: Element) {
        guard let samples, case .stroke(let stroke) = element else { return }
        stroke.samples.keep(in: samples, id: stroke.id)
    }

    // MARK: - Opening

    /// Checks what the database is and upgrades an older schema — except for a reader, which must not change the
    /// file and reads the older schema as it is. Returns the schema version to read.
    @discardableResult
    private static func check(_ database: SQLiteDatabase, readOnly: Bool) throws(StoreError) -> Int64 {
        let applicationID = try database.integer("PRAGMA application_id")
        let version = try database.integer("PRAGMA user_version")
        guard applicationID == Schema.applicationID else {
            throw StoreError(
                .notADocument, "\(database.path) is not a MaLiang document (a SQLite database of another kind)")
        }
        guard version <= Schema.currentVersion else {
            throw StoreError(
                .newerVersion,
                "\(database.path) was made by a newer MaLiang (file schema \(version); this version reads up to \(Schema.currentVersion))"
            )
        }
        let verdict = try database.prepare("PRAGMA quick_check(1)")
        guard try verdict.step(), verdict.text(0) == "ok" else {
            throw StoreError(.damaged, "\(database.path) is damaged: \(verdict.text(0) ?? "integrity check failed")")
        }
        if version == Schema.currentVersion || readOnly { return version }
        try Schema.migrate(database, from: version)
        return Schema.currentVersion
    }

    private static func configure(_ database: SQLiteDatabase) throws(StoreError) {
        // WAL + NORMAL: a commit survives the process being killed; only a power cut can lose the latest ones.
        try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
    }

    private static func writeMeta(_ document: Document, to database: SQLiteDatabase) throws(StoreError) {
        let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")
        let background = document.background
        try database.transaction { () throws(StoreError) in
            try statement.run([.text("width"), .text(String(document.size.width))])
            try statement.run([.text("height"), .text(String(document.size.height))])
            try statement.run([
                .text("background"),
                .text(Statements.text(background)),
            ])
        }
    }

    // MARK: - A file deleted or replaced under it

    /// What happened to the file since it was opened for writing.
    public enum Whereabouts: Equatable, Sendable {
        case inPlace
        /// Nothing is at its path any more: whatever is written goes to a file no one can open.
        case deleted
        /// Another file is at its path now (a sync tool, a restore, another program's save).
        case replaced
    }

    /// Checks that the file at ``url`` is still the one being written (a read-only file is always in place).
    public var whereabouts: Whereabouts {
        switch lock?.holdsFile(at: url.path) {
        case false?: FileManager.default.fileExists(atPath: url.path) ? .replaced : .deleted
        default: .inPlace
        }
    }

    /// Writes everything this file holds — the deleted or replaced file is still readable through the open
    /// connections — as a complete new file at `destination` (its folder made again if it went too), and writes
    /// there from now on: "save as", or a document whose file went away under it. The old file, or the one that
    /// replaced it, is left alone; a file at `destination` is replaced, unless another writer has it open
    /// (``StoreError/Kind/inUse``).
    public func move(to destination: URL) throws(StoreError) {
        if destination.standardizedFileURL != url.standardizedFileURL
            && FileManager.default.fileExists(atPath: destination.path)
        {
            // Never replace a document another window is writing.
            _ = try WriterLock(path: destination.path)
        }
        do {
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError(.io, "cannot make the folder of \(destination.path): \(error.localizedDescription)")
        }
        let temporary = try AtomicFile.makeTemporary(beside: destination)
        unlink(temporary)  // VACUUM INTO needs a path that does not exist yet.
        do {
            try database.execute("VACUUM INTO '\(temporary.replacingOccurrences(of: "'", with: "''"))'")
            NewFileMode.apply(to: temporary)
            try AtomicFile.flush(temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        // The old file's connections go first, for good (statements finalized): SQLite keys its -wal and -shm files
        // by name, and a new file at the same path must never meet the old one's.
        statements = nil
        database.close()
        samples?.close()
        lock?.release()
        lock = nil
        for suffix in ["-wal", "-shm"] where destination == url { unlink(destination.path + suffix) }
        try AtomicFile.replace(destination, with: temporary)
        url = destination
        lock = try WriterLock(path: destination.path)
        database = try SQLiteDatabase(path: destination.path, create: false, readOnly: false)
        try Self.configure(database)
        statements = try Statements(database)
        try samples?.reopen(path: destination.path)
    }

    // MARK: - Save as

    /// Writes a complete, compacted copy to `destination` atomically: it appears whole or not at all, and an
    /// existing file there is replaced only once the copy is complete.
    public func save(as destination: URL, progress: ProgressHandler? = nil) throws(StoreError) {
        progress?(0)
        let temporary = try AtomicFile.makeTemporary(beside: destination)
        // VACUUM INTO needs a path that does not exist yet.
        unlink(temporary)
        do {
            try database.execute("VACUUM INTO '\(temporary.replacingOccurrences(of: "'", with: "''"))'")
        } catch {
            unlink(temporary)
            throw error.kind == .diskFull
                ? error : StoreError(error.kind, "cannot save \(destination.path): \(error.message)")
        }
        progress?(0.9)
        // VACUUM INTO does not flush its output: do it before the rename makes the copy visible.
        try AtomicFile.flush(temporary)
        try AtomicFile.replace(destination, with: temporary)
        progress?(1)
    }
}
