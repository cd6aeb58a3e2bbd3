import MaLiangEditor
import MaLiangVulkan

/// Overlays placed in logical pixels, at the window's scale.
struct PanelDrawing {
    let scale: Double
    var placements: [OverlayPlacement] = []

    mutating func add(_ image: OverlayImage, _ box: BrushEditorPanel.Box) {
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
        guard
            let line = try words.image(
                text, font: font, scale: scale, color: color, maxWidth: Int(box.width * scale), renderer: renderer)
        else { return }
        let x = centered ? box.x * scale + (box.width * scale - Double(line.width)) / 2 : box.x * scale
        placements.append(
            OverlayPlacement(
                line.image, x: x.rounded(),
                y: (box.y * scale + (box.height * scale - Double(line.height)) / 2).rounded(),
                width: Double(line.width), height: Double(line.height)))
    }
}
