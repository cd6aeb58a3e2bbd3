import PNGCodec

/// Makes 8-bit images smaller by averaging the pixels each output pixel covers (weighted by their alpha, so a
/// transparent pixel's colour does not bleed into its neighbours). For previews and thumbnails; it lives here, where
/// the code is optimised in every build, because every window's closing runs it.
package enum ImageReduction {
    /// `image` made to fit within `side`×`side` pixels, keeping its proportions; unchanged when it fits already.
    package static func fit(_ image: PNGImage, within side: Int) -> PNGImage {
        guard case .rgba8(let source) = image.pixels, max(image.width, image.height) > side, side >= 1 else {
            return image
        }
        let scale = Double(side) / Double(max(image.width, image.height))
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        var output = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let top = row * image.height / height
            let bottom = max(top + 1, (row + 1) * image.height / height)
            for column in 0..<width {
                let left = column * image.width / width
                let right = max(left + 1, (column + 1) * image.width / width)
                var sums: (red: Int, green: Int, blue: Int, alpha: Int) = (0, 0, 0, 0)
                for y in top..<bottom {
                    for x in left..<right {
                        let index = (y * image.width + x) * 4
                        let alpha = Int(source[index + 3])
                        sums.red += Int(source[index]) * alpha
                        sums.green += Int(source[index + 1]) * alpha
                        sums.blue += Int(source[index + 2]) * alpha
                        sums.alpha += alpha
                    }
                }
                let count = (bottom - top) * (right - left)
                let index = (row * width + column) * 4
                if sums.alpha > 0 {
                    output[index] = UInt8((sums.red + sums.alpha / 2) / sums.alpha)
                    output[index + 1] = UInt8((sums.green + sums.alpha / 2) / sums.alpha)
                    output[index + 2] = UInt8((sums.blue + sums.alpha / 2) / sums.alpha)
                }
                output[index + 3] = UInt8((sums.alpha + count / 2) / count)
            }
        }
        return PNGImage(width: width, height: height, pixels: .rgba8(output), hasAlpha: image.hasAlpha)
    }
}
