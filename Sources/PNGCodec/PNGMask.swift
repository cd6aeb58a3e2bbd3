import CPNGCodec
import Foundation

/// A picture of one opaque colour over transparency, one bit a pixel: what a fill keeps. It stays packed from the
/// region found to the file and back to the tiles — a page-sized one is 1.5 MB where RGBA would be 50.
public struct PNGMask: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Rows.
    public let height: Int
    /// (`width` + 7) / 8 bytes a row, the leftmost pixel in a byte's highest bit, set where the colour is.
    public let rows: [UInt8]
    /// The colour's red, 8 bits.
    public let red: UInt8
    /// Its green.
    public let green: UInt8
    /// Its blue.
    public let blue: UInt8

    /// Bytes in a row.
    public var rowBytes: Int { (width + 7) / 8 }

    /// A mask of `rows` (at least ``rowBytes`` × `height` bytes) in the colour; throws when there are too few.
    public init(width: Int, height: Int, rows: [UInt8], red: UInt8, green: UInt8, blue: UInt8) throws(PNGError) {
        guard width > 0, height > 0, rows.count >= (width + 7) / 8 * height else {
            throw PNGError("a mask of \(width)×\(height) needs \((width + 7) / 8 * height) bytes")
        }
        self.width = width
        self.height = height
        self.rows = rows
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Whether pixel (`x`, `y`) has the colour.
    public func isSet(x: Int, y: Int) -> Bool { rows[y * rowBytes + x >> 3] & (0x80 >> UInt8(x & 7)) != 0 }
}

extension PNG {
    /// Encodes `mask` as a one-bit PNG with a palette of two (transparent, the colour). A page-sized fill encodes in
    /// a few milliseconds.
    public static func encode(_ mask: PNGMask) throws(PNGError) -> Data {
        var output: UnsafeMutableRawPointer?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        let color = [mask.red, mask.green, mask.blue]
        let result = mask.rows.withUnsafeBufferPointer { bytes in
            mlpng_encode_mask(
                bytes.baseAddress, UInt32(mask.width), UInt32(mask.height), color, &output, &size, &message)
        }
        guard result == 0, let output else { throw PNGError(describe(message)) }
        defer { mlpng_free(output) }
        return Data(bytes: output, count: size)
    }

    /// The mask a PNG of the kind ``encode(_:)-(PNGMask)`` writes holds, without expanding it to RGBA; nil when the
    /// PNG is of another kind.
    public static func decodeMask(_ data: Data, limits: PNGLimits = .standard) throws(PNGError) -> PNGMask? {
        let header = try header(of: data, limits: limits)
        var rows: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var color: [UInt8] = [0, 0, 0]
        var message = [CChar](repeating: 0, count: Int(MLPNG_ERROR_SIZE))
        let result = data.withUnsafeBytes { bytes in
            mlpng_decode_mask(
                bytes.baseAddress, bytes.count, UInt32(header.width), UInt32(header.height), &rows, &width, &height,
                &color, &message)
        }
        guard result >= 0 else { throw PNGError(describe(message)) }
        guard result == 1, let rows else { return nil }
        defer { mlpng_free(rows) }
        let count = (Int(width) + 7) / 8 * Int(height)
        return try PNGMask(
            width: Int(width), height: Int(height), rows: Array(UnsafeBufferPointer(start: rows, count: count)),
            red: color[0], green: color[1], blue: color[2])
    }
}
