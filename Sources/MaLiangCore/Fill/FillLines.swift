/// What stops a fill: pixels whose colour is further than the tolerance from the tapped pixel's, in any channel
/// (premultiplied RGBA, 8 bits a channel; 16-bit pixels are seen as they are at 8).
public struct FillLines: Sendable {
    /// The tapped pixel's colour.
    public let color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    /// Each channel's values that are not a line, at 8 bits and at 16: a range test a pixel instead of a division.
    private let narrowRanges: [ClosedRange<UInt16>]
    private let wideRanges: [ClosedRange<UInt16>]

    /// Lines for a tap on `color`: channels further than `tolerance` (0…1 of the largest difference) from it.
    public init(color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), tolerance: Double) {
        self.color = color
        let limit = Int(((tolerance.isFinite ? min(max(tolerance, 0), 1) : 0.2) * 255).rounded())
        narrowRanges = [color.red, color.green, color.blue, color.alpha].map { channel in
            UInt16(max(Int(channel) - limit, 0))...UInt16(min(Int(channel) + limit, 255))
        }
        wideRanges = narrowRanges.map { range in
            UInt16(Self.widest(Int(range.lowerBound)))...UInt16(Self.widest(Int(range.upperBound) + 1) - 1)
        }
    }

    /// The smallest 16-bit value that is `narrow` or more at 8 bits (65536 past 255).
    private static func widest(_ narrow: Int) -> Int {
        narrow <= 0 ? 0 : min((narrow * 65535 - 32767 + 254) / 255, 65536)
    }

    /// Whether a pixel of this colour is a line.
    public func isLine(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) -> Bool {
        !narrowRanges[0].contains(UInt16(red)) || !narrowRanges[1].contains(UInt16(green))
            || !narrowRanges[2].contains(UInt16(blue)) || !narrowRanges[3].contains(UInt16(alpha))
    }

    /// Whether untouched paper (transparent) is a line.
    public var paperIsLine: Bool { isLine(0, 0, 0, 0) }

    /// The lines of `pixels`, `width`×`height`, row by row.
    public func lines(in pixels: [UInt8], width: Int, height: Int) -> BitGrid {
        var grid = BitGrid(width: width, height: height)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                mark(
                    UnsafeBufferPointer(rebasing: source[(y * width * 4)..<((y + 1) * width * 4)]), into: &grid, x: 0,
                    y: y)
            }
        }
        return grid
    }

    /// Sets the lines among `pixels` (8 bits a channel), a row of the page from pixel (`x`, `y`); pixels past the
    /// grid are left out. The pixels' bits in `grid` are replaced.
    public func mark(_ pixels: UnsafeBufferPointer<UInt8>, into grid: inout BitGrid, x: Int, y: Int) {
        mark(count: pixels.count / 4, into: &grid, x: x, y: y) { index in
            let base = index * 4
            return isLine(pixels[base], pixels[base + 1], pixels[base + 2], pixels[base + 3])
        }
    }

    /// Sets the lines among `pixels` (16 bits a channel, seen as they are at 8), a row of the page from pixel
    /// (`x`, `y`). A pixel the same as the one before it is not looked at again: pages are mostly runs of one colour.
    public func mark(wide pixels: UnsafeBufferPointer<UInt16>, into grid: inout BitGrid, x: Int, y: Int) {
        guard let base = pixels.baseAddress else { return }
        let (red, green, blue, alpha) = (wideRanges[0], wideRanges[1], wideRanges[2], wideRanges[3])
        var last: UInt64 = 0
        var lastIsLine = !red.contains(0) || !green.contains(0) || !blue.contains(0) || !alpha.contains(0)
        UnsafeRawPointer(base).withMemoryRebound(to: UInt64.self, capacity: pixels.count / 4) { packed in
            mark(count: pixels.count / 4, into: &grid, x: x, y: y) { index in
                let pixel = packed[index]
                if pixel != last {
                    last = pixel
                    lastIsLine =
                        !red.contains(UInt16(truncatingIfNeeded: pixel))
                        || !green.contains(UInt16(truncatingIfNeeded: pixel >> 16))
                        || !blue.contains(UInt16(truncatingIfNeeded: pixel >> 32))
                        || !alpha.contains(UInt16(truncatingIfNeeded: pixel >> 48))
                }
                return lastIsLine
            }
        }
    }

    /// A 16-bit channel at 8 bits, rounded.
    @inline(__always) public static func narrow(_ wide: UInt16) -> UInt8 {
        UInt8((UInt32(wide) * 255 + 32767) / 65535)
    }

    @inline(__always) private func mark(
        count: Int, into grid: inout BitGrid, x: Int, y: Int, isLine: (Int) -> Bool
    ) {
        guard (0..<grid.height).contains(y) else { return }
        let columns = max(x, 0)..<min(x + count, grid.width)
        guard !columns.isEmpty else { return }
        let row = y * grid.stride
        grid.words.withUnsafeMutableBufferPointer { words in
            var column = columns.lowerBound
            while column < columns.upperBound {
                let word = column >> 6
                let end = min((word + 1) * 64, columns.upperBound)
                var value = words[row + word]
                for at in column..<end {
                    let bit: UInt64 = 1 << UInt64(at & 63)
                    value = isLine(at - x) ? value | bit : value & ~bit
                }
                words[row + word] = value
                column = end
            }
        }
    }
}
