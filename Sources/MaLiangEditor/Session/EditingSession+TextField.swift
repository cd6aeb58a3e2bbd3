import MaLiangCore

/// The place that takes words now — a brush's or a layer's name being typed, a colour's hex digits — as an
/// on-screen keyboard or another input method needs it: what kind of words, what is typed so far, and where it is,
/// so the keyboard does not cover it. Words from the input method go through the same paths as keys.
public struct TextFieldFocus: Equatable, Sendable {
    public enum Purpose: Sendable {
        /// Any words (a brush's or a layer's name).
        case name
        /// Hexadecimal digits (a colour).
        case hexColor
    }

    public let purpose: Purpose
    /// What is typed so far; the cursor is at its end.
    public let text: String
    /// Where the field is, logical window pixels.
    public let x, y, width, height: Double
}

extension EditingSession {
    /// The field taking words now, if any: only while a name or a colour is being typed.
    public var textField: TextFieldFocus? {
        if panels.isOpen(.brushEditor), let draft = panels.brushNameDraft {
            return focus(.name, draft, brushEditor.shown(brushEditor.title))
        }
        if panels.isOpen(.layers), let draft = panels.layerNameDraft,
            let row = layersShown.firstIndex(where: { $0.id == currentLayer })
        {
            return focus(.name, draft, layerPanel.shown(layerPanel.row(row)))
        }
        if panels.isOpen(.color), let draft = panels.hexDraft {
            return focus(.hexColor, draft, colorPanel.shown(colorPanel.hexRow))
        }
        return nil
    }

    private func focus(_ purpose: TextFieldFocus.Purpose, _ text: String, _ box: PanelPlacement.Box)
        -> TextFieldFocus
    {
        TextFieldFocus(purpose: purpose, text: text, x: box.x, y: box.y, width: box.width, height: box.height)
    }

    /// Words an input method commits, typed into the field as keys would type them (a colour takes its hex
    /// digits and nothing else).
    public func typeText(_ text: String) -> Effects {
        var effects = Effects()
        guard let field = textField, !text.isEmpty else { return effects }
        switch field.purpose {
        case .name:
            if let typed = nameKey(.text(text)) { effects.append(typed) }
        case .hexColor:
            for character in text.lowercased() where character.isHexDigit {
                if let typed = colorPanelKey(.digit(character)) { effects.append(typed) }
            }
        }
        return effects
    }

    /// The input method takes back `count` characters before the cursor (the end of what is typed).
    public func deleteTextBefore(_ count: Int) -> Effects {
        var effects = Effects()
        guard let field = textField else { return effects }
        for _ in 0..<min(max(count, 0), field.text.count) {
            let typed =
                switch field.purpose {
                case .name: nameKey(.backspace)
                case .hexColor: colorPanelKey(.backspace)
                }
            if let typed { effects.append(typed) }
        }
        return effects
    }

    /// A key for the name being typed: the brush's, else the layer's.
    private func nameKey(_ key: BrushEditorKey) -> Effects? {
        panels.brushNameDraft != nil ? brushEditorKey(key) : layerPanelKey(key)
    }
}
