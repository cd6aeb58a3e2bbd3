/// The ☰ menu by keyboard, as GNOME's menus go: F10 (or the menu key) opens it on its first item, the arrows,
/// Home and End move through its items, Return or Space does the one chosen, Escape and F10 close it. Any other key
/// closes it and does what it does.
extension EditingSession {
    /// What a key does while the menu is open, or to open it; nil when the key goes on as usual.
    func menuKey(_ key: KeyEvent) -> Effects? {
        guard key.isPressed, !key.control else { return nil }
        let symbol = key.keysym
        var effects = Effects()
        effects.redraw = true
        guard panels.isMenuOpen else {
            guard symbol == Keysym.f10 || symbol == Keysym.menu, hasToolbar else { return nil }
            closePanels()
            panels.isMenuOpen = true
            panels.menuFocus = 0
            return effects
        }
        let items = toolbar.menu
        switch symbol {
        case Keysym.escape, Keysym.f10, Keysym.menu:
            panels.isMenuOpen = false
        case Keysym.down, Keysym.right:
            panels.menuFocus = panels.menuFocus.map { ($0 + 1) % max(items.count, 1) } ?? 0
        case Keysym.up, Keysym.left:
            panels.menuFocus = panels.menuFocus.map { ($0 + items.count - 1) % max(items.count, 1) } ?? items.count - 1
        case Keysym.home: panels.menuFocus = 0
        case Keysym.end: panels.menuFocus = items.count - 1
        case Keysym.returnKey, Keysym.keypadEnter, Keysym.space:
            guard let focus = panels.menuFocus, items.indices.contains(focus) else { return effects }
            return press(items[focus].action)
        default:
            panels.isMenuOpen = false
            return nil
        }
        return effects
    }
}

extension EditingSession {
    /// Hides the toolbar (its menu and panels close; the drawing gets the window's top) or shows it again.
    func toggleToolbar() -> Effects {
        var effects = Effects()
        guard toolbarBuiltIn else { return effects }
        isToolbarHidden.toggle()
        panels.isMenuOpen = false
        closePanels()
        effects.redraw = true
        effects.messages.append(
            StatusMessage(
                .info,
                isToolbarHidden
                    ? "Toolbar hidden: Tab or a four-finger tap shows it"
                    : "Toolbar shown (Tab or a four-finger tap hides it)"))
        return effects
    }
}
