import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// What the brush editor shows, for one frame.
struct BrushEditorView: Equatable {
    var panel: BrushEditorPanel
    /// The brush as the next stroke paints it (colour included).
    var brush: AnyBrush
    var name: String
    /// The built-in brush it stands in for.
    var slot: String
    var changed: Bool
    /// A name being typed, or nil.
    var draft: String?
    /// The saved brushes listed, and whether the last place turns the page.
    var saved: [String]
    var paged: Bool
}

/// Draws the brush editor (``BrushEditorPanel``) as overlays: words, sliders, choices and switches from solid
/// rectangles and text, the pressure curve with Cairo, the preview stroke with the stamping engine.
final class BrushEditorPictures {
    private let renderer: CanvasRenderer
    private let preview: BrushPreview
    private var words = TextCache()
    private var curve: (points: [PressureCurve.ControlPoint], pixels: Int, image: OverlayImage)?
    private let solids: SolidPictures

    init(renderer: CanvasRenderer) {
        self.renderer = renderer
        solids = SolidPictures(renderer: renderer)
        preview = BrushPreview(context: renderer.context)
    }

    func overlays(_ view: BrushEditorView, scale: Double, background: OverlayImage, theme: WindowTheme) throws
        -> [OverlayPlacement]
    {
        let panel = view.panel
        let base = view.brush.base
        var out = PanelDrawing(panel, scale: scale, background: background)
        let text = theme.toolbarText
        let faint = (text.0, text.1, text.2, 0.65)
        let chipColor = theme.chip
        let onColor = WindowTheme.chosen

        // The name, or the name being typed.
        let title: String
        if let draft = view.draft {
            title = "Name: \(draft)▏   (Return saves, Escape leaves it)"
        } else {
            title =
                view.name + (view.name == view.slot ? "" : " · \(view.slot)") + (view.changed ? " (changed)" : "")
                + "   — tap to name and save"
        }
        try out.text(title, in: panel.title, font: "Sans Bold 10", color: text, words: &words, renderer: renderer)

        let box = panel.preview
        out.add(
            try preview.image(
                of: view.brush, width: box.width, height: box.height, scale: out.pixelsPerUnit, on: renderer), box)

        for setting in BrushSetting.allCases {
            let track = panel.track(setting)
            let value = setting.value(in: base)
            try out.text(
                setting.label,
                in: (panel.x + BrushEditorPanel.padding, track.y, BrushEditorPanel.labelWidth, track.height),
                font: "Sans 9", color: text, words: &words, renderer: renderer)
            let middle = track.y + track.height / 2
            out.add(try solids.image(chipColor), (track.x, middle - 2, track.width, 4))
            let knob = track.x + setting.position(of: value) * track.width
            out.add(try solids.image(onColor), (track.x, middle - 2, knob - track.x, 4))
            out.add(try solids.image(onColor), (knob - 4, middle - 8, 8, 16))
            try out.text(
                setting.text(for: value),
                in: (track.x + track.width + 8, track.y, BrushEditorPanel.valueWidth, track.height),
                font: "Sans 9", color: faint, words: &words, renderer: renderer)
        }

        let rows: [(String, [String], Int?, Int)] = [
            ("Stamp", BrushStamp.labels, BrushStamp.textures.firstIndex(of: base.textureID), BrushEditorPanel.stampRow),
            (
                "Turns", BrushRotationChoice.allCases.map(\.label),
                BrushRotationChoice.allCases.firstIndex(of: BrushRotationChoice(base.rotation)),
                BrushEditorPanel.rotationRow
            ),
        ]
        for (label, choices, chosen, row) in rows {
            let line = panel.row(row)
            try out.text(
                label, in: (line.x, line.y, BrushEditorPanel.labelWidth, line.height), font: "Sans 9", color: text,
                words: &words, renderer: renderer)
            for (index, choice) in choices.enumerated() {
                let chip = panel.chip(row: row, index, of: choices.count)
                out.add(try solids.image(index == chosen ? onColor : chipColor), chip)
                try out.text(
                    choice, in: chip, font: "Sans 8", color: index == chosen ? WindowTheme.textOnChosen : text,
                    centered: true, words: &words, renderer: renderer)
            }
        }

        try out.text(
            "Pressure curve: drag its points", in: panel.curveLabel, font: "Sans 8", color: faint,
            words: &words, renderer: renderer)
        out.add(try curveImage(base.pressureCurve, side: panel.curve.width * out.pixelsPerUnit), panel.curve)

        for toggle in BrushToggle.allCases {
            let line = panel.toggle(toggle)
            let box = panel.checkBox(toggle)
            out.add(try solids.image(toggle.isOn(in: base) ? onColor : chipColor), box)
            let indent = box.width + 6
            try out.text(
                toggle.label, in: (line.x + indent, line.y, line.width - indent, line.height), font: "Sans 9",
                color: text, words: &words, renderer: renderer)
        }

        for button in BrushEditorPanel.Button.allCases {
            let frame = panel.button(button)
            out.add(try solids.image(chipColor), frame)
            try out.text(
                button.label, in: frame, font: "Sans 9", color: text, centered: true, words: &words, renderer: renderer)
        }

        for index in 0..<panel.savedShown {
            let frame = panel.saved(index)
            let name: String
            if view.paged && index == panel.savedShown - 1 {
                name = "More…"
            } else if view.saved.indices.contains(index) {
                name = view.saved[index]
            } else {
                if index == 0 {
                    // Across the first row of slots: one slot is too narrow for the sentence.
                    let rowEnd = panel.saved(BrushEditorPanel.savedColumns - 1)
                    let row = (frame.x, frame.y, rowEnd.x + rowEnd.width - frame.x, frame.height)
                    try out.text(
                        "No saved \(view.slot) brushes yet", in: row, font: "Sans 8", color: faint, words: &words,
                        renderer: renderer)
                }
                continue
            }
            out.add(try solids.image(name == view.name ? onColor : chipColor), frame)
            try out.text(
                name, in: frame, font: "Sans 8", color: name == view.name ? WindowTheme.textOnChosen : text,
                centered: true, words: &words, renderer: renderer)
        }
        return out.placements
    }

    /// The pressure curve on paper: a grid of quarters, the curve, and its points.
    private func curveImage(_ curve: PressureCurve, side: Double) throws -> OverlayImage {
        let pixels = max(Int(side.rounded()), 8)
        if let cached = self.curve, cached.points == curve.points, cached.pixels == pixels { return cached.image }
        let units = VectorIcon.units
        var icon = VectorIcon()
        for quarter in 1...3 {
            let at = units * Double(quarter) / 4
            icon.path([(at, 0), (at, units)])
            icon.path([(0, at), (units, at)])
        }
        icon.stroke(width: 0.15, (0.6, 0.6, 0.65, 1))
        icon.path(
            (0...80).map { index in
                let pressure = Double(index) / 80
                return (pressure * units, (1 - curve.value(at: pressure)) * units)
            })
        icon.stroke(width: 0.5)
        for point in curve.points {
            icon.disc(point.pressure * units, (1 - point.value) * units, radius: 1.3)
        }
        // Cairo failing to draw leaves the box empty rather than the editor unusable.
        let rgba = icon.render(pixels: pixels) ?? [UInt8](repeating: 0, count: pixels * pixels * 4)
        let image = try renderer.makeOverlay(premultiplied: rgba, width: pixels, height: pixels)
        self.curve = (curve.points, pixels, image)
        return image
    }
}
