import MaLiangCore

/// The one input router: what a new contact does is decided here for pens, erasers, fingers and the mouse alike.
extension EditingSession {
    /// A contact began at the event's position.
    func beginContact(_ event: InputEvent) -> Effects {
        // Our own decorations: the mouse at the window's border resizes it (a pen or a finger paints to the edge).
        if event.tool == .mouse, let edge = resizeEdge(x: event.x, y: event.y) {
            input.contacts[event.device] = .ignored
            var effects = Effects()
            effects.requests.append(.resizeWindow(serial: event.serial, edge: edge))
            return effects
        }
        if let effects = pressWithColorPanelOpen(event) { return effects }
        if let effects = pressWithBrushEditorOpen(event) { return effects }
        if let effects = pressWithNewDrawingPanelOpen(event) { return effects }
        if let effects = pressWithLayerPanelOpen(event) { return effects }
        if let effects = pressWithPadPanelOpen(event) { return effects }
        if let effects = pressWithMenuOpen(event) {
            input.contacts[event.device] = .toolbar
            return effects
        }
        if hasToolbar && ToolbarLayout.contains(y: event.y) {
            input.contacts[event.device] = .toolbar
            return pressToolbar(x: event.x, y: event.y, serial: event.serial, at: event.received)
        }
        let (contact, effects) = beginCanvasContact(event)
        input.contacts[event.device] = contact
        return effects
    }

    /// What a contact on the canvas does, in order of precedence: take a colour, move the view, move the symmetry
    /// guide's centre, select an image, drag the selected image, paint.
    func beginCanvasContact(_ event: InputEvent) -> (Contact, Effects) {
        let point = documentPoint(x: event.x, y: event.y)
        var effects = Effects()
        if isPickingColor {
            isPickingColor = false
            effects.requests.append(.pickColor(at: point))
            effects.redraw = true
            return (.ignored, effects)
        }
        let buttons = event.buttons
        if event.tool == .mouse && (buttons.contains(.middle) || (buttons.contains(.primary) && input.spaceHeld)) {
            return (.panning(x: event.x, y: event.y), effects)
        }
        if let offset = grabSymmetryCenter(event) {
            return (.movingSymmetryCenter(dx: offset.dx, dy: offset.dy), effects)
        }
        if tool == .select && !buttons.contains(.barrelLower) && !buttons.contains(.secondary) {
            return beginSelectionContact(event)
        }
        if tool == .fill && !buttons.contains(.barrelLower) && !buttons.contains(.secondary) {
            effects.append(beginFillContact(at: point))
            return (.ignored, effects)
        }
        if event.tool == .mouse && buttons.contains(.secondary) {
            effects.append(select(at: point))
            return (.ignored, effects)
        }
        if buttons.contains(.barrelLower) {
            // On an image the pen's lower button selects it (and drags it); elsewhere it turns the pen into a hand.
            effects.append(select(at: point))
            guard selection != nil, let drag = beginChartletDrag(at: point, effects: &effects) else {
                return (.panning(x: event.x, y: event.y), effects)
            }
            return (.draggingChartlet(drag), effects)
        }
        if let drag = beginChartletDrag(at: point, effects: &effects) {
            return (.draggingChartlet(drag), effects)
        }
        effects.append(beginStroke(event))
        return (live?.device == event.device ? .painting : .ignored, effects)
    }

    func continueContact(_ event: InputEvent) -> Effects {
        switch input.contacts[event.device] {
        case .painting:
            return continueStroke(event)
        case .panning(let x, let y):
            input.contacts[event.device] = .panning(x: event.x, y: event.y)
            return pan(byX: (event.x - x) * window.scale, y: (event.y - y) * window.scale)
        case .draggingChartlet(let drag):
            return continueChartletDrag(drag, to: documentPoint(x: event.x, y: event.y))
        case .choosingColor(.hueRing):
            return chooseColor(.hueRing, x: event.x, y: event.y)
        case .choosingColor(.square):
            return chooseColor(.square, x: event.x, y: event.y)
        case .editingBrush(let drag):
            return dragBrushEditor(drag, x: event.x, y: event.y)
        case .layerOpacity(let id):
            return dragLayerOpacity(id, x: event.x, y: event.y)
        case .scrollingPanel(let y):
            input.contacts[event.device] = .scrollingPanel(y: event.y)
            return scrollPanel(by: y - event.y)
        case .movingSymmetryCenter(let dx, let dy):
            return moveSymmetryCenter(event, offset: (dx, dy))
        case .some(let contact) where contact.isSelectionGesture:
            return continueSelectionContact(event, contact: contact)
        case .toolbar, .ignored, .choosingColor, .onPanel, .outliningSelection, .transformingSelection, nil:
            return Effects()
        }
    }

    /// The contact ended (lifted, or the device left the window).
    func endContact(_ event: InputEvent) -> Effects { endContact(device: event.device) }

    func endContact(device: InputEvent.Device) -> Effects {
        guard let contact = input.contacts.removeValue(forKey: device) else { return Effects() }
        switch contact {
        case .painting:
            return endStroke(device: device)
        case .draggingChartlet:
            return endChartletDrag()
        case .outliningSelection, .transformingSelection:
            return endSelectionContact(contact)
        case .toolbar, .panning, .ignored, .choosingColor, .editingBrush, .layerOpacity, .onPanel,
            .scrollingPanel, .movingSymmetryCenter:
            return Effects()
        }
    }

    /// The compositor took the contact away: a stroke is dropped, a drag is put back.
    func cancelContact(_ device: InputEvent.Device) -> Effects {
        let contact = input.contacts.removeValue(forKey: device)
        var effects = Effects()
        if live?.device == device {
            live = nil
            effects.live.append(.cancelled)
            effects.redraw = true
        }
        switch contact {
        case .draggingChartlet:
            chartletPreview = nil
            effects.redraw = true
        case .outliningSelection, .transformingSelection:
            // Put back: the selection stays where it was.
            selecting.outline = []
            selecting.pending = nil
            effects.redraw = true
        default:
            break
        }
        return effects
    }

    // MARK: - Toolbar

    /// A press on the toolbar: a button, or — on our own title bar — a drag that moves the window, or a double
    /// press (within 400 ms) that maximizes it.
    /// With the toolbar's menu open, a press below the strip belongs to it: a button of the menu, or — anywhere
    /// else — closing it (the press does nothing more). Nil when the press goes on as usual.
    func pressWithMenuOpen(_ event: InputEvent) -> Effects? {
        guard panels.isMenuOpen, !ToolbarLayout.contains(y: event.y) else { return nil }
        if let action = toolbar.menuAction(atX: event.x, y: event.y) { return press(action) }
        panels.isMenuOpen = false
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    func pressToolbar(x: Double, y: Double, serial: UInt32, at now: UInt64) -> Effects {
        if let action = toolbar.action(atX: x, y: y) { return press(action) }
        var effects = Effects()
        guard window.showsClose else { return effects }
        if let last = input.lastTitlePress, now >= last, now - last < 400_000 {
            input.lastTitlePress = nil
            effects.requests.append(.toggleMaximized)
        } else {
            input.lastTitlePress = now
            effects.requests.append(.moveWindow(serial: serial))
        }
        return effects
    }

    // MARK: - Touch

    /// Fingers: the toolbar takes a press on it; otherwise the touch tracker decides between painting (one finger,
    /// routed like any contact), a two-finger gesture, and a palm.
    func handleTouch(_ event: InputEvent) -> Effects {
        guard case .touch(let id) = event.device else { return Effects() }
        let point = TouchTracker.Point(x: event.x, y: event.y)
        var effects = Effects()
        let outcome: TouchTracker.Outcome
        if isOnPanel(input.contacts[event.device]) {
            // A finger on a panel never reached the touch tracker.
            switch event.phase {
            case .move: return continueContact(event)
            case .up, .leave, .cancel: input.contacts[event.device] = nil
            default: break
            }
            return effects
        }
        switch event.phase {
        case .down:
            if !penActive(at: event.received),
                let effects = pressWithColorPanelOpen(event) ?? pressWithBrushEditorOpen(event)
                    ?? pressWithNewDrawingPanelOpen(event) ?? pressWithLayerPanelOpen(event)
                    ?? pressWithPadPanelOpen(event)
            {
                return effects
            }
            if !penActive(at: event.received), let effects = pressWithMenuOpen(event) {
                input.contacts[event.device] = .toolbar
                return effects
            }
            if hasToolbar && ToolbarLayout.contains(y: event.y) && !penActive(at: event.received) {
                input.contacts[event.device] = .toolbar
                return pressToolbar(x: event.x, y: event.y, serial: event.serial, at: event.received)
            }
            let palm = penActive(at: event.received)
            if !palm, let effects = holdAsModifier(id) { return effects }
            input.taps.down(id: id, at: point, time: event.received, penActive: palm)
            outcome = input.touches.down(id: id, at: point, penActive: palm)
        case .move:
            if input.modifierFingers.contains(id) { return effects }
            input.taps.moved(id: id, to: point)
            outcome = input.touches.motion(id: id, to: point)
        case .up, .leave:
            if input.modifierFingers.remove(id) != nil { return effects }
            if let fingers = input.taps.up(id: id, time: event.received) { effects.append(tapped(fingers: fingers)) }
            outcome = input.touches.up(id: id)
            // A finger on the toolbar never reached the touch tracker: its contact ends here.
            if case .toolbar? = input.contacts[event.device] { input.contacts[event.device] = nil }
        case .cancel:
            input.modifierFingers = []
            input.taps.cancel()
            outcome = input.touches.cancel()
        case .hover, .buttonPressed:
            return effects
        }
        switch outcome {
        case .none:
            break
        case .paintBegan:
            let (contact, began) = beginCanvasContact(event)
            input.contacts[event.device] = contact
            effects.append(began)
        case .paintMoved:
            effects.append(continueContact(event))
        case .paintEnded:
            effects.append(endContact(event))
        case .paintCancelled:
            // A second finger came (a gesture, not a stroke), or the compositor took the input.touches.
            for device in input.contacts.keys {
                if case .touch = device { effects.append(cancelContact(device)) }
            }
        case .gesture(let center, let dx, let dy, let scale, let rotation):
            effects.append(touchGesture(center: center, dx: dx, dy: dy, scale: scale, rotation: rotation))
        }
        if input.touches.activeCount < 2 && input.fingersOnChartlet { effects.append(endChartletGesture()) }
        if input.touches.activeCount < 2 && selecting.fingersOnSelection { effects.append(endSelectionGesture()) }
        return effects
    }

    /// A finger that comes down while a selection's corner or turning handle is dragged holds like Shift: the
    /// corner scales freely, the handle turns by steps, from the drag's next move until it lifts. Nil when no
    /// handle is dragged.
    private func holdAsModifier(_ id: Int32) -> Effects? {
        let dragsHandle = input.contacts.values.contains { contact in
            guard case .transformingSelection(let drag) = contact else { return false }
            if case .move = drag.kind { return false }
            return true
        }
        guard dragsHandle else { return nil }
        input.modifierFingers.insert(id)
        // The drag's next move takes the new state.
        return Effects()
    }

    /// A tap of several fingers: two undo, three redo, four hide or show the toolbar.
    func tapped(fingers: Int) -> Effects {
        switch fingers {
        case 2: perform(.undo)
        case 3: perform(.redo)
        case 4: perform(.toggleToolbar)
        default: Effects()
        }
    }

    /// Two fingers on the selected image move, scale and turn it; anywhere else, the view.
    func touchGesture(center: TouchTracker.Point, dx: Double, dy: Double, scale: Double, rotation: Double) -> Effects {
        if let effects = transformSelectionByFingers(
            center: center, dx: dx, dy: dy, factor: scale, rotation: rotation)
        {
            return effects
        }
        if let effects = transformSelectedChartlet(
            center: center, dx: dx, dy: dy, factor: scale, rotation: rotation)
        {
            return effects
        }
        let s = window.scale
        var effects = pan(byX: dx * s, y: dy * s)
        effects.append(zoom(by: scale, aboutX: center.x * s, y: center.y * s))
        if rotation != 0 { effects.append(rotate(by: rotation, aboutX: center.x * s, y: center.y * s)) }
        return effects
    }
}

extension EditingSession {
    /// Whether a contact is on a panel (the colour panel, the brush editor, the New panel, the layer panel).
    func isOnPanel(_ contact: Contact?) -> Bool {
        switch contact {
        case .choosingColor, .editingBrush, .layerOpacity, .onPanel, .scrollingPanel: true
        default: false
        }
    }
}

extension EditingSession.Contact {
    /// Whether a contact is drawing the selection's outline or changing the selection.
    var isSelectionGesture: Bool {
        switch self {
        case .outliningSelection, .transformingSelection: true
        default: false
        }
    }
}
