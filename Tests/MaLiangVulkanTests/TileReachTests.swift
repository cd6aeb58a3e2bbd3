import Foundation
import MaLiangCore
import Testing

@testable import MaLiangVulkan

/// Finding the tiles and cells stamps reach takes shortcuts for consecutive stamps (the tiles the stamp before reached,
/// counts kept as binnings are added): each must give what working every stamp out on its own gives.
struct TileReachTests {
    /// Stamps walked in small steps back and forth across tile borders and past the layer's edges (1,100 × 1,000
    /// document pixels), growing and shrinking; now and then one far off, and one with no position at all.
    static func walk(count: Int) -> [Stamp] {
        (0..<count).map { index in
            let t = Float(index)
            let far = index % 1_000 == 500
            return Stamp(
                x: index == 777 ? .nan : far ? -5_000 : 550 + 700 * sin(t / 300),
                y: far ? 9_000 : 500 + 600 * cos(t / 170), size: 2 + 40 * abs(sin(t / 50)), angle: 0, red: 0,
                green: 0, blue: 0, alpha: 1, flow: 1)
        }
    }

    @Test(arguments: [1.0, 0.37, 2.0]) func aStrokesTilesAreEveryStampsOwn(scale: Double) {
        let tiles = { (pixels: Double) in Int((pixels * scale / 256).rounded(.up)) }
        let grid = TileGrid(scale: scale, columns: tiles(1_100), rows: tiles(1_000))
        let stamps = Self.walk(count: 6_000)
        var expected = Set<TileKey>()
        for stamp in stamps {
            let reach = StampPainter.reach(of: stamp, scale: scale)
            guard let columns = grid.columnRange(Double(stamp.x) - reach, Double(stamp.x) + reach),
                let rows = grid.rowRange(Double(stamp.y) - reach, Double(stamp.y) + reach)
            else { continue }
            for row in rows {
                for column in columns { expected.insert(TileKey(column: column, row: row)) }
            }
        }
        #expect(StampPainter.tiles(touchedBy: stamps, in: grid) == expected)
        // Both edges of the layer are reached.
        #expect(expected.contains { $0.column == 0 } && expected.contains { $0.column == grid.columns - 1 })
        #expect(expected.contains { $0.row == 0 } && expected.contains { $0.row == grid.rows - 1 })
    }

    @Test func aPositionOnATileBorderReachesBothTiles() {
        let grid = TileGrid(scale: 1, columns: 4, rows: 4)
        #expect(grid.columnRange(255, 256) == 0...1)
        #expect(grid.columnRange(256, 300) == 1...1)
        #expect(grid.columnRange(-10, -1) == nil && grid.columnRange(1_024, 1_100) == nil)
        #expect(grid.columnRange(-10, 0) == 0...0 && grid.columnRange(1_000, 5_000) == 3...3)
        #expect(grid.columnRange(.nan, .nan) == nil)
        let same = grid.sameTiles(columns: 1...1, rows: 0...0)
        #expect(same.contain(x: 300, y: 100, reach: 10) && !same.contain(x: 260, y: 100, reach: 10))
        #expect(!same.contain(x: 300, y: .nan, reach: 10) && !SameReach.none.contain(x: 300, y: 100, reach: 10))
        // The first and last tiles take every position beyond the layer.
        #expect(grid.sameTiles(columns: 0...3, rows: 0...3).contain(x: 500, y: -50, reach: 5_000))
    }

    /// Each stamp is binned into exactly the cells its reach covers (worked out on its own here), and the counts kept
    /// as it is match the binnings.
    @Test(arguments: [1, 2, 8, 16]) func consecutiveStampsAreBinnedAsEachOnItsOwn(cellsPerTileSide: Int) throws {
        let context = try validatedContext()
        let pipelines = try Pipelines(context)
        let layer = TileLayer(context, pipelines, documentWidth: 1_100, documentHeight: 1_000, scale: 1)
        var bins = CellBins(grid: layer.grid, onlyTiles: nil, cellsPerTileSide: cellsPerTileSide)
        let stamps = Self.walk(count: 6_000)
        for (index, stamp) in stamps.enumerated() where stamp.x.isFinite {
            _ = bins.add(UInt32(index), stamp: stamp, reach: Double(stamp.size) / 2 + 1, erasing: false)
        }
        // Every binning as (stamp, layer cell column, row).
        let side = cellsPerTileSide
        let binned = bins.pairs.elements.map { pair -> [Int] in
            let (slot, cell) = (Int(pair.cell) / (side * side), Int(pair.cell) % (side * side))
            let tile = bins.tiles[slot]
            return [Int(pair.stamp), tile.column * side + cell % side, tile.row * side + cell / side]
        }
        let cellPixels = Double(TileLayer.tileSize / side)
        let (columns, rows) = (layer.columns * side, layer.rows * side)
        var expected: [[Int]] = []
        for (index, stamp) in stamps.enumerated() where stamp.x.isFinite {
            let reach = Double(stamp.size) / 2 + 1
            let x0 = max(Int(((Double(stamp.x) - reach) / cellPixels).rounded(.down)), 0)
            let x1 = min(Int(((Double(stamp.x) + reach) / cellPixels).rounded(.down)), columns - 1)
            let y0 = max(Int(((Double(stamp.y) - reach) / cellPixels).rounded(.down)), 0)
            let y1 = min(Int(((Double(stamp.y) + reach) / cellPixels).rounded(.down)), rows - 1)
            guard x0 <= x1, y0 <= y1 else { continue }
            for row in y0...y1 {
                for column in x0...x1 { expected.append([index, column, row]) }
            }
        }
        let order = { (a: [Int], b: [Int]) in a.lexicographicallyPrecedes(b) }
        #expect(binned.sorted(by: order) == expected.sorted(by: order), "\(binned.count) against \(expected.count)")
        var counted = [UInt32](repeating: 0, count: bins.tiles.count * bins.cellsPerTile)
        for pair in bins.pairs.elements { counted[Int(pair.cell)] += 1 }
        #expect(Array(bins.cellCounts.elements) == counted)
        // The reached cells are those binned, each once, in the order first binned.
        var firstReached: [Int32] = []
        var seen = Set<Int32>()
        for pair in bins.pairs.elements where seen.insert(pair.cell).inserted { firstReached.append(pair.cell) }
        #expect(Array(bins.reachedCells.elements) == firstReached)
        #expect(bins.pairs.count > 3_000 && bins.tiles.count > 4, "\(bins.pairs.count) \(bins.tiles.count)")
    }
}
