import Foundation
import MaLiang
import WaylandClient
import WaylandProtocol

extension PaintingApp {
    /// Creates the tablet seat once both the seat and the tablet manager exist, in whichever order they came.
    func makeTabletSeatIfReady() {
        guard let seat, let tabletManager, tabletSeat == nil else { return }
        let tabletSeat = tabletManager.getTabletSeat(seat: seat)
        self.tabletSeat = tabletSeat
        tabletSeat.onEvent = { [unowned self] event in
            switch event {
            case .tabletAdded(let tablet):
                tablet.onEvent = { [unowned tablet] event in if case .removed = event { tablet.destroy() } }
            case .toolAdded(let tool):
                let state = ToolState(tool: tool)
                tools[ObjectIdentifier(tool)] = state
                tool.onEvent = { [unowned self, unowned state] event in handleTool(state, event) }
            case .padAdded(let pad):
                setUpPad(pad)
            }
        }
    }

    private func handleTool(_ state: ToolState, _ event: ZwpTabletToolV2.Event) {
        let translated: TabletToolState.Event
        switch event {
        case .type(let kind):
            state.kind =
                switch kind {
                case .eraser: .eraser
                case .brush: .brush
                case .pencil: .pencil
                case .airbrush: .airbrush
                case .finger: .finger
                case .mouse, .lens: .mouse
                default: .pen
                }
            return
        case .hardwareSerial(let high, let low):
            state.serial = UInt64(high) << 32 | UInt64(low)
            return
        case .hardwareIdWacom, .capability, .done, .slider, .wheel: return
        case .proximityIn(let serial, _, _):
            latestSerial = serial
            translated = .proximityIn(serial: serial)
        case .proximityOut: translated = .proximityOut
        case .down(let serial):
            latestSerial = serial
            translated = .down(serial: serial)
        case .up: translated = .up
        case .motion(let x, let y): translated = .motion(x: x, y: y)
        case .pressure(let value): translated = .pressure(value)
        case .distance(let value): translated = .distance(value)
        case .tilt(let x, let y): translated = .tilt(x: x, y: y)
        case .rotation(let degrees): translated = .rotation(degrees)
        case .button(let serial, let button, let buttonState):
            latestSerial = serial
            translated = .button(button, pressed: buttonState == .pressed)
        case .frame(let time): translated = .frame(time: time)
        case .removed:
            for frame in state.machine.handle(.removed) { apply(frame, to: state) }
            state.cursorSurface?.destroy()
            state.tool.destroy()
            tools[ObjectIdentifier(state.tool)] = nil
            return
        }
        for frame in state.machine.handle(translated) { apply(frame, to: state) }
    }

    /// One complete hardware state change of a tool.
    func apply(_ frame: TabletToolState.Frame, to state: ToolState) {
        let scale = window?.scale ?? 1
        if frame.proximity == .began {
            setToolCursor(state, serial: frame.proximitySerial)
        }
        if frame.proximity == .ended { lastPenProximity = .now }
        // The upper barrel button undoes; the lower one held turns the pen into a hand that pans.
        if frame.pressed.contains(ButtonCode.stylus2) { perform(Toolbar.Action.undo) }
        if frame.contact == .began {
            if toolbar.contains(y: frame.y) {
                state.onToolbar = true
                toolbarPress(x: frame.x, y: frame.y, serial: latestSerial)
            } else if beginChartletDrag(at: documentPoint(surfaceX: frame.x, surfaceY: frame.y)) {
                state.draggingChartlet = true
            } else if state.machine.buttonsHeld.contains(ButtonCode.stylus) {
                // On an image the lower button selects it; elsewhere it turns the pen into a hand.
                if selectChartlet(at: documentPoint(surfaceX: frame.x, surfaceY: frame.y)) {
                    _ = beginChartletDrag(at: documentPoint(surfaceX: frame.x, surfaceY: frame.y))
                    state.draggingChartlet = true
                } else {
                    state.panning = (frame.x, frame.y)
                }
            } else {
                state.drawing = true
                let sample = sample(frame, state)
                beginStroke(at: sample.position, sample: sample, eraser: state.kind == .eraser)
            }
        } else if state.draggingChartlet && frame.isDown && frame.moved {
            continueChartletDrag(to: documentPoint(surfaceX: frame.x, surfaceY: frame.y))
        } else if state.drawing && frame.isDown && (frame.moved || frame.contact == .unchanged) {
            continueStroke(sample(frame, state))
        } else if let panning = state.panning, frame.isDown {
            pan(byX: (frame.x - panning.x) * scale, y: (frame.y - panning.y) * scale)
            state.panning = (frame.x, frame.y)
        }
        if frame.contact == .ended
            || (!frame.isDown && (state.drawing || state.panning != nil || state.onToolbar || state.draggingChartlet))
        {
            if state.draggingChartlet { endChartletDrag() }
            state.draggingChartlet = false
            if state.drawing {
                if frame.moved { continueStroke(sample(frame, state)) }
                endStroke()
            }
            state.drawing = false
            state.panning = nil
            state.onToolbar = false
        }
        if frame.proximity != .unchanged { requestFrame() }
    }

    private func sample(_ frame: TabletToolState.Frame, _ state: ToolState) -> InputSample {
        InputSample(
            position: documentPoint(surfaceX: frame.x, surfaceY: frame.y), pressure: frame.pressure, tiltX: frame.tiltX,
            tiltY: frame.tiltY,
            rotation: frame.rotation, distance: frame.distance, time: UInt64(frame.time) * 1000, tool: state.kind,
            deviceSerial: state.serial)
    }

    /// Each tool has its own cursor surface — the brush outline — set again on every proximity_in with that
    /// event's serial.
    private func setToolCursor(_ state: ToolState, serial: UInt32) {
        if state.cursorSurface == nil { state.cursorSurface = compositor?.createSurface() }
        guard let surface = state.cursorSurface, let hotspot = attachBrushOutline(to: surface) else { return }
        state.tool.setCursor(serial: serial, surface: surface, hotspotX: hotspot, hotspotY: hotspot)
    }

    /// Pad buttons: 0 undo, 1 redo, 2 smaller, 3 larger (the rest unused); rings and strips are left alone.
    private func setUpPad(_ pad: ZwpTabletPadV2) {
        pad.onEvent = { [unowned self, unowned pad] event in
            switch event {
            case .group(let group):
                group.onEvent = { event in
                    switch event {
                    case .ring(let ring): ring.onEvent = { _ in }
                    case .strip(let strip): strip.onEvent = { _ in }
                    default: break
                    }
                }
            case .button(_, let button, let state) where state == .pressed:
                let actions: [Toolbar.Action] = [.undo, .redo, .smaller, .larger]
                if Int(button) < actions.count { perform(actions[Int(button)]) }
            case .removed: pad.destroy()
            default: break
            }
        }
    }
}
