/// One bit a pixel, 64 pixels to a word (pixel x of a row is bit x % 64 of word x / 64), rows padded to whole words
/// with zeros: the working surface of a fill. A 4096×3072 page is 1.5 MB, and a pass over it is a few hundred
/// thousand word operations.
public struct BitGrid: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Words in a row.
    public let stride: Int
    /// The rows, one after another.
    public internal(set) var words: [UInt64]

    /// A grid with every pixel `set` (or none).
    public init(width: Int, height: Int, set: Bool = false) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        stride = (self.width + 63) / 64
        words = [UInt64](repeating: 0, count: stride * self.height)
        if set { fill() }
    }

    /// Whether pixel (`x`, `y`) is set; both must be inside the grid.
    public subscript(x: Int, y: Int) -> Bool {
        get { words[y * stride + x >> 6] >> UInt64(x & 63) & 1 != 0 }
        set {
            let bit: UInt64 = 1 << UInt64(x & 63)
            if newValue { words[y * stride + x >> 6] |= bit } else { words[y * stride + x >> 6] &= ~bit }
        }
    }

    /// The bits of a row's last word that are pixels.
    var lastWordMask: UInt64 { width & 63 == 0 ? ~0 : (1 << UInt64(width & 63)) - 1 }

    /// Every pixel set.
    mutating func fill() {
        let (stride, last) = (stride, lastWordMask)
        words.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                for word in 0..<stride { out[row * stride + word] = ~0 }
                out[row * stride + stride - 1] = last
            }
        }
    }

    /// Sets pixels `columns` of the row starting at word `row` of `words`.
    static func set(_ columns: ClosedRange<Int>, in words: UnsafeMutableBufferPointer<UInt64>, at row: Int) {
        let (first, last) = (columns.lowerBound >> 6, columns.upperBound >> 6)
        let low: UInt64 = ~0 << UInt64(columns.lowerBound & 63)
        let high: UInt64 = ~0 >> UInt64(63 - columns.upperBound & 63)
        if first == last {
            words[row + first] |= low & high
            return
        }
        words[row + first] |= low
        for index in (first + 1)..<last { words[row + index] = ~0 }
        words[row + last] |= high
    }

    /// Pixels set.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Whether any pixel is set.
    public var isEmpty: Bool { !words.contains { $0 != 0 } }

    /// The rows as a one-bit PNG holds them: (`width` + 7) / 8 bytes a row, the leftmost pixel in a byte's highest
    /// bit.
    public var pngRows: [UInt8] {
        let rowBytes = (width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        let stride = stride
        words.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    for index in 0..<rowBytes {
                        let byte = UInt8(truncatingIfNeeded: source[y * stride + index >> 3] >> UInt64((index & 7) * 8))
                        out[y * rowBytes + index] = Self.reversed[Int(byte)]
                    }
                }
            }
        }
        return bytes
    }

    /// A grid from rows as a one-bit PNG holds them (``pngRows``); nil when there are too few bytes.
    public init?(pngRows bytes: [UInt8], width: Int, height: Int) {
        let rowBytes = (width + 7) / 8
        guard width > 0, height > 0, bytes.count >= rowBytes * height else { return nil }
        self.init(width: width, height: height)
        let (stride, last) = (stride, lastWordMask)
        bytes.withUnsafeBufferPointer { source in
            words.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    for index in 0..<rowBytes {
                        let byte = UInt64(Self.reversed[Int(source[y * rowBytes + index])])
                        out[y * stride + index >> 3] |= byte << UInt64((index & 7) * 8)
                    }
                    out[y * stride + stride - 1] &= last
                }
            }
        }
    }

    /// Each byte's bits in the other order.
    private static let reversed: [UInt8] = (0..<256).map { value in
        var result = 0
        for bit in 0..<8 where value & (1 << bit) != 0 { result |= 0x80 >> bit }
        return UInt8(result)
    }
}

extension BitGrid {
    /// The part `width`×`height` from (`x`, `y`) as a grid of its own (pixels outside this grid unset).
    public func window(x: Int, y: Int, width: Int, height: Int) -> BitGrid {
        var part = BitGrid(width: width, height: height)
        let (stride, partStride, last) = (stride, part.stride, part.lastWordMask)
        let shift = UInt64(((x % 64) + 64) % 64)
        let firstWord = (x - Int(shift)) / 64
        words.withUnsafeBufferPointer { source in
            part.words.withUnsafeMutableBufferPointer { out in
                for row in 0..<height where (0..<self.height).contains(y + row) {
                    let base = (y + row) * stride
                    func word(_ index: Int) -> UInt64 { (0..<stride).contains(index) ? source[base + index] : 0 }
                    for index in 0..<partStride {
                        let at = firstWord + index
                        var value = word(at) >> shift
                        if shift != 0 { value |= word(at + 1) << (64 - shift) }
                        out[row * partStride + index] = value
                    }
                    out[row * partStride + partStride - 1] &= last
                }
            }
        }
        return part
    }

    /// The rectangle around the set pixels; nil when none is.
    public var bounds: (x: Int, y: Int, width: Int, height: Int)? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        let stride = stride
        words.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = y * stride
                guard let first = (0..<stride).first(where: { source[row + $0] != 0 }) else { continue }
                let last = (0..<stride).last { source[row + $0] != 0 } ?? first
                minX = min(minX, first * 64 + source[row + first].trailingZeroBitCount)
                maxX = max(maxX, last * 64 + 63 - source[row + last].leadingZeroBitCount)
                minY = min(minY, y)
                maxY = y
            }
        }
        return maxY < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// This or `other` (the same size), leaving out what is set in `except`.
    public func union(_ other: BitGrid, except: BitGrid? = nil) -> BitGrid {
        var result = self
        result.words.withUnsafeMutableBufferPointer { out in
            other.words.withUnsafeBufferPointer { extra in
                if let except {
                    except.words.withUnsafeBufferPointer { left in
                        for index in 0..<out.count { out[index] |= extra[index] & ~left[index] }
                    }
                } else {
                    for index in 0..<out.count { out[index] |= extra[index] }
                }
            }
        }
        return result
    }

    /// Set where a pixel is within `distance` pixels (at most 63) across and down of a set pixel (a square around
    /// each): each row widened by shifts that take bits from the neighbouring words, then each row the union of the
    /// rows within `distance`.
    public func within(_ distance: Int) -> BitGrid {
        let distance = min(distance, 63)
        guard distance > 0 else { return self }
        let (stride, height, last) = (stride, height, lastWordMask)
        var across = BitGrid(width: width, height: height)
        words.withUnsafeBufferPointer { source in
            across.words.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * stride
                    for index in 0..<stride {
                        let here = source[row + index]
                        let previous = index > 0 ? source[row + index - 1] : 0
                        let next = index + 1 < stride ? source[row + index + 1] : 0
                        var value = here
                        for step in 1...distance {
                            let shift = UInt64(step)
                            value |= here << shift | previous >> (64 - shift) | here >> shift | next << (64 - shift)
                        }
                        out[row + index] = value
                    }
                    out[row + stride - 1] &= last
                }
            }
        }
        var result = BitGrid(width: width, height: height)
        across.words.withUnsafeBufferPointer { source in
            result.words.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let rows = max(y - distance, 0)...min(y + distance, height - 1)
                    let target = y * stride
                    for other in rows {
                        let from = other * stride
                        for index in 0..<stride { out[target + index] |= source[from + index] }
                    }
                }
            }
        }
        return result
    }
}
