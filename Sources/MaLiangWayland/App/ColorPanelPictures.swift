import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// What the colour panel shows, for one frame.
struct ColorPanelView: Equatable {
    var panel: ColorPanel
    var wheel: HSVColor
    var color: Color
    var recent: [Color]
    /// Hex digits being typed, or nil to show the colour's own value.
    var draft: String?
}

/// Draws the colour panel (``ColorPanel``) as overlays: the hue ring, the saturation–value square of the current
/// hue, their markers, a swatch and the hex value, and the recent colours. The pictures are made on the CPU at the
/// window's scale and kept until their size in pixels (or, for the square, the hue) changes.
final class ColorPanelPictures {
    private let renderer: CanvasRenderer
    private var ring: (pixels: Int, innerFraction: Double, image: OverlayImage)?
    private var square: (pixels: Int, hue: Double, image: OverlayImage)?
    private var marker: (scale: Double, image: OverlayImage)?
    private var swatches: [String: OverlayImage] = [:]
    private var words = TextCache()

    init(renderer: CanvasRenderer) { self.renderer = renderer }

    func overlays(_ view: ColorPanelView, scale: Double, background: OverlayImage, theme: WindowTheme) throws
        -> [OverlayPlacement]
    {
        let panel = view.panel
        var out = PanelDrawing(panel, scale: scale, background: background)
        let pixels = out.pixelsPerUnit
        let center = panel.center
        let outer = panel.outerRadius
        out.add(try ringImage(panel, scale: pixels), (center.x - outer, center.y - outer, 2 * outer, 2 * outer))
        let box = panel.square
        out.add(try squareImage(hue: view.wheel.hue, side: box.side, scale: pixels), (box.x, box.y, box.side, box.side))
        let markerImage = try markerImage(scale: pixels)
        for point in [
            panel.ringPoint(hue: view.wheel.hue),
            panel.squarePoint(saturation: view.wheel.saturation, value: view.wheel.value),
        ] {
            out.add(markerImage, (point.x - 7, point.y - 7, 14, 14))
        }
        let row = panel.hexRow
        out.add(try swatch(view.color), (row.x, row.y, row.height * 1.6, row.height))
        let text = view.draft.map { "#\($0)▏" } ?? "#\(view.color.hex)"
        try out.text(
            text, in: (row.x + row.height * 1.6 + 10, row.y, row.width - row.height * 2, row.height),
            font: "Monospace 11", color: theme.toolbarText, words: &words, renderer: renderer)
        let chip = Color(red: theme.chip.0, green: theme.chip.1, blue: theme.chip.2)
        for (part, label) in [(ColorPanel.Part.paperColor, "Paper colour"), (.noPaper, "No paper")] {
            let button = panel.paperButton(part)
            out.add(try swatch(chip), button)
            try out.text(
                label, in: button, font: "Sans 8", color: theme.toolbarText, centered: true, words: &words,
                renderer: renderer)
        }
        for (index, color) in view.recent.prefix(panel.recentShown).enumerated() {
            let cell = panel.recentSwatch(index)
            out.add(try swatch(color), (cell.x, cell.y, cell.side, cell.side))
        }
        return out.placements
    }

    /// A solid swatch of `color`.
    func swatch(_ color: Color) throws -> OverlayImage {
        let key = color.hex
        if let cached = swatches[key] { return cached }
        if swatches.count > 64 { swatches = [:] }
        let bytes = [color.red, color.green, color.blue].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        let image = try renderer.makeOverlay(premultiplied: bytes + [255], width: 1, height: 1)
        swatches[key] = image
        return image
    }

    private func ringImage(_ panel: ColorPanel, scale: Double) throws -> OverlayImage {
        let pixels = max(Int((2 * panel.outerRadius * scale).rounded()), 2)
        let innerFraction = panel.innerRadius / panel.outerRadius
        if let ring, ring.pixels == pixels, ring.innerFraction == innerFraction { return ring.image }
        let image = try Self.ring(pixels: pixels, innerFraction: innerFraction, renderer: renderer)
        ring = (pixels, innerFraction, image)
        return image
    }

    /// A hue ring `pixels` across whose hole is `innerFraction` of it, anti-aliased at both edges.
    static func ring(pixels: Int, innerFraction: Double, renderer: CanvasRenderer) throws -> OverlayImage {
        let radius = Double(pixels) / 2
        let inner = radius * innerFraction
        var bytes = [UInt8](repeating: 0, count: pixels * pixels * 4)
        for y in 0..<pixels {
            for x in 0..<pixels {
                let dx = Double(x) + 0.5 - radius
                let dy = radius - (Double(y) + 0.5)
                let distance = (dx * dx + dy * dy).squareRoot()
                let coverage = min(max(radius - distance, 0), 1) * min(max(distance - inner, 0), 1)
                guard coverage > 0 else { continue }
                let turn = atan2(dy, dx) / (2 * .pi)
                let color = HSVColor(hue: turn < 0 ? turn + 1 : turn, saturation: 1, value: 1).color
                let index = (y * pixels + x) * 4
                for (offset, channel) in [color.red, color.green, color.blue].enumerated() {
                    bytes[index + offset] = UInt8((channel * coverage * 255).rounded())
                }
                bytes[index + 3] = UInt8((coverage * 255).rounded())
            }
        }
        return try renderer.makeOverlay(premultiplied: bytes, width: pixels, height: pixels)
    }

    private func squareImage(hue: Double, side: Double, scale: Double) throws -> OverlayImage {
        let pixels = max(Int((side * scale).rounded()), 2)
        if let square, square.pixels == pixels, square.hue == hue { return square.image }
        var bytes = [UInt8](repeating: 255, count: pixels * pixels * 4)
        for y in 0..<pixels {
            for x in 0..<pixels {
                let color = HSVColor(
                    hue: hue, saturation: (Double(x) + 0.5) / Double(pixels),
                    value: 1 - (Double(y) + 0.5) / Double(pixels)
                ).color
                let index = (y * pixels + x) * 4
                bytes[index] = UInt8((color.red * 255).rounded())
                bytes[index + 1] = UInt8((color.green * 255).rounded())
                bytes[index + 2] = UInt8((color.blue * 255).rounded())
            }
        }
        let image = try renderer.makeOverlay(premultiplied: bytes, width: pixels, height: pixels)
        square = (pixels, hue, image)
        return image
    }

    /// A white ring with a dark edge, seen on any colour.
    private func markerImage(scale: Double) throws -> OverlayImage {
        if let marker, marker.scale == scale { return marker.image }
        let pixels = max(Int((14 * scale).rounded()), 4)
        let radius = Double(pixels) / 2
        var bytes = [UInt8](repeating: 0, count: pixels * pixels * 4)
        for y in 0..<pixels {
            for x in 0..<pixels {
                let dx = Double(x) + 0.5 - radius
                let dy = Double(y) + 0.5 - radius
                let distance = (dx * dx + dy * dy).squareRoot()
                let outerEdge = min(max(radius - distance, 0), 1)
                let innerEdge = min(max(distance - (radius - 4 * scale), 0), 1)
                let coverage = outerEdge * innerEdge
                // Dark outside and inside, white between.
                let white =
                    min(max(radius - 1.2 * scale - distance, 0), 1)
                    * min(
                        max(distance - (radius - 2.8 * scale), 0), 1)
                let index = (y * pixels + x) * 4
                let level = UInt8((white * coverage * 255).rounded())
                bytes[index] = level
                bytes[index + 1] = level
                bytes[index + 2] = level
                bytes[index + 3] = UInt8((coverage * 255).rounded())
            }
        }
        let image = try renderer.makeOverlay(premultiplied: bytes, width: pixels, height: pixels)
        marker = (scale, image)
        return image
    }
}
