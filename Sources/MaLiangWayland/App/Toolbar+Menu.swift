import MaLiangEditor
import MaLiangVulkan

/// The ☰ menu's pictures: a row of words per action — its icon, what it does, its key at the right — and the
/// pictures the strip has no room for as buttons above them. The item under the pointer is shaded; the one the
/// arrow keys are on is filled with the chosen colour (its words dark on it) or, for a picture, framed.
extension Toolbar {
    /// The menu's words: the desktop's usual size, larger than the panels' small print.
    static let menuFont = "Sans 11"

    func menuOverlays(_ menu: ToolbarMenu, scale: Double, state: State) throws -> [OverlayPlacement] {
        guard let frame = menu.frame else { return [] }
        var placements = [
            OverlayPlacement(
                background, x: frame.x * scale, y: frame.y * scale, width: frame.width * scale,
                height: frame.height * scale)
        ]
        if let row = menu.titleRow, let title = state.title {
            placements += try titleWords(title, in: row, scale: scale)
        }
        let inset = (ToolbarMenu.cell - ToolbarLayout.button) / 2
        for (index, item) in menu.items.enumerated() {
            let focused = state.menuFocus == index
            let box = (x: item.x * scale, y: item.y * scale, width: item.width * scale, height: item.height * scale)
            if focused && item.isWorded {
                placements.append(OverlayPlacement(highlight, x: box.x, y: box.y, width: box.width, height: box.height))
            } else if state.hover == item.action {
                placements.append(
                    OverlayPlacement(
                        try solids.image(theme.chip), x: box.x, y: box.y, width: box.width, height: box.height))
            }
            placements += button(
                item.action, x: (item.x + inset) * scale, y: (item.y + inset) * scale, scale: scale, state: state)
            if focused && !item.isWorded { placements += try frameOverlays(box, scale: scale) }
            if item.isWorded { placements += try rowWords(item, box: box, focused: focused, scale: scale) }
        }
        return placements
    }

    /// A worded row's words after its icon and its key at the right edge.
    private func rowWords(
        _ item: ToolbarMenu.Item, box: (x: Double, y: Double, width: Double, height: Double), focused: Bool,
        scale: Double
    ) throws -> [OverlayPlacement] {
        let entry = ToolbarWords.menuEntry(for: item.action)
        let margin = 10 * scale
        let wordsLeft = box.x + (ToolbarMenu.cell + 6) * scale
        var placements: [OverlayPlacement] = []
        var right = box.x + box.width - margin
        if let shortcut = entry.shortcut,
            let key = try words.image(
                shortcut, font: Self.menuFont, scale: scale,
                color: focused ? WindowTheme.textOnChosen : theme.shortcutText, maxWidth: Int(box.width / 2),
                renderer: renderer)
        {
            right -= Double(key.width)
            placements.append(line(key, x: right, box: box))
            right -= margin
        }
        if let text = try words.image(
            entry.words, font: Self.menuFont, scale: scale,
            color: focused ? WindowTheme.textOnChosen : theme.toolbarText, maxWidth: Int(max(right - wordsLeft, 1)),
            renderer: renderer)
        {
            placements.append(line(text, x: wordsLeft, box: box))
        }
        return placements
    }

    /// The drawing's name at the left of the title row, whether it is saved at the right.
    private func titleWords(
        _ title: (name: String, saving: String), in row: (x: Double, y: Double, width: Double, height: Double),
        scale: Double
    ) throws -> [OverlayPlacement] {
        let box = (x: row.x * scale, y: row.y * scale, width: row.width * scale, height: row.height * scale)
        let margin = 10 * scale
        var placements: [OverlayPlacement] = []
        var right = box.x + box.width - margin
        if let saving = try words.image(
            title.saving, font: Self.menuFont, scale: scale, color: theme.shortcutText, maxWidth: Int(box.width / 2),
            renderer: renderer)
        {
            right -= Double(saving.width)
            placements.append(line(saving, x: right, box: box))
            right -= margin
        }
        if let name = try words.image(
            title.name, font: "Sans Bold 11", scale: scale, color: theme.toolbarText,
            maxWidth: Int(max(right - box.x - margin, 1)), renderer: renderer)
        {
            placements.append(line(name, x: box.x + margin, box: box))
        }
        return placements
    }

    private func line(
        _ text: (image: OverlayImage, width: Int, height: Int), x: Double,
        box: (x: Double, y: Double, width: Double, height: Double)
    ) -> OverlayPlacement {
        OverlayPlacement(
            text.image, x: x.rounded(), y: (box.y + (box.height - Double(text.height)) / 2).rounded(),
            width: Double(text.width), height: Double(text.height))
    }

    /// A two-pixel frame in the words' colour around a picture the keyboard is on.
    private func frameOverlays(_ box: (x: Double, y: Double, width: Double, height: Double), scale: Double) throws
        -> [OverlayPlacement]
    {
        let ink = try solids.image(theme.toolbarText)
        let side = 2 * scale
        return [
            OverlayPlacement(ink, x: box.x, y: box.y, width: box.width, height: side),
            OverlayPlacement(ink, x: box.x, y: box.y + box.height - side, width: box.width, height: side),
            OverlayPlacement(ink, x: box.x, y: box.y, width: side, height: box.height),
            OverlayPlacement(ink, x: box.x + box.width - side, y: box.y, width: side, height: box.height),
        ]
    }
}
