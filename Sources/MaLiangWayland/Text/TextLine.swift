import CTextRender

/// A line of text as pixels, laid out by Pango with the system's fonts (fontconfig) and drawn by Cairo. The only
/// place the text library is called.
struct TextLine {
    let width: Int
    let height: Int
    /// Premultiplied RGBA8, row by row.
    let pixels: [UInt8]

    /// `text` in `font` ("Sans 11": family and points) at `scale` buffer pixels per logical pixel, in `color`
    /// (straight-alpha RGBA), cut with an ellipsis at `maxWidth` buffer pixels; nil when nothing can be drawn.
    init?(
        _ text: String, font: String = "Sans 10", scale: Double, color: (Double, Double, Double, Double), maxWidth: Int
    ) {
        var image = mltext_image()
        let components = [color.0, color.1, color.2, color.3]
        let result = components.withUnsafeBufferPointer { colorPointer in
            mltext_render(text, font, scale, colorPointer.baseAddress, Int32(maxWidth), &image)
        }
        guard result == 0, let pixels = image.pixels else { return nil }
        defer { mltext_free(&image) }
        width = Int(image.width)
        height = Int(image.height)
        self.pixels = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
    }
}
