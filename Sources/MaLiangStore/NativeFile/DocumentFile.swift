import Foundation
import MaLiang

/// A document in its native file: one SQLite database (WAL). Every change the document reports is written the
/// moment it happens, so a killed process loses at most the stroke in flight.
///
/// Undo and redo write only what they change (an element's visibility), never the whole document. Elements hidden
/// by undo are dropped when the file is next opened, since the history does not outlive the session.
public final class DocumentFile {
    /// The schema version this build writes (and the newest it reads).
    public static var schemaVersion: Int { Int(Schema.currentVersion) }

    public let url: URL
    public let document: Document
    private let database: SQLiteDatabase
    private var observer: Int?
    private let statements: Statements
    /// The first write that failed; the app shows it (later writes are still attempted).
    public private(set) var failure: StoreError?
    public var onFailure: ((StoreError) -> Void)?
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

    /// Creates a new document file holding `document`'s content (in one transaction: all or nothing), and follows
    /// `document` from then on. Refuses to overwrite an existing file.
    public static func create(at url: URL, from document: Document, progress: ProgressHandler? = nil) throws(StoreError)
        -> DocumentFile
    {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.io, "\(url.path) already exists")
        }
        let database = try SQLiteDatabase(path: url.path, create: true)
        do {
            try configure(database)
            try Schema.migrate(database, from: 0)
            try writeMeta(document, to: database)
            let statements = try Statements(database)
            let total = max(document.elements.count, 1)
            try database.transaction { () throws(StoreError) in
                for (id, png) in document.textures { try statements.insertTexture.run([.text(id), .blob(png)]) }
                for (index, element) in document.elements.enumerated() {
                    try statements.insert(element)
                    if index % 512 == 0 { progress?(Double(index) / Double(total)) }
                }
            }
            progress?(1)
            return try DocumentFile(url: url, document: document, database: database)
        } catch {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
            throw error
        }
    }

    /// Opens a document file, checking what it is, its version and its integrity.
    public static func open(at url: URL, progress: ProgressHandler? = nil) throws(StoreError) -> DocumentFile {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.io, "\(url.path) does not exist")
        }
        let database = try SQLiteDatabase(path: url.path, create: false)
        do {
            try check(database)
            try configure(database)
            let document = try NativeReader(database: database).read(progress: progress)
            return try DocumentFile(url: url, document: document, database: database)
        } catch {
            database.close()
            throw error
        }
    }

    private init(url: URL, document: Document, database: SQLiteDatabase) throws(StoreError) {
        self.url = url
        self.document = document
        self.database = database
        statements = try Statements(database)
        observer = document.addObserver { [unowned self] changes, _ in persist(changes) }
        document.textureObserver = { [unowned self] id in persistTexture(id) }
    }

    deinit { close() }

    /// Stops following the document and closes the file (everything is already written).
    public func close() {
        if let observer { document.removeObserver(observer) }
        observer = nil
        document.textureObserver = nil
        database.close()
    }

    // MARK: - Opening

    private static func check(_ database: SQLiteDatabase) throws(StoreError) {
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
        if version < Schema.currentVersion { try Schema.migrate(database, from: version) }
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
                .text("\(background.red) \(background.green) \(background.blue) \(background.alpha)"),
            ])
        }
    }

    // MARK: - Writing changes

    private func persist(_ changes: [DocumentChange]) {
        let start = ContinuousClock.now
        do {
            try database.transaction { () throws(StoreError) in
                for change in changes { try statements.write(change) }
            }
        } catch {
            report(error)
        }
        let elapsed = ContinuousClock.now - start
        commitDurations.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private func persistTexture(_ id: String) {
        guard let png = document.textures[id] else { return }
        do { try statements.insertTexture.run([.text(id), .blob(png)]) } catch { report(error) }
    }

    private func report(_ error: StoreError) {
        if failure == nil { failure = error }
        onFailure?(error)
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
