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
    /// Which pixels of the rectangle are filled.
    public let mask: BitGrid
    /// Pixels filled.
    public let count: Int

    /// The rectangle's width, pixels.
    public var width: Int { mask.width }
    /// The rectangle's height, pixels.
    public var height: Int { mask.height }
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

/// Finds the region a tap fills: the pixels joined to the tapped one that are not lines (their colour too far from
/// its colour, ``FillLines``), with narrow gaps in the lines around them closed and the region grown under the
/// lines' soft edges. Everything works on one bit a pixel (``BitGrid``).
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
        let seed = seedY * width + seedX
        let match = FillLines(
            color: (pixels[seed * 4], pixels[seed * 4 + 1], pixels[seed * 4 + 2], pixels[seed * 4 + 3]),
            tolerance: settings.tolerance)
        return region(
            lines: match.lines(in: pixels, width: width, height: height), seedX: seedX, seedY: seedY,
            settings: settings)
    }

    /// The region `settings` fill from pixel (`seedX`, `seedY`) of a page whose `lines` are set.
    public static func region(lines: BitGrid, seedX: Int, seedY: Int, settings: FillSettings) -> Result<
        FillRegion, FillRefusal
    > {
        let (width, height) = (lines.width, lines.height)
        guard (0..<width).contains(seedX), (0..<height).contains(seedY) else { return .failure(.offPage) }
        // Closing gaps only ever shrinks what the lines alone enclose, and growing reaches a few pixels past it: the
        // rest of the work happens in a window around what the lines alone enclose.
        let reached = lines.flood(fromX: seedX, y: seedY)
        guard let box = reached.bounds else {
            return .success(FillRegion(x: 0, y: 0, mask: BitGrid(width: 0, height: 0), count: 0))
        }
        let margin = settings.gapClosing + settings.grow + 1
        let left = max(box.x - margin, 0)
        let top = max(box.y - margin, 0)
        let right = min(box.x + box.width - 1 + margin, width - 1)
        let bottom = min(box.y + box.height - 1 + margin, height - 1)
        let (windowWidth, windowHeight) = (right - left + 1, bottom - top + 1)
        let walls = lines.window(x: left, y: top, width: windowWidth, height: windowHeight)
        var filled = reached.window(x: left, y: top, width: windowWidth, height: windowHeight)
        if settings.gapClosing > 0 {
            // Lines thickened by the gap closing, so narrow gaps are shut; the fill then reaches back under the
            // thickening (never past the lines themselves).
            let thickened = walls.within(settings.gapClosing)
            if !thickened[seedX - left, seedY - top] {
                let inside = thickened.flood(fromX: seedX - left, y: seedY - top)
                filled = inside.union(inside.within(settings.gapClosing), except: walls)
            }
        }
        // Only the page's own edges count: a side of the window inside the page is never reached.
        let edges = (top == 0, bottom == height - 1, left == 0, right == width - 1)
        if edges == (true, true, true, true) && filled.touchesEveryEdge() { return .failure(.notClosed) }
        if settings.grow > 0 { filled = filled.union(filled.within(settings.grow)) }
        guard let found = filled.bounds else {
            return .success(FillRegion(x: 0, y: 0, mask: BitGrid(width: 0, height: 0), count: 0))
        }
        guard found.width <= maximumSide, found.height <= maximumSide else {
            return .failure(.tooLarge(width: found.width, height: found.height))
        }
        let mask = filled.window(x: found.x, y: found.y, width: found.width, height: found.height)
        return .success(FillRegion(x: found.x + left, y: found.y + top, mask: mask, count: mask.count))
    }
}
