import MaLiangCore

/// The keys the open colour panel takes: hex digits, and keys to apply, undo a digit or close.
public enum ColorPanelKey: Equatable, Sendable {
    case digit(Character)
    case backspace, enter, escape
}

extension EditingSession {
    /// The open colour panel, placed for the current window.
    public var colorPanel: ColorPanel {
        ColorPanel(
            layout: toolbar, windowWidth: window.width, windowHeight: window.height, fit: panels.fit)
    }

    func toggleColorPanel() -> Effects {
        if panels.toggle(.color) { panels.wheelColor = HSVColor(style.color, keepingHue: panels.wheelColor.hue) }
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Sets the brush's colour, the wheel following it.
    func setColor(_ color: Color) {
        style.color = Color(red: color.red, green: color.green, blue: color.blue)
        panels.wheelColor = HSVColor(style.color, keepingHue: panels.wheelColor.hue)
    }

    /// With the colour panel open, a press below the strip belongs to it: on the panel it chooses a colour (and
    /// the contact keeps choosing as it moves); anywhere else it closes the panel and does nothing more. Nil when
    /// the press goes on as usual.
    func pressWithColorPanelOpen(_ event: InputEvent) -> Effects? {
        guard panels.isOpen(.color), !ToolbarLayout.contains(y: event.y) else { return nil }
        var effects = Effects()
        effects.redraw = true
        guard let part = colorPanel.part(atX: event.x, y: event.y) else {
            panels.close(.color)
            input.contacts[event.device] = .onPanel
            return effects
        }
        if part == .background {
            input.contacts[event.device] = .scrollingPanel(y: event.y)
            return effects
        }
        input.contacts[event.device] = .choosingColor(part)
        effects.append(chooseColor(part, x: event.x, y: event.y))
        return effects
    }

    /// A contact on `part` of the panel at (x, y), window pixels.
    func chooseColor(_ part: ColorPanel.Part, x windowX: Double, y windowY: Double) -> Effects {
        let panel = colorPanel
        let (x, y) = panel.unit(x: windowX, y: windowY)
        switch part {
        case .hueRing:
            panels.wheelColor.hue = HSVColor(hue: panel.hue(atX: x, y: y), saturation: 0, value: 0).hue
        case .square:
            let (saturation, value) = panel.saturationValue(atX: x, y: y)
            panels.wheelColor.saturation = saturation
            panels.wheelColor.value = value
        case .recent(let index):
            guard recentColors.indices.contains(index) else { return Effects() }
            setColor(recentColors[index])
            panels.hexDraft = nil
            var effects = Effects()
            effects.redraw = true
            return effects
        case .paperColor, .noPaper:
            return setPaper(part == .noPaper ? .clear : style.color)
        case .hexRow:
            // A press on the hex value types a new one (an on-screen keyboard comes up for it).
            if panels.hexDraft == nil { panels.hexDraft = "" }
            var effects = Effects()
            effects.redraw = true
            return effects
        case .background:
            return Effects()
        }
        style.color = panels.wheelColor.color
        panels.hexDraft = nil
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Makes `color` the paper's, as an undo step; transparent is no paper.
    public func setPaper(_ color: Color) -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard live == nil else { return effects }
        effects.changes = document.setBackground(color)
        guard !effects.changes.isEmpty else { return effects }
        effects.messages.append(
            StatusMessage(
                .info,
                color.alpha == 0
                    ? "No paper: the page is transparent, in exports too (undo brings the paper back)"
                    : "The paper is #\(color.hex) (undo takes it back)"))
        return effects
    }

    /// A key while the colour panel is open; nil when the panel does not take it (it goes on to the shortcuts).
    public func colorPanelKey(_ key: ColorPanelKey) -> Effects? {
        guard panels.isOpen(.color) else { return nil }
        var effects = Effects()
        effects.redraw = true
        switch key {
        case .digit(let character):
            guard character.isHexDigit else { return nil }
            let draft = panels.hexDraft ?? ""
            guard draft.count < 6 else { return effects }
            panels.hexDraft = draft + String(character).uppercased()
        case .backspace:
            guard let draft = panels.hexDraft else { return nil }
            panels.hexDraft = draft.isEmpty ? nil : String(draft.dropLast())
        case .enter:
            guard let draft = panels.hexDraft else { return nil }
            guard let color = Color(hex: draft) else {
                effects.messages.append(
                    StatusMessage(.error, "“\(draft)” is not a colour: type 3 or 6 hex digits, like 3A7BD5"))
                return effects
            }
            setColor(color)
            panels.hexDraft = nil
        case .escape:
            panels.close(.color)
        }
        return effects
    }

    /// Puts the colour of a stroke just painted first among the recent colours.
    func rememberColor(of brush: AnyBrush) -> Effects {
        var effects = Effects()
        switch brush {
        case .eraser, .chartlet: return effects
        default: break
        }
        let color = brush.base.color
        let opaque = Color(red: color.red, green: color.green, blue: color.blue)
        guard recentColors.first?.hex != opaque.hex else { return effects }
        recentColors = [opaque] + recentColors.filter { $0.hex != opaque.hex }
        effects.requests.append(.recentColorsChanged)
        return effects
    }
}
