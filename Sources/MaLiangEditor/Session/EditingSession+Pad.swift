import MaLiangCore

/// The tablet pad's panel: what each button, and the ring and strip in each mode, do (``PadPanel``). The shell says
/// which pad is plugged in; a change goes back to it as a request, to use and keep for that tablet.
extension EditingSession {
    /// The pad panel placed for the current window; nil while no pad is plugged in.
    public var padPanel: PadPanel? {
        guard let pad = panels.pad else { return nil }
        let more = toolbar.buttons.first { $0.action == .more }?.x ?? window.width
        return PadPanel(
            pad, anchorRight: more + ToolbarLayout.button, windowWidth: window.width, windowHeight: window.height,
            fit: panels.fit)
    }

    /// The pad plugged in (the last one to come to the window), or none: the menu offers its panel while there is one.
    public func padConnected(_ setup: PadSetup?) -> Effects {
        var effects = Effects()
        guard setup != panels.pad else { return effects }
        panels.pad = setup
        if setup == nil { panels.close(.pad) }
        effects.redraw = true
        return effects
    }

    func togglePadPanel() -> Effects {
        var effects = Effects()
        guard panels.pad != nil else { return effects }
        panels.toggle(.pad)
        effects.redraw = true
        return effects
    }

    /// Closes the pad panel (Escape); nil when it is not open.
    func closePadPanel() -> Effects? {
        guard panels.isOpen(.pad) else { return nil }
        panels.close(.pad)
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// With the pad panel open, a press below the strip belongs to it: a row takes its control's next action,
    /// Standard the standard ones, Done (or anywhere else) closes it. Nil when the press goes on as usual.
    func pressWithPadPanelOpen(_ event: InputEvent) -> Effects? {
        guard panels.isOpen(.pad), !ToolbarLayout.contains(y: event.y), let panel = padPanel, var pad = panels.pad
        else { return nil }
        input.contacts[event.device] = .onPanel
        var effects = Effects()
        effects.redraw = true
        switch panel.part(atX: event.x, y: event.y) {
        case .row(let index):
            pad.mapping = pad.mapping.advancing(panel.rows[index])
            let words = PadPanel(pad, anchorRight: 0, windowWidth: 0).words(index)
            effects.messages.append(StatusMessage(.info, "\(words.control): \(words.action)"))
        case .standard:
            pad.mapping = .standard
            effects.messages.append(StatusMessage(.info, "The pad's standard actions"))
        case .background: input.contacts[event.device] = .scrollingPanel(y: event.y)
        case .done, nil: panels.close(.pad)
        }
        if pad != panels.pad {
            panels.pad = pad
            effects.requests.append(.padMapping(tablet: pad.tablet, mapping: pad.mapping))
        }
        return effects
    }
}
