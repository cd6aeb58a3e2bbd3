import Foundation

extension PNGImage {
    /// How far two images of the same size are apart: the peak signal-to-noise ratio in dB (infinite when
    /// equal) and the largest difference of one sample in 8-bit levels. Images of different sizes or depths are
    /// as far apart as can be (0 dB, infinite levels).
    package func difference(from other: PNGImage) -> (psnr: Double, largestLevels: Double) {
        guard width == other.width, height == other.height else { return (0, .infinity) }
        switch (pixels, other.pixels) {
        case (.rgba16(let x), .rgba16(let y)): return Self.difference(x, y)
        case (.rgba8(let x), .rgba8(let y)): return Self.difference(x, y)
        default: return (0, .infinity)
        }
    }

    /// The samples compared in place: a large export is not copied to compare it.
    private static func difference<Sample: FixedWidthInteger & UnsignedInteger>(_ a: [Sample], _ b: [Sample])
        -> (psnr: Double, largestLevels: Double)
    {
        guard !a.isEmpty, a.count == b.count else { return (0, .infinity) }
        let range = Double(Sample.max)
        var sum = 0.0
        var largest = 0.0
        for (p, q) in zip(a, b) {
            let difference = (Double(p) - Double(q)) / range
            sum += difference * difference
            largest = max(largest, abs(difference) * 255)
        }
        let meanSquare = sum / Double(a.count)
        return (meanSquare == 0 ? .infinity : 10 * log10(1 / meanSquare), largest)
    }
}
