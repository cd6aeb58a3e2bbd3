import Foundation
import MaLiangCore
import MaLiangEditor
import WaylandClient
import WaylandProtocol

/// Pen tablets: each tool's protocol events are assembled into frames (``TabletToolState``), and each frame
/// becomes the editing core's events. Pads: PaintingApp+Pad.swift.
extension PaintingApp {
    /// Creates the tablet seat once both the seat and the tablet manager exist, in whichever order they came.
    func makeTabletSeatIfReady() {
        guard let seat = devices.seat, let tabletManager = devices.tabletManager, devices.tabletSeat == nil else {
            return
        }
        let tabletSeat = tabletManager.getTabletSeat(seat: seat)
        devices.tabletSeat = tabletSeat
        tabletSeat.onEvent = { [unowned self] event in
            switch event {
            case .tabletAdded(let tablet):
                var name = "Tablet"
                var ids = (vendor: UInt32(0), product: UInt32(0))
                tablet.onEvent = { [unowned self, unowned tablet] event in
                    switch event {
                    case .name(let announced): name = announced
                    case .id(let vendor, let product): ids = (vendor, product)
                    case .done:
                        devices.tabletKeys[ObjectIdentifier(tablet)] = PadSettingsFile.key(
                            name: name, vendorID: ids.vendor, productID: ids.product)
                    case .removed:
                        toolsLeave(ObjectIdentifier(tablet))
                        devices.tabletKeys[ObjectIdentifier(tablet)] = nil
                        tablet.destroy()
                    case .path: break
                    }
                }
            case .toolAdded(let tool):
                devices.nextToolNumber += 1
                let state = ToolState(tool: tool, number: devices.nextToolNumber)
                devices.tools[ObjectIdentifier(tool)] = state
                tool.onEvent = { [unowned self, unowned state] event in handleTool(state, event) }
            case .padAdded(let pad):
                setUpPad(pad)
            }
        }
    }

    private func handleTool(_ state: ToolState, _ event: ZwpTabletToolV2.Event) {
        // On the window's shadow a tool is on the desktop's side of the window: nothing until it leaves it.
        if state.onShadow {
            switch event {
            case .proximityOut:
                state.onShadow = false
                return
            case .removed: break
            default: return
            }
        }
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
        case .proximityIn(_, _, let surface) where window.isShadow(surface):
            state.onShadow = true
            return
        case .proximityIn(let serial, let tablet, _):
            state.lastSerial = serial
            state.tablet = ObjectIdentifier(tablet)
            translated = .proximityIn(serial: serial)
        case .proximityOut:
            state.tablet = nil
            translated = .proximityOut
        case .down(let serial):
            state.lastSerial = serial
            translated = .down(serial: serial)
        case .up: translated = .up
        case .motion(let x, let y): translated = .motion(x: x, y: y)
        case .pressure(let value): translated = .pressure(value)
        case .distance(let value): translated = .distance(value)
        case .tilt(let x, let y): translated = .tilt(x: x, y: y)
        case .rotation(let degrees): translated = .rotation(degrees)
        case .button(_, let button, let buttonState): translated = .button(button, pressed: buttonState == .pressed)
        case .frame(let time): translated = .frame(time: time)
        case .removed:
            for frame in state.machine.handle(.removed) { apply(frame, to: state) }
            state.cursorSurface?.destroy()
            state.arrowSurface?.destroy()
            state.tool.destroy()
            devices.tools[ObjectIdentifier(state.tool)] = nil
            return
        }
        for frame in state.machine.handle(translated) { apply(frame, to: state) }
    }

    /// A tablet was unplugged: the tools in its proximity leave it now, lifting a tip that was down, as a tool
    /// removed does (a compositor may send neither proximity_out nor the tools' removal).
    private func toolsLeave(_ tablet: ObjectIdentifier) {
        for state in devices.tools.values where state.tablet == tablet {
            state.tablet = nil
            for frame in state.machine.handle(.removed) { apply(frame, to: state) }
        }
    }

    /// One complete hardware state change of a tool, handed to the editing core.
    func apply(_ frame: TabletToolState.Frame, to state: ToolState) {
        if frame.proximity == .began { state.cursorOverControls = nil }
        let events = frame.inputEvents(
            device: state.number, tool: state.kind, buttonsHeld: state.machine.buttonsHeld, serial: state.lastSerial,
            hardwareSerial: state.serial, received: MonotonicClock.microseconds())
        for event in events { handle(event) }
        if frame.inProximity { setToolCursor(state, serial: frame.proximitySerial, x: frame.x, y: frame.y) }
    }

    /// Each tool has cursor surfaces of its own — the brush outline over the drawing, the theme's arrow over the
    /// controls — set on every proximity_in (with that event's serial) and when the tool crosses between them.
    private func setToolCursor(_ state: ToolState, serial: UInt32, x: Double, y: Double) {
        let overControls = session.pointsAtControls(x: x, y: y)
        guard overControls != state.cursorOverControls else { return }
        if overControls {
            if state.arrowSurface == nil { state.arrowSurface = globals.compositor.createSurface() }
            guard let arrow = cursorImage("left_ptr", into: state.arrowSurface) else { return }
            state.tool.setCursor(
                serial: serial, surface: arrow.surface, hotspotX: arrow.hotspotX, hotspotY: arrow.hotspotY)
        } else {
            if state.cursorSurface == nil { state.cursorSurface = globals.compositor.createSurface() }
            guard let surface = state.cursorSurface, let hotspot = attachBrushOutline(to: surface) else { return }
            state.tool.setCursor(serial: serial, surface: surface, hotspotX: hotspot, hotspotY: hotspot)
        }
        state.cursorOverControls = overControls
    }
}
