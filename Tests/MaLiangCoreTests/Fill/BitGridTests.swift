import Testing

@testable import MaLiangCore

/// The one-bit grid a fill works on, against pixel-by-pixel reference answers on random pages whose widths are not
/// whole words.
@Suite struct BitGridTests {
    /// A random `width`×`height` grid with about `density` of its pixels set, and the same as booleans.
    func random(width: Int, height: Int, density: Double, using generator: inout some RandomNumberGenerator) -> (
        BitGrid, [[Bool]]
    ) {
        var grid = BitGrid(width: width, height: height)
        var plain = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
        for y in 0..<height {
            for x in 0..<width where Double.random(in: 0..<1, using: &generator) < density {
                grid[x, y] = true
                plain[y][x] = true
            }
        }
        return (grid, plain)
    }

    func plain(_ grid: BitGrid) -> [[Bool]] {
        (0..<grid.height).map { y in (0..<grid.width).map { x in grid[x, y] } }
    }

    static let sizes = [(1, 1), (63, 9), (64, 7), (65, 11), (130, 40), (200, 3)]

    @Test func floodReachesWhatABreadthFirstSearchReaches() {
        var generator = SplitMix(seed: 11)
        for (width, height) in Self.sizes {
            for density in [0.0, 0.3, 0.45, 0.6] {
                let (walls, open) = random(width: width, height: height, density: density, using: &generator)
                let (seedX, seedY) = (width / 2, height / 2)
                var reached = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
                var queue = open[seedY][seedX] ? [] : [(seedX, seedY)]
                if !queue.isEmpty { reached[seedY][seedX] = true }
                while let (x, y) = queue.popLast() {
                    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    where (0..<width).contains(nx) && (0..<height).contains(ny) && !open[ny][nx] && !reached[ny][nx] {
                        reached[ny][nx] = true
                        queue.append((nx, ny))
                    }
                }
                let flood = walls.flood(fromX: seedX, y: seedY)
                #expect(plain(flood) == reached, "\(width)×\(height) at \(density)")
                #expect(flood.count == reached.joined().filter { $0 }.count)
            }
        }
    }

    @Test func withinSetsTheSquareAroundEverySetPixel() {
        var generator = SplitMix(seed: 12)
        for (width, height) in Self.sizes {
            let (grid, set) = random(width: width, height: height, density: 0.02, using: &generator)
            for distance in [1, 3, 63] {
                var expected = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
                for y in 0..<height {
                    for x in 0..<width where set[y][x] {
                        for ny in max(y - distance, 0)...min(y + distance, height - 1) {
                            for nx in max(x - distance, 0)...min(x + distance, width - 1) { expected[ny][nx] = true }
                        }
                    }
                }
                #expect(plain(grid.within(distance)) == expected, "\(width)×\(height) within \(distance)")
            }
        }
    }

    @Test func windowsBoundsAndPNGRowsAgreeWithThePixels() {
        var generator = SplitMix(seed: 13)
        for (width, height) in Self.sizes {
            let (grid, set) = random(width: width, height: height, density: 0.1, using: &generator)
            for (x, y, w, h) in [(0, 0, width, height), (-5, -2, width + 9, 4), (width / 3, height / 2, 70, 3)] {
                let part = grid.window(x: x, y: y, width: w, height: h)
                let expected = (0..<h).map { row in
                    (0..<w).map { column in
                        (0..<width).contains(x + column) && (0..<height).contains(y + row) && set[y + row][x + column]
                    }
                }
                #expect(plain(part) == expected, "\(width)×\(height) window \(x),\(y) \(w)×\(h)")
            }
            let xs = (0..<height).flatMap { y in (0..<width).filter { set[y][$0] } }
            let ys = (0..<height).filter { set[$0].contains(true) }
            if let box = grid.bounds {
                #expect(box.x == xs.min() && box.width == xs.max()! - xs.min()! + 1)
                #expect(box.y == ys.first && box.height == ys.last! - ys.first! + 1)
            } else {
                #expect(xs.isEmpty)
            }
            #expect(BitGrid(pngRows: grid.pngRows, width: width, height: height) == grid)
        }
    }

    @Test func sixteenBitPixelsAreLinesExactlyWhenTheirEightBitSelvesAre() {
        for (color, tolerance) in [([0, 0, 0, 0], 0.2), ([255, 128, 3, 255], 0.0), ([17, 250, 99, 128], 0.5)] {
            let lines = FillLines(
                color: (UInt8(color[0]), UInt8(color[1]), UInt8(color[2]), UInt8(color[3])), tolerance: tolerance)
            let limit = Int((tolerance * 255).rounded())
            for channel in 0..<4 {
                // Every 16-bit value in one channel, the tapped colour in the others.
                var row = [UInt16](repeating: 0, count: 65536 * 4)
                var expected = BitGrid(width: 65536, height: 1)
                for value in 0...65535 {
                    for other in 0..<4 { row[value * 4 + other] = UInt16(color[other] * 257) }
                    row[value * 4 + channel] = UInt16(value)
                    let eight = (value * 255 + 32767) / 65535
                    expected[value, 0] = abs(eight - color[channel]) > limit
                }
                var grid = BitGrid(width: 65536, height: 1)
                row.withUnsafeBufferPointer { lines.mark(wide: $0, into: &grid, x: 0, y: 0) }
                #expect(grid == expected, "channel \(channel) of \(color) at \(tolerance)")
            }
        }
    }
}

/// A small seeded generator, so a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
