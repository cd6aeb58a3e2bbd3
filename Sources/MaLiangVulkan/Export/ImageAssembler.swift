import PNGCodec

/// Builds an image from bands of premultiplied 16-bit pixels: straight alpha at 16 bits, or 8 bits with ordered
/// dither (soft gradients do not band).
struct ImageAssembler {
    let width: Int
    let height: Int
    let bitDepth: Int
    private var bytes: [UInt8] = []
    private var samples: [UInt16] = []
    /// The 4×4 ordered dither's indices, row by row.
    private static let bayerIndex: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    init(width: Int, height: Int, bitDepth: Int) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        if bitDepth == 16 {
            samples = [UInt16](repeating: 0, count: width * height * 4)
        } else {
            bytes = [UInt8](repeating: 0, count: width * height * 4)
        }
    }

    /// Converts rows of premultiplied pixels starting at row `top`.
    mutating func add(_ premultiplied: UnsafeBufferPointer<UInt16>, top: Int) {
        let base = top * width * 4
        if bitDepth == 16 {
            let band = Self.straight16(premultiplied)
            samples.replaceSubrange(base..<(base + band.count), with: band)
        } else {
            let band = Self.straight8(premultiplied, width: width, top: top)
            bytes.replaceSubrange(base..<(base + band.count), with: band)
        }
    }

    /// Premultiplied 16-bit → straight 16-bit.
    static func straight16(_ premultiplied: UnsafeBufferPointer<UInt16>) -> [UInt16] {
        var samples = [UInt16](repeating: 0, count: premultiplied.count)
        for index in stride(from: 0, to: premultiplied.count, by: 4) {
            let alpha = UInt32(premultiplied[index + 3])
            for channel in 0..<3 {
                samples[index + channel] =
                    alpha == 0 ? 0 : UInt16(min(UInt32(premultiplied[index + channel]) * 65535 / alpha, 65535))
            }
            samples[index + 3] = UInt16(alpha)
        }
        return samples
    }

    /// Premultiplied 16-bit → straight 8-bit with the ordered dither of rows from `top` on: each value
    /// `round(straight × 255 + dither)`, the dither `(k + ½) / 16 − ½` for the 4×4 Bayer index k, worked out in
    /// integers (`floor((32 × 255 × c + (2k + 1) × α) / (32 × α))`), exact and quick enough for video frames.
    static func straight8(_ premultiplied: UnsafeBufferPointer<UInt16>, width: Int, top: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: premultiplied.count)
        let rows = premultiplied.count / (width * 4)
        bytes.withUnsafeMutableBufferPointer { output in
            for row in 0..<rows {
                let y = top + row
                for x in 0..<width {
                    let index = (row * width + x) * 4
                    let odd = UInt64(2 * bayerIndex[(y & 3) * 4 + (x & 3)] + 1)
                    let alpha = UInt64(premultiplied[index + 3])
                    // Alpha as a colour of full coverage: a / 257 + dither, rounded.
                    output[index + 3] = UInt8(min((32 * alpha + 257 * odd) / 8224, 255))
                    guard alpha > 0 else { continue }
                    if alpha == 65535 {
                        // Opaque (most pixels of a picture on paper): a constant divisor, which is a multiply.
                        for channel in 0..<3 {
                            let value = UInt64(premultiplied[index + channel])
                            output[index + channel] = UInt8(min((8160 * value + odd * 65535) / 2_097_120, 255))
                        }
                        continue
                    }
                    for channel in 0..<3 {
                        let value = UInt64(premultiplied[index + channel])
                        output[index + channel] = UInt8(min((8160 * value + odd * alpha) / (32 * alpha), 255))
                    }
                }
            }
        }
        return bytes
    }

    func image(opaque: Bool) -> PNGImage {
        var image = PNGImage(
            width: width, height: height, pixels: bitDepth == 16 ? .rgba16(samples) : .rgba8(bytes))
        image.hasAlpha = !opaque
        return image
    }
}
