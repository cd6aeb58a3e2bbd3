import PNGCodec

/// What a drawing's window shows while the drawing opens, in buffer pixels: the drawing's name, the picture of it the file keeps (read
/// before its strokes), what is being done with a bar of how far it has come, and a close button. The parts that
/// stay are drawn once (``init``); each step of the progress draws only the words and the bar (``frame(_:)``).
struct OpeningPicture {
    /// The close button's side, logical pixels: a finger's target.
    static let closeSide = 44
    static let margin = 24

    /// Buffer pixels.
    let width: Int
    let height: Int
    let scale: Int
    /// wl_shm's ARGB8888, premultiplied: blue, green, red, alpha, row by row.
    private(set) var pixels: [UInt8]
    private let background: [UInt8]

    /// Words for each step.
    static func words(_ step: OpeningProgress.Step) -> String {
        switch step {
        case .reading: "Reading the strokes"
        case .stamping: "Drawing the strokes"
        case .showing: "Opening the window"
        }
    }

    /// The close button, logical pixels.
    static func closeButton(width: Int) -> (x: Int, y: Int, side: Int) {
        (width - closeSide - 8, 8, closeSide)
    }

    /// Whether the logical point (x, y) is on the close button of a window `width` wide.
    static func closesAt(x: Double, y: Double, width: Int) -> Bool {
        let button = closeButton(width: width)
        return x >= Double(button.x) && x < Double(button.x + button.side) && y >= Double(button.y)
            && y < Double(button.y + button.side)
    }

    /// The window `width` × `height` logical pixels at `scale`, for `name`; `preview` is the page as the file keeps
    /// it (nil: none kept).
    init(width: Int, height: Int, scale: Int, name: String, preview: PNGImage?) {
        self.width = width * scale
        self.height = height * scale
        self.scale = scale
        background = WindowTheme.dark.toolbar.map { Double($0) / 255 }.map(Self.byte)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        fill(x: 0, y: 0, width: width, height: height, background)
        let margin = Self.margin
        text(name, font: "Sans Bold 12", x: margin, y: 16, maxWidth: width - 2 * margin - Self.closeSide)
        let close = Self.closeButton(width: width)
        if let icon = VectorIcon.close.render(pixels: close.side * scale) {
            place(icon, width: close.side * scale, height: close.side * scale, x: close.x * scale, y: close.y * scale)
        }
        let area = (x: margin, y: 68, width: width - 2 * margin, height: barY - 40 - 68)
        if let preview, case .rgba8(let source) = preview.pixels {
            show(source, width: preview.width, height: preview.height, in: area)
        }
    }

    /// Logical pixels from the top to the bar.
    private var barY: Int { height / scale - Self.margin - 8 }

    /// The words and bar of `state` drawn in.
    mutating func frame(_ state: OpeningProgress.State) {
        let logicalWidth = width / scale
        let margin = Self.margin
        fill(x: 0, y: barY - 34, width: logicalWidth, height: height / scale - barY + 34, background)
        let percent = Int((state.fraction * 100).rounded(.down))
        text(
            "\(Self.words(state.step))… \(percent) %", font: "Sans 11", x: margin, y: barY - 30,
            maxWidth: logicalWidth - 2 * margin)
        fill(x: margin, y: barY, width: logicalWidth - 2 * margin, height: 8, [77, 77, 89, 255])
        let done = Int((Double(logicalWidth - 2 * margin) * state.fraction).rounded(.down))
        let chosen = [WindowTheme.chosen.0, WindowTheme.chosen.1, WindowTheme.chosen.2, 1].map(Self.byte)
        if done > 0 { fill(x: margin, y: barY, width: done, height: 8, chosen) }
    }

    // MARK: - Drawing

    /// A rectangle in logical pixels of the opaque RGBA8 `color`.
    private mutating func fill(x: Int, y: Int, width: Int, height: Int, _ color: [UInt8]) {
        let bgra = [color[2], color[1], color[0], 255]
        for row in max(y * scale, 0)..<min((y + height) * scale, self.height) {
            let start = row * self.width * 4
            for column in max(x * scale, 0)..<min((x + width) * scale, self.width) {
                for channel in 0..<4 { pixels[start + column * 4 + channel] = bgra[channel] }
            }
        }
    }

    /// A line of words with its top-left corner at (x, y), logical pixels.
    private mutating func text(_ words: String, font: String, x: Int, y: Int, maxWidth: Int) {
        guard maxWidth > 0,
            let line = TextLine(
                words, font: font, scale: Double(scale), color: WindowTheme.dark.toolbarText,
                maxWidth: maxWidth * scale)
        else { return }
        place(line.pixels, width: line.width, height: line.height, x: x * scale, y: y * scale)
    }

    /// Premultiplied RGBA8 `source` over the pixels, its top-left corner at buffer pixel (x, y).
    private mutating func place(_ source: [UInt8], width: Int, height: Int, x: Int, y: Int) {
        for row in 0..<height where (0..<self.height).contains(y + row) {
            for column in 0..<width where (0..<self.width).contains(x + column) {
                let from = (row * width + column) * 4
                let to = ((y + row) * self.width + x + column) * 4
                let keep = 255 - Int(source[from + 3])
                for (channel, sourceChannel) in [2, 1, 0, 3].enumerated() {
                    let under = Int(pixels[to + channel]) * keep / 255
                    pixels[to + channel] = UInt8(min(Int(source[from + sourceChannel]) + under, 255))
                }
            }
        }
    }

    /// The straight RGBA8 page picture `source`, fitted and centred in `area` (logical pixels), each buffer pixel
    /// the average of the picture's pixels under it, over a grey that shows where a page without paper is clear.
    private mutating func show(
        _ source: [UInt8], width sourceWidth: Int, height sourceHeight: Int,
        in area: (x: Int, y: Int, width: Int, height: Int)
    ) {
        guard sourceWidth > 0, sourceHeight > 0, area.width > 0, area.height > 0 else { return }
        let fit = min(
            Double(area.width * scale) / Double(sourceWidth), Double(area.height * scale) / Double(sourceHeight))
        let shownWidth = max(Int(Double(sourceWidth) * fit), 1)
        let shownHeight = max(Int(Double(sourceHeight) * fit), 1)
        let left = area.x * scale + (area.width * scale - shownWidth) / 2
        let top = area.y * scale + (area.height * scale - shownHeight) / 2
        var shown = [UInt8](repeating: 0, count: shownWidth * shownHeight * 4)
        for row in 0..<shownHeight {
            let rows = Self.span(row, of: shownHeight, over: sourceHeight)
            for column in 0..<shownWidth {
                let columns = Self.span(column, of: shownWidth, over: sourceWidth)
                var sum = (0, 0, 0, 0)
                for sourceRow in rows {
                    for sourceColumn in columns {
                        let index = (sourceRow * sourceWidth + sourceColumn) * 4
                        let alpha = Int(source[index + 3])
                        sum.0 += Int(source[index]) * alpha
                        sum.1 += Int(source[index + 1]) * alpha
                        sum.2 += Int(source[index + 2]) * alpha
                        sum.3 += alpha
                    }
                }
                // Over the grey (128): a clear page shows grey, paper shows itself.
                let count = rows.count * columns.count
                let grey = 128 * (255 * count - sum.3)
                let out = (row * shownWidth + column) * 4
                shown[out] = UInt8(min((sum.0 + grey) / (255 * count), 255))
                shown[out + 1] = UInt8(min((sum.1 + grey) / (255 * count), 255))
                shown[out + 2] = UInt8(min((sum.2 + grey) / (255 * count), 255))
                shown[out + 3] = 255
            }
        }
        place(shown, width: shownWidth, height: shownHeight, x: left, y: top)
    }

    /// The source pixels under shown pixel `index` of `shown`, when `source` pixels are fitted into `shown`.
    private static func span(_ index: Int, of shown: Int, over source: Int) -> Range<Int> {
        let start = index * source / shown
        return start..<max((index + 1) * source / shown, start + 1)
    }

    private static func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
}
