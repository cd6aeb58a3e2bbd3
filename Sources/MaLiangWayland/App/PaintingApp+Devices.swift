import CWaylandCursor
import Foundation
import MaLiangCore
import MaLiangEditor
import WaylandClient
import WaylandProtocol

/// Mouse, touchpad, keyboard and touchscreen, translated into the editing core's terms.
extension PaintingApp {
    // MARK: - Pointer (mouse, touchpad)

    func setUpPointer(_ pointer: WlPointer) {
        devices.pointer = pointer
        if let gestures = globals.gestures {
            let pinch = gestures.getPinchGesture(pointer: pointer)
            devices.pinch = pinch
            pinch.onEvent = { [unowned self] event in
                guard case .update(_, let dx, let dy, let scale, let rotation) = event else {
                    devices.mouse.pinchScale = 1
                    return
                }
                let s = window.scale
                let (x, y) = (devices.mouse.x * s, devices.mouse.y * s)
                var effects = session.pan(byX: dx * s, y: dy * s)
                if scale > 0 { effects.append(session.zoom(by: scale / devices.mouse.pinchScale, aboutX: x, y: y)) }
                devices.mouse.pinchScale = scale
                if rotation != 0 { effects.append(session.rotate(by: rotation * .pi / 180, aboutX: x, y: y)) }
                dispatch(effects)
            }
        }
        pointer.onEvent = { [unowned self] event in handlePointer(event) }
    }

    private func handlePointer(_ event: WlPointer.Event) {
        let mouse = devices.mouse
        switch event {
        case .enter(let serial, let surface, let x, let y):
            let onShadow = window.isShadow(surface)
            let origin = onShadow ? WindowShadow.origin : 0
            devices.mouse.onShadow = onShadow
            devices.mouse.enterSerial = serial
            devices.mouse.x = x + origin
            devices.mouse.y = y + origin
            devices.cursorSurfaces.pointerShape = nil
            setPointerCursor()
        case .leave:
            devices.mouse.contactButton = nil
            if !mouse.onShadow { handle(mouseEvent(.leave, time: 0, serial: 0)) }
            devices.mouse.onShadow = false
        case .motion(let time, let x, let y):
            let origin = mouse.onShadow ? WindowShadow.origin : 0
            devices.mouse.x = x + origin
            devices.mouse.y = y + origin
            if !mouse.onShadow {
                handle(mouseEvent(mouse.contactButton == nil ? .hover : .move, time: time, serial: 0))
            }
            setPointerCursor()
        case .button(let serial, _, let button, let state) where mouse.onShadow:
            // The shadow is the window's border: a press there resizes the window from the nearest edge.
            if state == .pressed, button == ButtonCode.left, let edge = shadowEdge {
                var effects = Effects()
                effects.requests.append(.resizeWindow(serial: serial, edge: edge))
                dispatch(effects)
            }
        case .button(let serial, let time, let button, let state):
            if state == .pressed, mouse.contactButton == nil {
                devices.mouse.contactButton = button
                handle(mouseEvent(.down, time: time, serial: serial, button: button))
            } else if state == .released, button == mouse.contactButton {
                devices.mouse.contactButton = nil
                handle(mouseEvent(.up, time: time, serial: serial, button: button))
            }
        case .axis(_, let axis, let value):
            let vertical = axis == .verticalScroll
            dispatch(
                session.scroll(
                    dx: vertical ? 0 : value, dy: vertical ? value : 0,
                    zooming: vertical && devices.keyboard?.control == true, atX: mouse.x, y: mouse.y))
        default:
            break
        }
    }

    func mouseEvent(_ phase: InputEvent.Phase, time: UInt32, serial: UInt32, button: UInt32? = nil)
        -> InputEvent
    {
        let held = button ?? devices.mouse.contactButton
        let buttons: InputEvent.Buttons =
            switch held {
            case ButtonCode.left: .primary
            case ButtonCode.right: .secondary
            case ButtonCode.middle: .middle
            default: []
            }
        return InputEvent(
            device: .mouse, phase: phase, tool: .mouse, x: devices.mouse.x, y: devices.mouse.y, buttons: buttons,
            time: UInt64(time) * 1000, received: MonotonicClock.microseconds(), serial: serial)
    }

    /// The XCursor theme's arrow over the window's controls, its crosshair over the drawing (libwayland-cursor); set
    /// again only when the shape changes, or on entering (each enter has its own serial).
    private func setPointerCursor() {
        let mouse = devices.mouse
        let edge = mouse.onShadow ? shadowEdge : session.resizeEdge(x: mouse.x, y: mouse.y)
        let shape =
            edge?.cursorName ?? (session.pointsAtControls(x: mouse.x, y: mouse.y) ? "left_ptr" : "crosshair")
        guard shape != devices.cursorSurfaces.pointerShape, let pointer = devices.pointer,
            let surface = cursorImage(shape, into: pointerCursorSurface())
        else { return }
        devices.cursorSurfaces.pointerShape = shape
        pointer.setCursor(
            serial: devices.mouse.enterSerial, surface: surface.surface, hotspotX: surface.hotspotX,
            hotspotY: surface.hotspotY)
    }

    /// The edge the pointer on the shadow is at (the shadow's input region is a band along the window's edges).
    private var shadowEdge: WindowEdge? {
        let size = window.metrics
        return WindowEdge.at(x: devices.mouse.x, y: devices.mouse.y, width: size.width, height: size.height)
    }

    private func pointerCursorSurface() -> WlSurface? {
        if let existing = devices.cursorSurfaces.pointer { return existing }
        let surface = globals.compositor.createSurface()
        devices.cursorSurfaces.pointer = surface
        return surface
    }

    /// Attaches the theme's cursor `name` (its arrow where the theme lacks it) to `surface`; returns it with its
    /// hotspot.
    func cursorImage(_ name: String, into surface: WlSurface?)
        -> (surface: WlSurface, hotspotX: Int32, hotspotY: Int32)?
    {
        guard let surface, let shmProxy = globals.shm.proxy else { return nil }
        let cursors = devices.cursorSurfaces
        if cursors.theme == nil { cursors.theme = wl_cursor_theme_load(nil, 24, shmProxy) }
        guard let theme = cursors.theme else { return nil }
        let cursor = wl_cursor_theme_get_cursor(theme, name) ?? wl_cursor_theme_get_cursor(theme, "left_ptr")
        guard let cursor, cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
            let buffer = wl_cursor_image_get_buffer(image)
        else { return nil }
        surface.attach(buffer: connection.foreign(buffer, WlBuffer.self), x: 0, y: 0)
        surface.damage(x: 0, y: 0, width: Int32(image.pointee.width), height: Int32(image.pointee.height))
        surface.commit()
        return (surface, Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
    }

    // MARK: - Keyboard

    func setUpKeyboard(_ keyboardObject: WlKeyboard) {
        devices.keyboardObject = keyboardObject
        keyboardObject.onEvent = { [unowned self] event in
            switch event {
            case .keymap(let format, let fd, let size):
                if format == .xkbV1, let keyboard = devices.keyboard {
                    if !keyboard.load(fd: fd, size: size) { log("the compositor's keymap could not be read") }
                } else {
                    close(fd)
                }
            case .modifiers(_, let depressed, let latched, let locked, let group):
                devices.keyboard?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            case .key(let serial, _, let key, let state):
                devices.transfer.inputSerial = serial
                guard let keyboard = devices.keyboard, let symbol = keyboard.keysym(for: key) else { return }
                // Escape stops a time-lapse being made before it does anything else.
                if symbol == 0xff1b, state == .pressed, timeLapse?.cancel() == true { return }
                dispatch(
                    session.handle(
                        KeyEvent(
                            keysym: symbol, text: keyboard.text(for: key), pressed: state == .pressed,
                            control: keyboard.control, shift: keyboard.shift)))
            case .leave:
                dispatch(session.keyboardLeft())
            default:
                break
            }
        }
    }

    // MARK: - Touch

    func setUpTouch(_ touch: WlTouch) {
        devices.touch = touch
        touch.onEvent = { [unowned self] event in
            let now = MonotonicClock.microseconds()
            func finger(_ id: Int32, _ phase: InputEvent.Phase, time: UInt32, serial: UInt32 = 0) -> InputEvent {
                let point = devices.fingers[id] ?? (0, 0)
                return InputEvent(
                    device: .touch(id), phase: phase, tool: .finger, x: point.x, y: point.y, time: UInt64(time) * 1000,
                    received: now, serial: serial)
            }
            switch event {
            case .down(let serial, let time, let surface, let id, let x, let y):
                // A finger on the window's shadow is on the desktop's side of the window: it does nothing.
                guard !window.isShadow(surface) else { return }
                devices.fingers[id] = (x, y)
                handle(finger(id, .down, time: time, serial: serial))
            case .motion(let time, let id, let x, let y):
                guard devices.fingers[id] != nil else { return }
                devices.fingers[id] = (x, y)
                handle(finger(id, .move, time: time))
            case .up(_, let time, let id):
                guard devices.fingers[id] != nil else { return }
                handle(finger(id, .up, time: time))
                devices.fingers[id] = nil
            case .cancel:
                for id in devices.fingers.keys.sorted() { handle(finger(id, .cancel, time: 0)) }
                devices.fingers = [:]
            default:
                break
            }
        }
    }

    // MARK: - Devices that go

    /// The mouse went: a drag in progress ends as if released, then the pointer (and its pinch recognizer) is given
    /// back (wl_pointer.release from version 3; forgotten before that).
    func releasePointer() {
        if devices.mouse.contactButton != nil {
            devices.mouse.contactButton = nil
            handle(mouseEvent(.leave, time: 0, serial: 0))
        }
        devices.pinch?.destroy()
        devices.pinch = nil
        if let pointer = devices.pointer {
            if pointer.version >= 3 { pointer.release() } else { pointer.destroyLocally() }
        }
        devices.pointer = nil
    }

    /// The keyboard went: a held space (panning) is let go, and the keyboard given back.
    func releaseKeyboard() {
        dispatch(session.keyboardLeft())
        if let keyboard = devices.keyboardObject {
            if keyboard.version >= 3 { keyboard.release() } else { keyboard.destroyLocally() }
        }
        devices.keyboardObject = nil
    }

    /// The touchscreen went: fingers down are lifted where they were (a stroke they drew is kept), and the touch
    /// object given back.
    func releaseTouch() {
        for (id, point) in devices.fingers.sorted(by: { $0.key < $1.key }) {
            handle(
                InputEvent(
                    device: .touch(id), phase: .up, tool: .finger, x: point.x, y: point.y,
                    received: MonotonicClock.microseconds()))
        }
        devices.fingers = [:]
        if let touch = devices.touch {
            if touch.version >= 3 { touch.release() } else { touch.destroyLocally() }
        }
        devices.touch = nil
    }
}
