import MaLiangEditor
import MaLiangVulkan

/// Draws the pad panel (``PadPanel``): a row for each control with its action as a choice, then Standard and Done.
final class PadPanelPictures {
    private let renderer: CanvasRenderer
    private var words = TextCache()
    private let solids: SolidPictures

    init(renderer: CanvasRenderer) {
        self.renderer = renderer
        solids = SolidPictures(renderer: renderer)
    }

    func overlays(_ panel: PadPanel, scale: Double, background: OverlayImage, theme: WindowTheme) throws
        -> [OverlayPlacement]
    {
        var out = PanelDrawing(panel, scale: scale, background: background)
        let text = theme.toolbarText
        try out.text(
            "Tablet pad: a press takes the next action", in: panel.title, font: "Sans Bold 10", color: text,
            words: &words, renderer: renderer)
        for index in panel.rows.indices {
            let (control, action) = panel.words(index)
            try out.text(
                control, in: panel.label(index), font: "Sans 9", color: text, words: &words, renderer: renderer)
            let box = panel.choice(index)
            out.add(try solids.image(theme.chip), box)
            try out.text(
                action, in: (box.x + 8, box.y, box.width - 8, box.height), font: "Sans 9", color: text, words: &words,
                renderer: renderer)
        }
        for (part, label) in [(PadPanel.Part.standard, "Standard"), (.done, "Done")] {
            let box = panel.button(part)
            out.add(try solids.image(part == .done ? WindowTheme.chosen : theme.chip), box)
            try out.text(
                label, in: box, font: "Sans 10", color: part == .done ? WindowTheme.textOnChosen : text, centered: true,
                words: &words, renderer: renderer)
        }
        return out.placements
    }
}
