import Foundation
import PNGCodec
import Testing

/// The comparison the rendering tests and benchmarks judge pixels by.
struct PNGImageDifferenceTests {
    @Test func equalImagesAreInfinitelyClose() {
        let image = PNGImage(width: 2, height: 1, pixels: .rgba16([1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(image.difference(from: image) == (.infinity, 0))
    }

    @Test func measuresTheLargestLevelAndTheMeanSquare() {
        let a = PNGImage(width: 2, height: 1, pixels: .rgba16(Array(repeating: 1000, count: 8)))
        var samples = Array(repeating: UInt16(1000), count: 8)
        samples[5] += 514  // two 8-bit levels
        let (psnr, largest) = a.difference(from: PNGImage(width: 2, height: 1, pixels: .rgba16(samples)))
        #expect(abs(largest - 2) < 1e-9)
        // One sample of eight off by 2/255: mean square (2/255)² / 8.
        #expect(abs(psnr - 10 * log10(8 * 255 * 255 / 4.0)) < 1e-9)
        let eight = PNGImage(width: 1, height: 1, pixels: .rgba8([10, 20, 30, 255]))
        let (_, levels) = eight.difference(from: PNGImage(width: 1, height: 1, pixels: .rgba8([10, 23, 30, 255])))
        #expect(levels == 3)
    }

    @Test func imagesOfOtherShapesAreAsFarAsCanBe() {
        let wide = PNGImage(width: 2, height: 1, pixels: .rgba16(Array(repeating: 0, count: 8)))
        let tall = PNGImage(width: 1, height: 2, pixels: .rgba16(Array(repeating: 0, count: 8)))
        let shallow = PNGImage(width: 2, height: 1, pixels: .rgba8(Array(repeating: 0, count: 8)))
        #expect(wide.difference(from: tall) == (0, .infinity))
        #expect(wide.difference(from: shallow) == (0, .infinity))
    }
}
