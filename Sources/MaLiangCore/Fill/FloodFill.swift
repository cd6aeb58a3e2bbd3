/// How a fill finds its region.
public struct FillSettings: Hashable, Codable, Sendable {
    /// How far a pixel's colour may be from the colour tapped and still be filled, 0…1 of the largest difference.
    public var tolerance: Double
    /// Gaps up to this many pixels wide in the lines around a region are closed (0: none).
    public var gapClosing: Int
    /// Pixels the fill grows under the lines' soft edges, so no halo of paper shows between line and fill.
    public var grow: Int
    /// Whether the region is what every shown layer makes together, rather than the current layer alone.
    public var allLayers: Bool

    /// The widest gap closed, pixels.
    public static let gapLimit = 0...32
    /// The most a fill grows, pixels.
    public static let growLimit = 0...8

    /// Settings held within their limits.
    public init(tolerance: Double = 0.2, gapClosing: Int = 3, grow: Int = 2, allLayers: Bool = false) {
        self.tolerance = tolerance.isFinite ? min(max(tolerance, 0), 1) : 0.2
        self.gapClosing = min(max(gapClosing, Self.gapLimit.lowerBound), Self.gapLimit.upperBound)
        self.grow = min(max(grow, Self.growLimit.lowerBound), Self.growLimit.upperBound)
        self.allLayers = allLayers
    }
}

/// The pixels a fill covers: a rectangle of the page and, inside it, which pixels are filled.
public struct FillRegion: Equatable, Sendable {
    /// The rectangle's left pixel.
    public let x: Int
    /// The rectangle's top pixel.
    public let y: Int
    /// The rectangle's width, pixels.
    public let width: Int
    /// The rectangle's height, pixels.
    public let height: Int
    /// 255 where filled, 0 where not, row by row across the rectangle.
    public let mask: [UInt8]
    /// Pixels filled.
    public let count: Int
}

/// Why a fill changes nothing.
public enum FillRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tap was off the page.
    case offPage
    /// What the tap reaches is not enclosed: it spreads to every edge of the page.
    case notClosed
    /// The region is wider or taller than a fill can be.
    case tooLarge(width: Int, height: Int)

    /// Why, in words.
    public var description: String {
        switch self {
        case .offPage: "there is nothing to fill off the page"
        case .notClosed:
            "no closed shape here: the fill would spread to every edge of the page (close the lines, or raise the gap closing)"
        case .tooLarge(let width, let height):
            "a region of \(width)×\(height) pixels is larger than a fill can be (\(FloodFill.maximumSide) a side)"
        }
    }
}

/// Finds the region a tap fills in a picture: the pixels joined to the tapped one whose colour is within the
/// tolerance of its colour, with narrow gaps in the lines around it closed and the region grown under the lines'
/// soft edges. Everything works on one byte per pixel after the first pass, a few passes over the page.
public enum FloodFill {
    /// Longest side of a fill's region, pixels.
    public static let maximumSide = 8_192

    /// The region `settings` fill from pixel (`seedX`, `seedY`) of `pixels`: premultiplied RGBA, 8 bits a channel,
    /// `width`×`height`, row by row.
    public static func region(
        in pixels: [UInt8], width: Int, height: Int, seedX: Int, seedY: Int, settings: FillSettings
    ) -> Result<FillRegion, FillRefusal> {
        guard width > 0, height > 0, pixels.count >= width * height * 4, (0..<width).contains(seedX),
            (0..<height).contains(seedY)
        else { return .failure(.offPage) }
        var page = Grid(width: width, height: height)
        page.markLines(pixels, seed: seedY * width + seedX, tolerance: settings.tolerance)
        // Closing gaps only ever shrinks what the lines alone enclose, and growing reaches a few pixels past it: the
        // rest of the work happens in a window around what the lines alone enclose.
        let (reached, box) = page.flood(from: seedY * width + seedX, blocked: page.lines)
        let margin = settings.gapClosing + settings.grow + 1
        let left = max(box.minX - margin, 0)
        let top = max(box.minY - margin, 0)
        let right = min(box.maxX + margin, width - 1)
        let bottom = min(box.maxY + margin, height - 1)
        var grid = page.window(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        let seed = (seedY - top) * grid.width + (seedX - left)
        var filled: [UInt8]
        if settings.gapClosing > 0 {
            // Lines thickened by the gap closing, so narrow gaps are shut; the fill then reaches back under the
            // thickening (never past the lines themselves).
            let thickened = grid.within(settings.gapClosing, of: grid.lines)
            if thickened[seed] == 0 {
                filled = grid.flood(from: seed, blocked: thickened).set
                filled = grid.union(filled, grid.within(settings.gapClosing, of: filled), except: grid.lines)
            } else {
                filled = page.cut(reached, to: grid, x: left, y: top)
            }
        } else {
            filled = page.cut(reached, to: grid, x: left, y: top)
        }
        grid.pageEdges = (top == 0, bottom == height - 1, left == 0, right == width - 1)
        guard !grid.touchesEveryEdge(filled) else { return .failure(.notClosed) }
        if settings.grow > 0 { filled = grid.union(filled, grid.within(settings.grow, of: filled), except: nil) }
        return grid.cropped(filled).map { region in
            FillRegion(
                x: region.x + left, y: region.y + top, width: region.width, height: region.height, mask: region.mask,
                count: region.count)
        }
    }
}

/// One byte a pixel: the working surface of a fill.
struct Grid {
    let width: Int
    let height: Int
    /// 1 where a pixel is a line (its colour too far from the tapped one).
    var lines: [UInt8] = []
    /// Which of its sides (top, bottom, left, right) are the page's (a window of the page has fewer).
    var pageEdges = (top: true, bottom: true, left: true, right: true)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    mutating func markLines(_ pixels: [UInt8], seed: Int, tolerance: Double) {
        let limit = Int32((tolerance * 255).rounded())
        var result = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            let r = Int32(source[seed * 4])
            let g = Int32(source[seed * 4 + 1])
            let b = Int32(source[seed * 4 + 2])
            let a = Int32(source[seed * 4 + 3])
            result.withUnsafeMutableBufferPointer { out in
                for index in 0..<out.count {
                    let base = index * 4
                    let difference = max(
                        abs(Int32(source[base]) - r), abs(Int32(source[base + 1]) - g),
                        abs(Int32(source[base + 2]) - b), abs(Int32(source[base + 3]) - a))
                    out[index] = difference > limit ? 1 : 0
                }
            }
        }
        lines = result
    }

    /// The part of this grid (`width`×`height` from (`x`, `y`)) as a grid of its own, its lines copied.
    func window(x: Int, y: Int, width: Int, height: Int) -> Grid {
        var part = Grid(width: width, height: height)
        part.lines = cut(lines, to: part, x: x, y: y)
        return part
    }

    /// `set`'s part under `window`, a window of this grid from (`x`, `y`).
    func cut(_ set: [UInt8], to window: Grid, x: Int, y: Int) -> [UInt8] {
        var part = [UInt8](repeating: 0, count: window.width * window.height)
        for row in 0..<window.height {
            let from = (y + row) * width + x
            part.replaceSubrange(
                (row * window.width)..<((row + 1) * window.width), with: set[from..<(from + window.width)])
        }
        return part
    }

    /// The pixels joined to `seed` through pixels not `blocked` (four neighbours), by scanline, and the rectangle
    /// around them.
    func flood(from seed: Int, blocked: [UInt8]) -> (set: [UInt8], box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) {
        var filled = [UInt8](repeating: 0, count: width * height)
        var box = (minX: seed % width, minY: seed / width, maxX: seed % width, maxY: seed / width)
        guard blocked[seed] == 0 else { return (filled, box) }
        let width = width
        let height = height
        filled.withUnsafeMutableBufferPointer { out in
            blocked.withUnsafeBufferPointer { wall in
                var stack = [seed]
                while let start = stack.popLast() {
                    guard out[start] == 0 else { continue }
                    let row = start / width
                    let rowStart = row * width
                    var left = start
                    while left > rowStart && wall[left - 1] == 0 && out[left - 1] == 0 { left -= 1 }
                    var right = start
                    while right + 1 < rowStart + width && wall[right + 1] == 0 && out[right + 1] == 0 { right += 1 }
                    for index in left...right { out[index] = 1 }
                    box.minX = min(box.minX, left - rowStart)
                    box.maxX = max(box.maxX, right - rowStart)
                    box.minY = min(box.minY, row)
                    box.maxY = max(box.maxY, row)
                    for neighbour in [row - 1, row + 1] where neighbour >= 0 && neighbour < height {
                        var inRun = false
                        let offset = (neighbour - row) * width
                        for index in left...right {
                            let above = index + offset
                            if wall[above] == 0 && out[above] == 0 {
                                if !inRun { stack.append(above) }
                                inRun = true
                            } else {
                                inRun = false
                            }
                        }
                    }
                }
            }
        }
        return (filled, box)
    }

    /// 1 where a pixel is within `distance` pixels across and down of a pixel that is 1 in `set` (a square around
    /// each), by running counts: two streaming passes whatever the distance.
    func within(_ distance: Int, of set: [UInt8]) -> [UInt8] {
        let width = width
        let height = height
        var across = [UInt8](repeating: 0, count: width * height)
        set.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * width
                    // Ones in [x − distance, x + distance] of the row.
                    var count = 0
                    for x in 0..<min(distance, width) { count += Int(source[row + x]) }
                    for x in 0..<width {
                        let entering = x + distance
                        if entering < width { count += Int(source[row + entering]) }
                        let leaving = x - distance - 1
                        if leaving >= 0 { count -= Int(source[row + leaving]) }
                        out[row + x] = count > 0 ? 1 : 0
                    }
                }
            }
        }
        var result = [UInt8](repeating: 0, count: width * height)
        var counts = [Int32](repeating: 0, count: width)
        across.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { out in
                counts.withUnsafeMutableBufferPointer { count in
                    for y in 0..<min(distance, height) {
                        for x in 0..<width { count[x] += Int32(source[y * width + x]) }
                    }
                    for y in 0..<height {
                        let entering = y + distance
                        if entering < height {
                            for x in 0..<width { count[x] += Int32(source[entering * width + x]) }
                        }
                        let leaving = y - distance - 1
                        if leaving >= 0 {
                            for x in 0..<width { count[x] -= Int32(source[leaving * width + x]) }
                        }
                        let row = y * width
                        for x in 0..<width { out[row + x] = count[x] > 0 ? 1 : 0 }
                    }
                }
            }
        }
        return result
    }

    /// `a` or `b`, leaving out what is 1 in `except`.
    func union(_ a: [UInt8], _ b: [UInt8], except: [UInt8]?) -> [UInt8] {
        var result = a
        result.withUnsafeMutableBufferPointer { out in
            b.withUnsafeBufferPointer { extra in
                if let except {
                    except.withUnsafeBufferPointer { left in
                        for index in 0..<out.count where extra[index] != 0 && left[index] == 0 { out[index] = 1 }
                    }
                } else {
                    for index in 0..<out.count where extra[index] != 0 { out[index] = 1 }
                }
            }
        }
        return result
    }

    /// Whether `set` reaches the page's four edges (a side of the grid that is not the page's is never reached).
    func touchesEveryEdge(_ set: [UInt8]) -> Bool {
        let top = pageEdges.top && (0..<width).contains { set[$0] != 0 }
        let bottom = pageEdges.bottom && (0..<width).contains { set[(height - 1) * width + $0] != 0 }
        let left = pageEdges.left && (0..<height).contains { set[$0 * width] != 0 }
        let right = pageEdges.right && (0..<height).contains { set[$0 * width + width - 1] != 0 }
        return top && bottom && left && right
    }

    /// The rectangle around `set` and its mask.
    func cropped(_ set: [UInt8]) -> Result<FillRegion, FillRefusal> {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        var count = 0
        let width = width
        set.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = y * width
                var first = -1
                var last = -1
                for x in 0..<width where source[row + x] != 0 {
                    if first < 0 { first = x }
                    last = x
                    count += 1
                }
                guard first >= 0 else { continue }
                minX = min(minX, first)
                maxX = max(maxX, last)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxX >= minX else { return .success(FillRegion(x: 0, y: 0, width: 0, height: 0, mask: [], count: 0)) }
        let regionWidth = maxX - minX + 1
        let regionHeight = maxY - minY + 1
        guard regionWidth <= FloodFill.maximumSide, regionHeight <= FloodFill.maximumSide else {
            return .failure(.tooLarge(width: regionWidth, height: regionHeight))
        }
        var mask = [UInt8](repeating: 0, count: regionWidth * regionHeight)
        set.withUnsafeBufferPointer { source in
            mask.withUnsafeMutableBufferPointer { out in
                for y in 0..<regionHeight {
                    let from = (minY + y) * width + minX
                    for x in 0..<regionWidth where source[from + x] != 0 { out[y * regionWidth + x] = 255 }
                }
            }
        }
        return .success(
            FillRegion(x: minX, y: minY, width: regionWidth, height: regionHeight, mask: mask, count: count))
    }
}
