import PNGCodec

/// Builds an image from bands of premultiplied 16-bit pixels: straight alpha at 16 bits, or 8 bits with ordered
/// dither (soft gradients do not band).
struct ImageAssembler {
    let width: Int
    let height: Int
    let bitDepth: Int
    private var bytes: [UInt8] = []
    private var samples: [UInt16] = []
    private static let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map {
        ($0 + 0.5) / 16 - 0.5
    }

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

    /// Premultiplied 16-bit → straight 8-bit with the ordered dither of rows from `top` on.
    static func straight8(_ premultiplied: UnsafeBufferPointer<UInt16>, width: Int, top: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: premultiplied.count)
        let rows = premultiplied.count / (width * 4)
        for row in 0..<rows {
            let y = top + row
            for x in 0..<width {
                let index = (row * width + x) * 4
                let dither = bayer[(y & 3) * 4 + (x & 3)]
                let alpha = Double(premultiplied[index + 3]) / 65535
                for channel in 0..<3 {
                    let straight = alpha == 0 ? 0 : Double(premultiplied[index + channel]) / 65535 / alpha
                    bytes[index + channel] = UInt8(min(max((straight * 255 + dither).rounded(), 0), 255))
                }
                bytes[index + 3] = UInt8(min(max((alpha * 255 + dither).rounded(), 0), 255))
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
