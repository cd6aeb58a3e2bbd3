import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// What the New panel shows, for one frame.
struct NewDrawingView: Equatable {
    var panel: NewDrawingPanel
    var size: Int
    var paper: Int
    /// This drawing's size and paper, for the choices that keep them.
    var currentSize: Size
    var currentPaper: Color
}

/// Draws the New panel (``NewDrawingPanel``): the sizes and papers as choices, a swatch beside each paper, then
/// Create and Cancel.
final class NewDrawingPictures {
    private let renderer: CanvasRenderer
    private var words = TextCache()
    private let solids: SolidPictures

    init(renderer: CanvasRenderer) {
        self.renderer = renderer
        solids = SolidPictures(renderer: renderer)
    }

    func overlays(_ view: NewDrawingView, scale: Double, background: OverlayImage, theme: WindowTheme) throws
        -> [OverlayPlacement]
    {
        let panel = view.panel
        var out = PanelDrawing(panel, scale: scale, background: background)
        let text = theme.toolbarText
        let chip = theme.chip
        let chosen = WindowTheme.chosen
        try out.text(
            "New drawing: its page and paper", in: panel.title, font: "Sans Bold 10", color: text, words: &words,
            renderer: renderer)
        for (index, size) in NewDrawingPanel.sizes.enumerated() {
            let box = panel.size(index)
            out.add(try solids.image(index == view.size ? chosen : chip), box)
            let label =
                size.size == nil
                ? "\(size.label) · \(Int(view.currentSize.width)) × \(Int(view.currentSize.height))" : size.label
            try out.text(
                label, in: (box.x + 8, box.y, box.width - 8, box.height), font: "Sans 9",
                color: index == view.size ? WindowTheme.textOnChosen : text, words: &words, renderer: renderer)
        }
        for (index, paper) in NewDrawingPanel.papers.enumerated() {
            let box = panel.paper(index)
            out.add(try solids.image(index == view.paper ? chosen : chip), box)
            let color = paper.color ?? view.currentPaper
            out.add(try solids.image((0.6, 0.6, 0.6, 1)), (box.x + 5, box.y + 3, box.height - 6, box.height - 6))
            out.add(
                try solids.image((color.red, color.green, color.blue, color.alpha)),
                (box.x + 6, box.y + 4, box.height - 8, box.height - 8))
            try out.text(
                paper.label, in: (box.x + box.height + 4, box.y, box.width - box.height - 4, box.height),
                font: "Sans 9", color: index == view.paper ? WindowTheme.textOnChosen : text, words: &words,
                renderer: renderer)
        }
        for (part, label) in [(NewDrawingPanel.Part.cancel, "Cancel"), (.create, "Create")] {
            let box = panel.button(part)
            out.add(try solids.image(part == .create ? chosen : chip), box)
            try out.text(
                label, in: box, font: "Sans 10", color: part == .create ? WindowTheme.textOnChosen : text,
                centered: true, words: &words, renderer: renderer)
        }
        return out.placements
    }

}
