import CWaylandCursor
import Foundation
import MaLiang
import WaylandClient
import WaylandProtocol

extension PaintingApp {
    // MARK: - Pointer (mouse, touchpad)

    func setUpPointer(_ pointer: WlPointer) {
        self.pointer = pointer
        if let gestures {
            let pinch = gestures.getPinchGesture(pointer: pointer)
            pinch.onEvent = { [unowned self] event in
                switch event {
                case .begin: pointerState.pinchScale = 1
                case .update(_, let dx, let dy, let scale, let rotation):
                    let s = window?.scale ?? 1
                    pan(byX: dx * s, y: dy * s)
                    if scale > 0 {
                        zoom(by: scale / pointerState.pinchScale, aboutX: pointerState.x * s, y: pointerState.y * s)
                    }
                    pointerState.pinchScale = scale
                    if rotation != 0 {
                        rotate(by: rotation * .pi / 180, aboutX: pointerState.x * s, y: pointerState.y * s)
                    }
                case .end: break
                }
            }
        }
        pointer.onEvent = { [unowned self] event in handlePointer(event) }
    }

    private func handlePointer(_ event: WlPointer.Event) {
        let scale = window?.scale ?? 1
        switch event {
        case .enter(let serial, _, let x, let y):
            pointerState.enterSerial = serial
            pointerState.x = x
            pointerState.y = y
            setPointerCursor()
        case .leave:
            if pointerState.drawing {
                endStroke()
                pointerState.drawing = false
            }
            pointerState.panning = false
        case .motion(let time, let x, let y):
            let dx = (x - pointerState.x) * scale
            let dy = (y - pointerState.y) * scale
            pointerState.x = x
            pointerState.y = y
            if pointerState.panning {
                pan(byX: dx, y: dy)
            } else if chartletDrag != nil {
                continueChartletDrag(to: documentPoint(surfaceX: x, surfaceY: y))
            } else if pointerState.drawing {
                continueStroke(
                    InputSample(
                        position: documentPoint(surfaceX: x, surfaceY: y), time: UInt64(time) * 1000, tool: .mouse))
            }
        case .button(let serial, let time, let button, let state):
            latestSerial = serial
            let pressed = state == .pressed
            if pressed, button == ButtonCode.left, toolbar.contains(y: pointerState.y) {
                toolbarPress(x: pointerState.x, y: pointerState.y, serial: serial)
                return
            }
            let point = documentPoint(surfaceX: pointerState.x, surfaceY: pointerState.y)
            switch (button, pressed) {
            case (ButtonCode.left, true) where pointerState.spaceHeld, (ButtonCode.middle, true):
                pointerState.panning = true
            case (ButtonCode.right, true):
                _ = selectChartlet(at: point)
            case (ButtonCode.left, true) where beginChartletDrag(at: point):
                break
            case (ButtonCode.left, false) where chartletDrag != nil:
                endChartletDrag()
            case (ButtonCode.left, true):
                pointerState.drawing = true
                beginStroke(
                    at: point, sample: InputSample(position: point, time: UInt64(time) * 1000, tool: .mouse),
                    eraser: false)
            case (ButtonCode.left, false) where pointerState.drawing:
                pointerState.drawing = false
                endStroke()
            case (ButtonCode.left, false), (ButtonCode.middle, false):
                pointerState.panning = false
            default: break
            }
        case .axis(_, let axis, let value):
            if keyboard?.control == true, axis == .verticalScroll {
                zoom(by: pow(1.0015, -value * 10), aboutX: pointerState.x * scale, y: pointerState.y * scale)
            } else if axis == .verticalScroll {
                pan(byX: 0, y: -value * scale)
            } else {
                pan(byX: -value * scale, y: 0)
            }
        default: break
        }
    }

    /// A press on the toolbar: a button, or — with our own decorations — a drag that moves the window.
    func toolbarPress(x: Double, y: Double, serial: UInt32) {
        guard let window else { return }
        let showsClose = !window.serverSideDecorations
        if let action = toolbar.action(atX: x, y: y, width: Double(window.width), showsClose: showsClose) {
            perform(action)
        } else if showsClose, let seat {
            // A second press within 400 ms maximizes (or restores); a single one starts moving the window.
            if let last = lastTitlePress, ContinuousClock.now - last < .milliseconds(400) {
                lastTitlePress = nil
                window.toggleMaximized()
            } else {
                lastTitlePress = .now
                window.toplevel.move(seat: seat, serial: serial)
            }
        }
    }

    /// The crosshair from the XCursor theme (libwayland-cursor).
    private func setPointerCursor() {
        guard let pointer, let surface = cursorImage(into: pointerCursorSurface()) else { return }
        pointer.setCursor(
            serial: pointerState.enterSerial, surface: surface.surface, hotspotX: surface.hotspotX,
            hotspotY: surface.hotspotY)
    }

    private func pointerCursorSurface() -> WlSurface? {
        if let existing = cursorSurfaces.pointer { return existing }
        let surface = compositor?.createSurface()
        cursorSurfaces.pointer = surface
        return surface
    }

    /// Attaches the theme's crosshair to `surface`; returns it with its hotspot.
    func cursorImage(into surface: WlSurface?) -> (surface: WlSurface, hotspotX: Int32, hotspotY: Int32)? {
        guard let surface, let shm, let shmProxy = shm.proxy else { return nil }
        if cursorSurfaces.theme == nil { cursorSurfaces.theme = wl_cursor_theme_load(nil, 24, shmProxy) }
        guard let theme = cursorSurfaces.theme else { return nil }
        let cursor = wl_cursor_theme_get_cursor(theme, "crosshair") ?? wl_cursor_theme_get_cursor(theme, "left_ptr")
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
        self.keyboardObject = keyboardObject
        keyboardObject.onEvent = { [unowned self] event in
            switch event {
            case .keymap(let format, let fd, let size):
                if format == .xkbV1 { keyboard?.load(fd: fd, size: size) } else { close(fd) }
            case .modifiers(_, let depressed, let latched, let locked, let group):
                keyboard?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            case .key(let serial, _, let key, let state):
                latestSerial = serial
                guard let keyboard else { return }
                let symbol = keyboard.keysym(for: key)
                if symbol == 0x20 {
                    perform(.panHold(state == .pressed))
                    return
                }
                guard state == .pressed,
                    let command = KeyCommand.command(keysym: symbol, control: keyboard.control, shift: keyboard.shift)
                else { return }
                perform(command)
            case .leave: pointerState.spaceHeld = false
            default: break
            }
        }
    }

    // MARK: - Touch

    func setUpTouch(_ touch: WlTouch) {
        self.touch = touch
        touch.onEvent = { [unowned self] event in
            let scale = window?.scale ?? 1
            var outcome = TouchTracker.Outcome.none
            var time: UInt32 = 0
            switch event {
            case .down(let serial, let when, _, let id, let x, let y):
                latestSerial = serial
                time = when
                if toolbar.contains(y: y) && !penActive {
                    toolbarPress(x: x, y: y, serial: serial)
                    return
                }
                outcome = touches.down(id: id, at: .init(x: x, y: y), penActive: penActive)
            case .motion(let when, let id, let x, let y):
                time = when
                outcome = touches.motion(id: id, to: .init(x: x, y: y))
            case .up(_, let when, let id):
                time = when
                outcome = touches.up(id: id)
                if touches.activeCount < 2 && fingersOnChartlet { endTwoFingerChartletGesture() }
            case .cancel:
                outcome = touches.cancel()
            default:
                return
            }
            switch outcome {
            case .none: break
            case .paintBegan(let point):
                let position = documentPoint(surfaceX: point.x, surfaceY: point.y)
                beginStroke(
                    at: position, sample: InputSample(position: position, time: UInt64(time) * 1000, tool: .finger),
                    eraser: false)
            case .paintMoved(let point):
                continueStroke(
                    InputSample(
                        position: documentPoint(surfaceX: point.x, surfaceY: point.y), time: UInt64(time) * 1000,
                        tool: .finger))
            case .paintEnded: endStroke()
            case .paintCancelled:
                canvas.cancelStroke()
                requestFrame()
            case .gesture(let center, let dx, let dy, let factor, let rotation):
                // Two fingers on the selected image move, scale and turn it; anywhere else, the view.
                if transformSelectedChartlet(center: center, dx: dx, dy: dy, factor: factor, rotation: rotation) {
                    break
                }
                pan(byX: dx * scale, y: dy * scale)
                zoom(by: factor, aboutX: center.x * scale, y: center.y * scale)
                if rotation != 0 { rotate(by: rotation, aboutX: center.x * scale, y: center.y * scale) }
            }
        }
    }
}

/// The cursor surfaces: one for the pointer, and a separate one per tablet tool (kept on the tool).
final class CursorSurfaces {
    var pointer: WlSurface?
    var theme: OpaquePointer?

    func destroyTheme() {
        if let theme { wl_cursor_theme_destroy(theme) }
        theme = nil
    }

    deinit { destroyTheme() }
}
