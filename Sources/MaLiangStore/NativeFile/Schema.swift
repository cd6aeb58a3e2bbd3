/// The native file's schema, one version at a time. A file is upgraded step by step from its version to the
/// current one; a file from a newer version is refused, never touched.
enum Schema {
    /// 'MLNG': marks a SQLite database as a MaLiang document.
    static let applicationID: Int64 = 0x4D4C_4E47
    static let currentVersion: Int64 = 4

    /// `steps[n]` upgrades a version-n database to version n + 1 (version 0: an empty database).
    static let steps: [Int64: String] = [
        0: """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
        CREATE TABLE elements(
            id INTEGER PRIMARY KEY,
            visible INTEGER NOT NULL DEFAULT 1,
            kind TEXT NOT NULL CHECK (kind IN ('stroke', 'chartlet')),
            brush TEXT,
            seed INTEGER,
            canvas_scale REAL,
            samples BLOB,
            texture_id TEXT,
            center_x REAL,
            center_y REAL,
            width REAL,
            height REAL,
            angle REAL
        ) STRICT;
        CREATE TABLE textures(id TEXT PRIMARY KEY, png BLOB NOT NULL) STRICT;
        """,
        // Layers: every element of a version-1 file is on layer 1, which takes the place of the single page.
        1: """
        CREATE TABLE layers(
            id INTEGER PRIMARY KEY,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            visible INTEGER NOT NULL DEFAULT 1,
            locked INTEGER NOT NULL DEFAULT 0,
            opacity REAL NOT NULL DEFAULT 1,
            blend TEXT NOT NULL DEFAULT 'normal'
        ) STRICT;
        INSERT INTO layers(id, position, name) VALUES (1, 0, 'Layer 1');
        ALTER TABLE elements ADD COLUMN layer INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX elements_by_layer ON elements(layer);
        """,
        // Symmetry: a stroke's copies of itself (``SymmetryText``); strokes of a version-2 file have none.
        2: """
        ALTER TABLE elements ADD COLUMN symmetry TEXT;
        """,
        // Selections: a stroke moved, scaled, turned or flipped after it was drawn (``TransformText``), a placed
        // image mirrored; a version-3 file's elements are where they were drawn.
        3: """
        ALTER TABLE elements ADD COLUMN transform TEXT;
        ALTER TABLE elements ADD COLUMN mirrored INTEGER NOT NULL DEFAULT 0;
        """,
    ]

    /// Brings `database` to ``currentVersion``, each step in its own transaction.
    static func migrate(_ database: SQLiteDatabase, from version: Int64) throws(StoreError) {
        var version = version
        while version < currentVersion {
            guard let step = steps[version] else {
                throw StoreError(.damaged, "\(database.path) has schema version \(version), which no step upgrades")
            }
            let next = version + 1
            try database.transaction { () throws(StoreError) in
                try database.execute(step)
                try database.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(next)")
            }
            version = next
        }
    }
}
