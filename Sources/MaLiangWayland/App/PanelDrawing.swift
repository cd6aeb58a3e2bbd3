import MaLiangEditor
import MaLiangVulkan

/// A panel's overlays: boxes in panel units placed in the window (``PanelPlacement``) at its scale, words drawn at
/// the size the panel is shown.
struct PanelDrawing {
    /// Buffer pixels per logical pixel.
    let scale: Double
    /// Where the panel lies, logical pixels, and how large it is drawn.
    let placement: PanelPlacement
    var placements: [OverlayPlacement] = []

    init(scale: Double, placement: PanelPlacement) {
        self.scale = scale
        self.placement = placement
    }

    /// A drawing of `panel` that begins with its `background` across the whole of it.
    init(_ panel: some PlacedPanel, scale: Double, background: OverlayImage) {
        self.init(scale: scale, placement: panel.placement)
        add(background, (panel.x, panel.y, panel.width, panel.height))
    }

    /// Buffer pixels per panel unit.
    var pixelsPerUnit: Double { scale * placement.zoom }

    private func shown(_ box: PanelPlacement.Box) -> PanelPlacement.Box { placement.shown(box) }

    mutating func add(_ image: OverlayImage, _ box: BrushEditorPanel.Box) {
        let box = shown(box)
        guard box.width > 0, box.height > 0 else { return }
        placements.append(
            OverlayPlacement(
                image, x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale))
    }

    /// A line of text in `box`, at its left or centred, middle in height.
    mutating func text(
        _ text: String, in box: BrushEditorPanel.Box, font: String, color: (Double, Double, Double, Double),
        centered: Bool = false, words: inout TextCache, renderer: CanvasRenderer
    ) throws {
        let box = shown(box)
        guard
            let line = try words.image(
                text, font: font, scale: pixelsPerUnit, color: color, maxWidth: Int(box.width * scale),
                renderer: renderer)
        else { return }
        let x = centered ? box.x * scale + (box.width * scale - Double(line.width)) / 2 : box.x * scale
        placements.append(
            OverlayPlacement(
                line.image, x: x.rounded(),
                y: (box.y * scale + (box.height * scale - Double(line.height)) / 2).rounded(),
                width: Double(line.width), height: Double(line.height)))
    }
}

/// One-pixel pictures of solid colours, stretched into a panel's rectangles; kept by colour.
final class SolidPictures {
    private let renderer: CanvasRenderer
    private var images: [String: OverlayImage] = [:]

    init(renderer: CanvasRenderer) { self.renderer = renderer }

    /// The picture of `color` (straight RGBA, 0…1).
    func image(_ color: (Double, Double, Double, Double)) throws -> OverlayImage {
        let key = "\(color)"
        if let cached = images[key] { return cached }
        if images.count > 64 { images = [:] }
        let bytes = [color.0 * color.3, color.1 * color.3, color.2 * color.3, color.3].map {
            UInt8((min(max($0, 0), 1) * 255).rounded())
        }
        let image = try renderer.makeOverlay(premultiplied: bytes, width: 1, height: 1)
        images[key] = image
        return image
    }
}

extension WindowTheme {
    /// A choice, a button or a slider's track on a panel.
    var chip: (Double, Double, Double, Double) { self == .dark ? (0.25, 0.25, 0.29, 1) : (0.82, 0.82, 0.86, 1) }
    /// The choice made, a switch that is on, a slider's value.
    static let chosen = (0.47, 0.63, 0.9, 1.0)
    /// Words on ``chosen`` in either look: dark, 7:1 against it (the dark look's light words read at 1.9:1 there).
    static let textOnChosen = (0.06, 0.07, 0.1, 1.0)
}
