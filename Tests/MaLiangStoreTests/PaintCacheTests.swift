import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

@Suite struct PaintCacheTests {
    /// A tile whose values all differ from their neighbours' (deflate gains little on it).
    func tile(_ seed: Int) -> [UInt16] {
        (0..<(256 * 256 * 4)).map { UInt16(truncatingIfNeeded: $0 &* 2_654_435_761 &+ seed) }
    }

    func keep(_ file: DocumentFile, key: String, _ tiles: [(TileCoordinate, [UInt16])]) throws {
        var groups = [Array(tiles.prefix(1)), Array(tiles.dropFirst())][...]
        try file.keepPaint(key: key) { groups.popFirst() }
    }

    @Test func keptPaintIsReadBackExactlyAfterReopening() throws {
        let url = try temporaryFolder().appendingPathComponent("kept.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        #expect(file.paintKey() == nil && file.paintTiles().isEmpty)
        let empty = [UInt16](repeating: 0, count: 256 * 256 * 4)
        let tiles = [
            (TileCoordinate(column: 0, row: 0), tile(1)), (TileCoordinate(column: 2, row: 1), tile(2)),
            (TileCoordinate(column: 1, row: 0), empty),
        ]
        try keep(file, key: "first", tiles)
        file.close()

        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.paintKey() == "first")
        #expect(Set(reopened.paintTiles()) == Set(tiles.map(\.0)))
        let pixels = reopened.paintPixels(tiles.map(\.0) + [TileCoordinate(column: 5, row: 5)])
        #expect(pixels.count == 3)
        for (coordinate, values) in tiles { #expect(pixels[coordinate] == values) }
        // Keeping again replaces the paint whole.
        try keep(reopened, key: "second", [(TileCoordinate(column: 1, row: 1), tile(3))])
        #expect(reopened.paintKey() == "second" && reopened.paintTiles() == [TileCoordinate(column: 1, row: 1)])
        reopened.close()
    }

    @Test func aFailureWhileKeepingLeavesTheEarlierPaint() throws {
        let url = try temporaryFolder().appendingPathComponent("failing.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 300))
        try keep(file, key: "good", [(TileCoordinate(column: 0, row: 0), tile(4))])
        struct ReadBackFailed: Error {}
        var calls = 0
        #expect(throws: StoreError.self) {
            try file.keepPaint(key: "bad") { () throws -> [(TileCoordinate, [UInt16])]? in
                calls += 1
                if calls == 2 { throw ReadBackFailed() }
                return [(TileCoordinate(column: 0, row: 0), tile(5))]
            }
        }
        // A tile of the wrong size is refused too.
        #expect(throws: StoreError.self) {
            try keep(file, key: "short", [(TileCoordinate(column: 0, row: 0), [1, 2, 3])])
        }
        #expect(file.paintKey() == "good")
        #expect(file.paintPixels([TileCoordinate(column: 0, row: 0)])[TileCoordinate(column: 0, row: 0)] == tile(4))
        file.close()
    }

    @Test func aDamagedTileIsLeftOutNotMisread() throws {
        let url = try temporaryFolder().appendingPathComponent("damaged.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        try keep(
            file, key: "k",
            [(TileCoordinate(column: 0, row: 0), tile(6)), (TileCoordinate(column: 1, row: 0), tile(7))])
        file.close()
        // Another program damages one tile's bytes: truncated, then replaced by bytes that inflate to too little.
        let database = try SQLiteDatabase(path: url.path, create: false)
        try database.execute("UPDATE layer_paint_cache SET pixels = substr(pixels, 1, 100) WHERE column_index = 0")
        database.close()
        let reopened = try DocumentFile.open(at: url)
        let pixels = reopened.paintPixels([TileCoordinate(column: 0, row: 0), TileCoordinate(column: 1, row: 0)])
        #expect(pixels[TileCoordinate(column: 0, row: 0)] == nil)
        #expect(pixels[TileCoordinate(column: 1, row: 0)] == tile(7))
        reopened.close()
    }
}
