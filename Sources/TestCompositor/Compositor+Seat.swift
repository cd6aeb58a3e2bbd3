import Glibc
import WaylandProtocol
import WaylandServer

extension ScriptedCompositor {
    func advertiseSeat() -> any WithdrawableGlobal {
        WaylandGlobal<WlSeatResource>(display, version: options.version(of: .seat, newest: 7)) { [unowned self] seat in
            inputs.seats.append(seat)
            seat.onDestroy = { [unowned self, unowned seat] in inputs.seats.removeAll { $0 === seat } }
            seat.capabilities(capabilities: inputs.capabilities)
            seat.name(name: "seat0")
            seat.onRequest = { [unowned self] request in
                switch request {
                case .getPointer(let pointer):
                    inputs.pointers.append(pointer)
                    pointer.onDestroy = { [unowned self, unowned pointer] in
                        inputs.pointers.removeAll { $0 === pointer }
                    }
                    pointer.onRequest = { [unowned self] request in
                        if case .setCursor(_, let surface, _, _) = request {
                            inputs.pointerCursor = surface
                            inputs.pointerCursorSetCount += 1
                            if let surface { self.surface(for: surface)?.role = "cursor" }
                        }
                    }
                case .getKeyboard(let keyboard):
                    inputs.keyboards.append(keyboard)
                    keyboard.onDestroy = { [unowned self, unowned keyboard] in
                        inputs.keyboards.removeAll { $0 === keyboard }
                    }
                    keyboard.onRequest = { _ in }
                    sendKeymap(to: keyboard)
                case .getTouch(let touch):
                    inputs.touches.append(touch)
                    touch.onDestroy = { [unowned self, unowned touch] in inputs.touches.removeAll { $0 === touch } }
                    touch.onRequest = { _ in }
                case .release: break
                }
            }
        }
    }

    /// Tells every seat it now has `capabilities`: a mouse unplugged (no `.pointer`) and plugged in again, a
    /// keyboard docked, a touchscreen turned off. Clients are expected to release what went and get what came.
    public func setSeatCapabilities(_ capabilities: WlSeatCapability) {
        inputs.capabilities = capabilities
        for seat in inputs.seats { seat.capabilities(capabilities: capabilities) }
        flush()
    }

    /// Pointer, keyboard and touch objects the clients hold now (released ones are gone).
    public var seatDeviceCounts: (pointers: Int, keyboards: Int, touches: Int) {
        (inputs.pointers.count, inputs.keyboards.count, inputs.touches.count)
    }

    func sendKeymap(to keyboard: WlKeyboardResource) {
        do {
            if inputs.keymap == nil { inputs.keymap = try Keymap() }
            guard let keymap = inputs.keymap else { return }
            keyboard.keymap(format: .xkbV1, fd: keymap.descriptor, size: keymap.size)
            keyboard.repeatInfo(rate: 25, delay: 600)
        } catch {
            // Without xkb-data the client still gets a keyboard, with the "no keymap" format.
            let empty = AnonymousFile.create(prefix: "maliang-keymap")
            keyboard.keymap(format: .noKeymap, fd: empty, size: 0)
            Glibc.close(empty)
        }
    }

    /// The client resources of the focused window's client.
    func focusedClient() -> OpaquePointer? { focusedToplevel?.surface.resource.client }

    /// The surface the client last made its pointer's cursor, and how often it set one.
    public var pointerCursor: (surface: Surface?, setCount: Int) {
        (inputs.pointerCursor.flatMap { surface(for: $0) }, inputs.pointerCursorSetCount)
    }

    /// Sends pointer events to the focused window's client: entering and leaving its window's surface, or
    /// `subsurface` (one the window placed, such as its shadow).
    public func sendPointer(_ events: [PointerEvent], on subsurface: Subsurface? = nil) throws {
        guard let focus = focusedToplevel else { throw CompositorError("no mapped window to send pointer events to") }
        let targets = inputs.pointers.filter { $0.client == focus.surface.resource.client }
        let surface = subsurface?.surface.resource ?? focus.surface.resource
        for event in events {
            for pointer in targets {
                switch event {
                case .enter(let x, let y):
                    pointer.enter(
                        serial: display.nextSerial(), surface: surface, surfaceX: x, surfaceY: y)
                case .leave: pointer.leave(serial: display.nextSerial(), surface: surface)
                case .motion(let x, let y): pointer.motion(time: nowMilliseconds(), surfaceX: x, surfaceY: y)
                case .button(let button, let pressed):
                    pointer.button(
                        serial: display.nextSerial(), time: nowMilliseconds(), button: button,
                        state: pressed ? .pressed : .released)
                case .axis(let vertical, let value):
                    pointer.axis(
                        time: nowMilliseconds(), axis: vertical ? .verticalScroll : .horizontalScroll, value: value)
                case .frame: pointer.frame()
                }
            }
        }
        flush()
    }

    /// Sends keyboard events to the focused window's client. Keys are Linux evdev codes.
    public func sendKeyboard(_ events: [KeyboardEvent]) throws {
        guard let focus = focusedToplevel else { throw CompositorError("no mapped window to send keys to") }
        for keyboard in inputs.keyboards where keyboard.client == focus.surface.resource.client {
            for event in events {
                switch event {
                case .enter: keyboard.enter(serial: display.nextSerial(), surface: focus.surface.resource, keys: [])
                case .leave: keyboard.leave(serial: display.nextSerial(), surface: focus.surface.resource)
                case .key(let key, let pressed):
                    keyboard.key(
                        serial: display.nextSerial(), time: nowMilliseconds(), key: key,
                        state: pressed ? .pressed : .released)
                case .modifiers(let depressed, let latched, let locked, let group):
                    keyboard.modifiers(
                        serial: display.nextSerial(), modsDepressed: depressed, modsLatched: latched,
                        modsLocked: locked,
                        group: group)
                }
            }
        }
        flush()
    }

    /// Sends touch events to the focused window's client; positions are surface coordinates.
    public func sendTouch(_ events: [TouchEvent]) throws {
        guard let focus = focusedToplevel else { throw CompositorError("no mapped window to send touches to") }
        for touch in inputs.touches where touch.client == focus.surface.resource.client {
            for event in events {
                switch event {
                case .down(let id, let x, let y):
                    touch.down(
                        serial: display.nextSerial(), time: nowMilliseconds(), surface: focus.surface.resource, id: id,
                        x: x,
                        y: y)
                case .motion(let id, let x, let y): touch.motion(time: nowMilliseconds(), id: id, x: x, y: y)
                case .up(let id): touch.up(serial: display.nextSerial(), time: nowMilliseconds(), id: id)
                case .frame: touch.frame()
                case .cancel: touch.cancel()
                }
            }
        }
        flush()
    }
}

public enum PointerEvent: Equatable, Sendable {
    case enter(x: Double, y: Double)
    case leave
    case motion(x: Double, y: Double)
    /// `button` is a Linux input code (BTN_LEFT = 0x110).
    case button(UInt32, pressed: Bool)
    case axis(vertical: Bool, value: Double)
    case frame
}

public enum KeyboardEvent: Equatable, Sendable {
    case enter
    case leave
    case key(UInt32, pressed: Bool)
    case modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)
}

public enum TouchEvent: Equatable, Sendable {
    case down(id: Int32, x: Double, y: Double)
    case motion(id: Int32, x: Double, y: Double)
    case up(id: Int32)
    case frame
    case cancel
}
