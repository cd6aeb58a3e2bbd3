import Foundation

/// The file keeps a preview of its page for thumbnails (PNGs of ``previewSides`` pixels a side, or the page's own size where it is smaller), written when
/// the drawing is put away. The file drops it itself the moment anything that shows changes — triggers on every
/// table of the drawing — whichever program or version writes, so a preview found is always the drawing as it is.
/// A MaLiang that does not know the table leaves it alone.
extension DocumentFile {
    /// The longest sides of the previews kept, in pixels (the freedesktop thumbnail spec's large and largest
    /// sizes): smaller thumbnails are made from the smallest that is large enough.
    public static let previewSides = [256, 512, 1024]

    /// Whether the file holds a preview of the drawing as it is now.
    public var hasPreview: Bool {
        guard let statement = try? database.prepare("SELECT 1 FROM preview LIMIT 1") else { return false }
        return (try? statement.step()) == true
    }

    /// Keeps `pngs` (the page at a few sizes, by their longest side) as the previews of the drawing as it is now, in
    /// place of any kept before.
    public func keepPreviews(_ pngs: [Int: Data]) throws(StoreError) {
        var triggers = ""
        for table in ["meta", "elements", "layers", "textures"] {
            for change in ["INSERT", "UPDATE", "DELETE"] {
                // Dropping an element undo had hidden changes nothing that shows (it happens on opening).
                let condition = table == "elements" && change == "DELETE" ? " WHEN OLD.visible" : ""
                triggers += """
                    CREATE TRIGGER IF NOT EXISTS preview_after_\(change.lowercased())_\(table)
                        AFTER \(change) ON \(table)\(condition) BEGIN DELETE FROM preview; END;

                    """
            }
        }
        try database.transaction { () throws(StoreError) in
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS preview(side INTEGER PRIMARY KEY, png BLOB NOT NULL) STRICT;
                DELETE FROM preview;
                \(triggers)
                """)
            let insert = try database.prepare("INSERT INTO preview(side, png) VALUES (?, ?)")
            for (side, png) in pngs { try insert.run([.integer(Int64(side)), .blob(png)]) }
        }
    }

    /// Drops the kept preview, if any.
    public func forgetPreview() throws(StoreError) {
        guard try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'preview'") == 1 else { return }
        try database.execute("DELETE FROM preview")
    }

    /// The smallest preview the MaLiang document at `url` keeps whose longest side is at least `side` pixels (or
    /// else its largest), with that side; read without reading the drawing (for thumbnails). Nil when it keeps
    /// none, or none of the drawing as it is. Throws when `url` is not a MaLiang document.
    public static func preview(at url: URL, side: Int) throws(StoreError) -> (side: Int, png: Data)? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.io, "\(url.path) does not exist")
        }
        let database = try SQLiteDatabase(path: url.path, create: false, readOnly: true)
        defer { database.close() }
        guard try database.integer("PRAGMA application_id") == Schema.applicationID else {
            throw StoreError(
                .notADocument, "\(url.path) is not a MaLiang document (a SQLite database of another kind)")
        }
        guard try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'preview'") == 1 else {
            return nil
        }
        let statement = try database.prepare(
            "SELECT side, png FROM preview ORDER BY side < ?, abs(side - ?) LIMIT 1")
        try statement.bind([.integer(Int64(side)), .integer(Int64(side))])
        guard try statement.step() else { return nil }
        return (Int(statement.int64(0)), statement.blob(1))
    }
}
