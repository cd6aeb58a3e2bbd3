import MaLiangCore

/// The file keeps the view the drawing was last shown with, so it opens where it was left. It is not part of the
/// drawing: a table of its own, which no trigger watches (keeping it leaves the preview and the kept paint as they
/// are), and which a MaLiang that does not know it leaves alone.
extension DocumentFile {
    /// Keeps `placement` as the drawing's last view, in place of any kept before.
    public func keepView(_ placement: ViewPlacement) throws(StoreError) {
        guard placement.isValid else { return }
        try database.transaction { () throws(StoreError) in
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS last_view(
                    id INTEGER PRIMARY KEY CHECK (id = 0), center_x REAL NOT NULL, center_y REAL NOT NULL,
                    zoom REAL NOT NULL, rotation REAL NOT NULL, mirrored INTEGER NOT NULL) STRICT;
                """)
            let statement = try database.prepare(
                "INSERT OR REPLACE INTO last_view(id, center_x, center_y, zoom, rotation, mirrored) VALUES (0, ?, ?, ?, ?, ?)"
            )
            try statement.run([
                .real(placement.centerX), .real(placement.centerY), .real(placement.zoom), .real(placement.rotation),
                .integer(placement.mirrored ? 1 : 0),
            ])
        }
    }

    /// The view the drawing was last shown with; nil when none is kept or what is kept cannot be shown.
    public var keptView: ViewPlacement? {
        guard
            (try? database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'last_view'")) == 1,
            let statement = try? database.prepare(
                "SELECT center_x, center_y, zoom, rotation, mirrored FROM last_view WHERE id = 0"),
            (try? statement.step()) == true
        else { return nil }
        let placement = ViewPlacement(
            centerX: statement.double(0), centerY: statement.double(1), zoom: statement.double(2),
            rotation: statement.double(3), mirrored: statement.int64(4) != 0)
        return placement.isValid ? placement : nil
    }
}
