import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// What the layer panel shows, for one frame.
struct LayerPanelView: Equatable {
    var panel: LayerPanel
    /// The layers in the rows, top row first.
    var rows: [Layer]
    var current: LayerID
    /// The new name being typed for the current layer.
    var draft: String?
    /// Whether the stack is longer than the rows (the arrows scroll it).
    var scrolls: Bool
    /// The current layer's settings (its row may be scrolled away).
    var settings: Layer?
}

/// Draws the layer panel (``LayerPanel``): a row per layer with its eye, lock, name and opacity, the current one
/// marked; the current layer's opacity slider and blend modes; the buttons.
final class LayerPanelPictures {
    private let renderer: CanvasRenderer
    private var words = TextCache()
    private let solids: SolidPictures
    private var icons: [String: OverlayImage] = [:]
    private var iconPixels = 0

    init(renderer: CanvasRenderer) {
        self.renderer = renderer
        solids = SolidPictures(renderer: renderer)
    }

    func overlays(_ view: LayerPanelView, scale: Double, background: OverlayImage, theme: WindowTheme) throws
        -> [OverlayPlacement]
    {
        let panel = view.panel
        var out = PanelDrawing(panel, scale: scale, background: background)
        let text = theme.toolbarText
        let chip = theme.chip
        let chosen = WindowTheme.chosen
        try out.text(
            "Layers", in: panel.title, font: "Sans Bold 10", color: text, words: &words, renderer: renderer)
        if view.scrolls {
            for up in [true, false] {
                let box = panel.scroll(up: up)
                out.add(try solids.image(chip), box)
                try out.text(
                    up ? "▲" : "▼", in: box, font: "Sans 9", color: text, centered: true, words: &words,
                    renderer: renderer)
            }
        }
        try drawIcons(pixels: max(Int((LayerPanel.iconSide * out.pixelsPerUnit).rounded()), 8))
        for (index, layer) in view.rows.enumerated() {
            let isCurrent = layer.id == view.current
            out.add(try solids.image(isCurrent ? chosen : chip), panel.row(index))
            if let eye = icons[layer.isVisible ? "eye" : "hidden"] { out.add(eye, panel.icon(in: panel.eye(index))) }
            if let lock = icons[layer.isLocked ? "locked" : "unlocked"] {
                out.add(lock, panel.icon(in: panel.lock(index)))
            }
            let name = isCurrent ? view.draft.map { "\($0)▏" } ?? layer.name : layer.name
            let ink = isCurrent ? WindowTheme.textOnChosen : text
            try out.text(
                name, in: panel.name(index), font: isCurrent ? "Sans Bold 9" : "Sans 9", color: ink,
                words: &words, renderer: renderer)
            let box = panel.row(index)
            let detail =
                layer.blend == .normal
                ? "\(percent(layer.opacity))" : "\(percent(layer.opacity)) \(layer.blend.title.prefix(3))"
            try out.text(
                detail, in: (box.x + box.width - 46, box.y, 44, box.height), font: "Sans 8", color: ink,
                words: &words, renderer: renderer)
        }
        if let current = view.settings {
            try drawSettings(of: current, panel, &out, text: text, chip: chip, chosen: chosen)
        }
        for button in LayerPanel.Button.allCases {
            let box = panel.button(button)
            out.add(try solids.image(chip), box)
            try out.text(
                button.title, in: box, font: "Sans 9", color: text, centered: true, words: &words, renderer: renderer)
        }
        return out.placements
    }

    /// The current layer's opacity slider and blend modes.
    private func drawSettings(
        of layer: Layer, _ panel: LayerPanel, _ out: inout PanelDrawing, text: (Double, Double, Double, Double),
        chip: (Double, Double, Double, Double), chosen: (Double, Double, Double, Double)
    ) throws {
        try out.text(
            "Opacity", in: panel.opacityLabel, font: "Sans 9", color: text, words: &words, renderer: renderer)
        let track = panel.opacityTrack
        out.add(try solids.image(chip), (track.x, track.y + track.height / 2 - 3, track.width, 6))
        out.add(
            try solids.image(chosen), (track.x, track.y + track.height / 2 - 3, track.width * layer.opacity, 6))
        out.add(
            try solids.image(text),
            (track.x + track.width * layer.opacity - 3, track.y + 2, 6, track.height - 4))
        try out.text(
            percent(layer.opacity), in: panel.opacityValue, font: "Sans 9", color: text, words: &words,
            renderer: renderer)
        for blend in LayerBlend.allCases {
            let box = panel.chip(blend)
            out.add(try solids.image(blend == layer.blend ? chosen : chip), box)
            try out.text(
                blend.title, in: box, font: "Sans 8", color: blend == layer.blend ? WindowTheme.textOnChosen : text,
                centered: true, words: &words, renderer: renderer)
        }
    }

    private func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }

    static let vectorIcons = [
        ("eye", VectorIcon.eye(open: true)), ("hidden", .eye(open: false)), ("locked", .lock(closed: true)),
        ("unlocked", .lock(closed: false)),
    ]

    /// The eye and lock pictures at `pixels` a side (drawn again when the panel's size on screen changes).
    private func drawIcons(pixels: Int) throws {
        guard pixels != iconPixels else { return }
        var drawn: [String: OverlayImage] = [:]
        for (name, icon) in Self.vectorIcons {
            guard let rgba = icon.render(pixels: pixels) else { continue }
            drawn[name] = try renderer.makeOverlay(premultiplied: rgba, width: pixels, height: pixels)
        }
        icons = drawn
        iconPixels = pixels
    }
}
