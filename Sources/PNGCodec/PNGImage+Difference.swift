import Foundation

extension PNGImage {
    /// How far two images of the same size are apart: the peak signal-to-noise ratio in dB (infinite when
    /// equal) and the largest difference of one sample in 8-bit levels. Images of different sizes or depths are
    /// as far apart as can be (0 dB, infinite levels).
    package func difference(from other: PNGImage) -> (psnr: Double, largestLevels: Double) {
        let (a, b, range): ([Double], [Double], Double)
        switch (pixels, other.pixels) {
        case (.rgba16(let x), .rgba16(let y)): (a, b, range) = (x.map(Double.init), y.map(Double.init), 65535)
        case (.rgba8(let x), .rgba8(let y)): (a, b, range) = (x.map(Double.init), y.map(Double.init), 255)
        default: return (0, .infinity)
        }
        guard width == other.width, height == other.height, !a.isEmpty else { return (0, .infinity) }
        var sum = 0.0
        var largest = 0.0
        for (p, q) in zip(a, b) {
            let difference = (p - q) / range
            sum += difference * difference
            largest = max(largest, abs(difference) * 255)
        }
        let meanSquare = sum / Double(a.count)
        return (meanSquare == 0 ? .infinity : 10 * log10(1 / meanSquare), largest)
    }
}
