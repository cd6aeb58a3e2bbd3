import Foundation
import PNGCodec
import Testing

/// A fill's one-bit picture: written packed, read back packed, and readable as RGBA by anything else.
@Suite struct PNGMaskTests {
    /// A 13×5 mask (rows not a whole number of bytes) with a diagonal and a full row.
    func sample() throws -> PNGMask {
        var rows = [UInt8](repeating: 0, count: 2 * 5)
        for y in 0..<5 {
            for x in 0..<13 where x == y * 3 || y == 2 { rows[y * 2 + x / 8] |= 0x80 >> UInt8(x % 8) }
        }
        return try PNGMask(width: 13, height: 5, rows: rows, red: 200, green: 30, blue: 7)
    }

    @Test func aMaskRoundTripsPackedAndReadsAsItsColourOverTransparency() throws {
        let mask = try sample()
        let data = try PNG.encode(mask)
        let back = try PNG.decodeMask(data)
        #expect(back == mask, "\(String(describing: back)) \(mask)")
        let image = try PNG.decode(data, depth: .eight)
        guard case .rgba8(let pixels) = image.pixels else { Issue.record("not 8-bit"); return }
        for y in 0..<5 {
            for x in 0..<13 {
                let at = (y * 13 + x) * 4
                let expected: [UInt8] = mask.isSet(x: x, y: y) ? [200, 30, 7, 255] : [0, 0, 0, 0]
                #expect(Array(pixels[at..<(at + 4)]) == expected, "pixel \(x),\(y)")
            }
        }
    }

    @Test func aPictureOfAnotherKindIsNotAMask() throws {
        let rgba = PNGImage(width: 2, height: 1, pixels: .rgba8([255, 0, 0, 255, 0, 0, 0, 0]))
        #expect(try PNG.decodeMask(try PNG.encode(rgba)) == nil)
        #expect(throws: PNGError.self) { try PNG.decodeMask(Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])) }
        #expect(throws: PNGError.self) { try PNGMask(width: 9, height: 2, rows: [0, 0, 0], red: 0, green: 0, blue: 0) }
    }
}
