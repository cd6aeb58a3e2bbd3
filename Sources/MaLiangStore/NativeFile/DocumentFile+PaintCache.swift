import CZlib
import Dispatch
import Foundation
import MaLiangCore

/// The file keeps the stamped paint in two tables of its own, written whole when the drawing is put away: each
/// layer's tiles deflated (zlib), and the key of the content they were made from. Files without them open as
/// before, and a MaLiang that does not know them leaves them alone. (`paint_cache`, one layer's tiles without a
/// layer column, is what earlier versions kept: its key never matches now, and it goes when paint is kept again.)
extension DocumentFile: PaintCache {
    static let paintTileValues = 256 * 256 * 4

    public func paintKey() -> String? {
        guard let statement = try? database.prepare("SELECT key FROM paint_cache_key LIMIT 1"),
            (try? statement.step()) == true
        else { return nil }
        return statement.text(0)
    }

    public func paintTiles() -> [TileCoordinate] {
        guard
            let statement = try? database.prepare(
                "SELECT column_index, row_index, layer_id FROM layer_paint_cache")
        else { return [] }
        var coordinates: [TileCoordinate] = []
        while (try? statement.step()) == true {
            coordinates.append(
                TileCoordinate(
                    column: Int(statement.int64(0)), row: Int(statement.int64(1)), layer: LayerID(statement.int64(2))))
        }
        return coordinates
    }

    public func paintPixels(_ coordinates: [TileCoordinate]) -> [TileCoordinate: [UInt16]] {
        guard
            let statement = try? database.prepare(
                "SELECT pixels FROM layer_paint_cache WHERE layer_id = ? AND column_index = ? AND row_index = ?")
        else { return [:] }
        // Read here (one thread reads the file), inflated on every core.
        var compressed: [(TileCoordinate, Data)] = []
        for coordinate in coordinates {
            let parameters: [SQLiteValue] = [
                .integer(coordinate.layer.rawValue), .integer(Int64(coordinate.column)),
                .integer(Int64(coordinate.row)),
            ]
            guard (try? statement.bind(parameters)) != nil,
                (try? statement.step()) == true
            else { continue }
            compressed.append((coordinate, statement.blob(0)))
            while (try? statement.step()) == true {}
        }
        let blobs = compressed.map(\.1)
        var inflated = [[UInt16]?](repeating: nil, count: blobs.count)
        inflated.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: blobs.count) { index in
                output[index] = Self.inflate(blobs[index])
            }
        }
        var tiles: [TileCoordinate: [UInt16]] = [:]
        for (index, pixels) in inflated.enumerated() {
            if let pixels { tiles[compressed[index].0] = pixels }
        }
        return tiles
    }

    public func keepPaint(key: String, groups: () throws -> [(TileCoordinate, [UInt16])]?) throws {
        guard unreadableStrokes.isEmpty else {
            throw StoreError(.io, "strokes of \(url.path) could not be read: their paint is not kept")
        }
        try database.transaction { () throws(StoreError) in
            try database.execute(
                """
                DROP TABLE IF EXISTS paint_cache;
                CREATE TABLE IF NOT EXISTS layer_paint_cache(
                    layer_id INTEGER NOT NULL, column_index INTEGER NOT NULL, row_index INTEGER NOT NULL,
                    pixels BLOB NOT NULL, PRIMARY KEY (layer_id, column_index, row_index)) STRICT;
                CREATE TABLE IF NOT EXISTS paint_cache_key(key TEXT NOT NULL) STRICT;
                DELETE FROM layer_paint_cache; DELETE FROM paint_cache_key;
                """)
            let insert = try database.prepare(
                "INSERT INTO layer_paint_cache(layer_id, column_index, row_index, pixels) VALUES (?, ?, ?, ?)")
            while true {
                let group: [(TileCoordinate, [UInt16])]
                do {
                    guard let next = try groups() else { break }
                    group = next
                } catch {
                    throw StoreError(.io, "the paint could not be read back: \(error)")
                }
                let tiles = group.map(\.1)
                var deflated = [Data?](repeating: nil, count: tiles.count)
                deflated.withUnsafeMutableBufferPointer { buffer in
                    nonisolated(unsafe) let output = buffer
                    DispatchQueue.concurrentPerform(iterations: tiles.count) { index in
                        output[index] = Self.deflate(tiles[index])
                    }
                }
                for (index, (coordinate, _)) in group.enumerated() {
                    guard let data = deflated[index] else { throw StoreError(.io, "a tile could not be compressed") }
                    try insert.run([
                        .integer(coordinate.layer.rawValue), .integer(Int64(coordinate.column)),
                        .integer(Int64(coordinate.row)), .blob(data),
                    ])
                }
            }
            try database.prepare("INSERT INTO paint_cache_key(key) VALUES (?)").run([.text(key)])
        }
    }

    /// Forgets the kept paint (a file whose paint no longer matches and will not be kept again).
    public func forgetPaint() throws {
        guard paintKey() != nil else { return }
        try database.execute(
            "DELETE FROM paint_cache_key; DROP TABLE IF EXISTS layer_paint_cache; DROP TABLE IF EXISTS paint_cache")
    }

    private static func deflate(_ pixels: [UInt16]) -> Data? {
        guard pixels.count == paintTileValues else { return nil }
        return pixels.withUnsafeBytes { source -> Data? in
            var length = compressBound(uLong(source.count))
            var output = Data(count: Int(length))
            let result = output.withUnsafeMutableBytes { target in
                compress2(
                    target.baseAddress?.assumingMemoryBound(to: Bytef.self), &length,
                    source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(source.count), 1)
            }
            guard result == Z_OK else { return nil }
            output.count = Int(length)
            return output
        }
    }

    /// The values of a deflated tile, or nil unless it inflates to exactly one tile.
    private static func inflate(_ data: Data) -> [UInt16]? {
        var pixels = [UInt16](repeating: 0, count: paintTileValues)
        var length = uLong(paintTileValues * 2)
        let result = pixels.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { source in
                uncompress(
                    target.baseAddress?.assumingMemoryBound(to: Bytef.self), &length,
                    source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(source.count))
            }
        }
        return result == Z_OK && length == uLong(paintTileValues * 2) ? pixels : nil
    }
}
