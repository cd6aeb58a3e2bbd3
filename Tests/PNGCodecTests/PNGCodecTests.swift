import Foundation
import PNGCodec
import Testing

/// CRC-32 as PNG chunks use it, to forge headers.
func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

@Suite struct PNGCodecTests {
    @Test func eightBitRGBARoundTrips() throws {
        var bytes: [UInt8] = []
        for i in 0..<15 { bytes += [UInt8(i * 10), UInt8(255 - i), 7, UInt8(i * 17 % 256)] }
        let image = PNGImage(width: 5, height: 3, pixels: .rgba8(bytes))
        let decoded = try PNG.decode(try PNG.encode(image))
        #expect(decoded == image)
        #expect(decoded.bitDepth == 8)
    }

    @Test func sixteenBitRoundTripsExactly() throws {
        let samples: [UInt16] = (0..<(4 * 4 * 4)).map { UInt16(truncatingIfNeeded: $0 &* 4099 &+ 1) }
        let image = PNGImage(width: 4, height: 4, pixels: .rgba16(samples))
        let data = try PNG.encode(image)
        #expect(try PNG.header(of: data).bitDepth == 16)
        #expect(try PNG.decode(data) == image)
        // Reading 16 bits as 8 scales them.
        let eight = try PNG.decode(data, depth: .eight)
        guard case .rgba8(let bytes) = eight.pixels else { Issue.record("not 8-bit"); return }
        #expect(abs(Int(bytes[0]) - Int((Double(samples[0]) / 257).rounded())) <= 1)
    }

    @Test func opaqueImagesAreWrittenWithoutAlphaAndReadBackOpaque() throws {
        var image = PNGImage(width: 2, height: 1, pixels: .rgba8([10, 20, 30, 99, 40, 50, 60, 99]))
        image.hasAlpha = false
        let data = try PNG.encode(image)
        #expect(try PNG.header(of: data).hasAlpha == false)
        let decoded = try PNG.decode(data)
        #expect(decoded.pixels == .rgba8([10, 20, 30, 255, 40, 50, 60, 255]))
    }

    @Test func aDecompressionBombIsRefusedBeforeDecoding() throws {
        var data = [UInt8](try PNG.encode(PNGImage(width: 1, height: 1, pixels: .rgba8([0, 0, 0, 0]))))
        // IHDR data starts at byte 16: width and height, big-endian; then fix the chunk's CRC.
        let huge: UInt32 = 200_000
        for (offset, value) in [(16, huge), (20, huge)] {
            for index in 0..<4 { data[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
        let crc = crc32(data[12..<29])
        for index in 0..<4 { data[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        #expect(throws: PNGError.self) { try PNG.decode(Data(data)) }
        let tight = PNGLimits(maximumWidth: 100_000_000, maximumHeight: 100_000_000, maximumPixels: 1 << 20)
        do {
            _ = try PNG.header(of: Data(data), limits: tight)
            Issue.record("accepted 200000×200000")
        } catch {
            #expect(error.description.contains("200000×200000"))
        }
    }

    @Test func garbageAndTruncationAreErrors() throws {
        #expect(throws: PNGError.self) { try PNG.decode(Data("GIF89a, not a PNG".utf8)) }
        let good = try PNG.encode(
            PNGImage(width: 64, height: 64, pixels: .rgba8([UInt8](repeating: 200, count: 64 * 64 * 4))))
        #expect(throws: PNGError.self) { try PNG.decode(good.prefix(good.count / 2)) }
        #expect(throws: PNGError.self) { try PNG.decode(Data()) }
    }
}
