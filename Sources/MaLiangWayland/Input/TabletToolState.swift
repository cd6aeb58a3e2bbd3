import MaLiangCore
import MaLiangEditor

/// One tablet tool's protocol events gathered into frames, the way the tablet protocol means them: everything up
/// to `frame` is one hardware state change, in no fixed order (mutter sends pressure after motion).
///
/// Handles the pitfalls: axis-only frames are samples; tip, proximity and buttons are tri-state per frame; state
/// is reset at proximity out; a missing `frame` after proximity out is made up when the next proximity in comes;
/// a tool removed (or whose tablet is) while in proximity leaves in a final frame, and a proximity_out after that is
/// not a second leaving.
package struct TabletToolState {
    package enum Event: Equatable {
        case proximityIn(serial: UInt32)
        case proximityOut
        case down(serial: UInt32)
        case up
        /// Surface coordinates.
        case motion(x: Double, y: Double)
        /// 0…65535.
        case pressure(UInt32)
        /// 0…65535.
        case distance(UInt32)
        case tilt(x: Double, y: Double)
        case rotation(Double)
        case button(UInt32, pressed: Bool)
        case frame(time: UInt32)
        /// The tool, or the tablet it is on, went away.
        case removed
    }

    package enum Change: Equatable {
        case unchanged
        case began
        case ended
    }

    /// One hardware state change.
    package struct Frame: Equatable {
        package var proximity = Change.unchanged
        package var contact = Change.unchanged
        package var moved = false
        /// Surface coordinates of the tool now.
        package var x = 0.0
        package var y = 0.0
        /// 0…1.
        package var pressure = 0.0
        package var distance: Double?
        package var tiltX: Double?
        package var tiltY: Double?
        package var rotation: Double?
        package var pressed: [UInt32] = []
        package var released: [UInt32] = []
        /// Milliseconds, compositor clock.
        package var time: UInt32 = 0
        /// Serial of the proximity_in, for set_cursor.
        package var proximitySerial: UInt32 = 0
        /// After this frame.
        package var inProximity = false
        package var isDown = false
    }

    private var pending = Frame()

    package init() {}
    private var hasPending = false
    /// What the tool is like after the last frame.
    package private(set) var current = Frame()
    package private(set) var buttonsHeld: Set<UInt32> = []

    /// Feeds one event; returns the frames it completes (zero, one, or two when a frame was missing).
    package mutating func handle(_ event: Event) -> [Frame] {
        var finished: [Frame] = []
        switch event {
        case .proximityIn(let serial):
            if hasPending && pending.proximity == .ended, let frame = commit(time: pending.time) {
                finished.append(frame)
            }
            start()
            pending.proximity = .began
            pending.proximitySerial = serial
        case .proximityOut:
            guard current.inProximity || (hasPending && pending.proximity == .began) else { break }
            start()
            pending.proximity = .ended
        case .down:
            start()
            pending.contact = .began
        case .up:
            start()
            pending.contact = .ended
        case .motion(let x, let y):
            start()
            pending.x = x
            pending.y = y
            pending.moved = true
        case .pressure(let value):
            start()
            pending.pressure = Double(min(value, 65535)) / 65535
        case .distance(let value):
            start()
            pending.distance = Double(min(value, 65535)) / 65535
        case .tilt(let x, let y):
            start()
            pending.tiltX = x
            pending.tiltY = y
        case .rotation(let degrees):
            start()
            pending.rotation = degrees
        case .button(let button, let pressed):
            start()
            if pressed {
                pending.pressed.append(button)
            } else {
                pending.released.append(button)
            }
        case .frame(let time):
            if let frame = commit(time: time) { finished.append(frame) }
        case .removed:
            // Leave proximity (and lift the tip) in a last frame if the compositor did not.
            if hasPending, let frame = commit(time: pending.time) { finished.append(frame) }
            if current.inProximity {
                start()
                pending.proximity = .ended
                if let frame = commit(time: current.time) { finished.append(frame) }
            }
        }
        return finished
    }

    /// Begins collecting a frame from the current state.
    private mutating func start() {
        guard !hasPending else { return }
        pending = current
        pending.proximity = .unchanged
        pending.contact = .unchanged
        pending.moved = false
        pending.pressed = []
        pending.released = []
        hasPending = true
    }

    private mutating func commit(time: UInt32) -> Frame? {
        guard hasPending else { return nil }
        hasPending = false
        var frame = pending
        frame.time = time
        if frame.proximity == .began { frame.inProximity = true }
        if frame.contact == .began { frame.isDown = true }
        if frame.contact == .ended { frame.isDown = false }
        buttonsHeld.formUnion(frame.pressed)
        buttonsHeld.subtract(frame.released)
        if frame.proximity == .ended {
            // Leaving proximity ends contact and every button: nothing may stay stuck (Qt's bug).
            if frame.isDown { frame.contact = .ended }
            frame.released += buttonsHeld.filter { !frame.released.contains($0) }
            frame.inProximity = false
            frame.isDown = false
            buttonsHeld = []
            current = Frame()
            current.time = time
            return frame
        }
        current = frame
        return frame
    }
}

extension TabletToolState.Frame {
    /// The editing core's events for this frame, in order: hover (entering, or moving in the air), a barrel-button
    /// press, the contact beginning, moving (a frame in contact is a sample, even one that only changed pressure)
    /// or ending (after its last move), and leaving.
    package func inputEvents(
        device: Int, tool: ToolKind, buttonsHeld: Set<UInt32>, serial: UInt32, hardwareSerial: UInt64?,
        received: UInt64
    ) -> [InputEvent] {
        var buttons: InputEvent.Buttons = []
        if buttonsHeld.contains(ButtonCode.stylus) { buttons.insert(.barrelLower) }
        func event(_ phase: InputEvent.Phase) -> InputEvent {
            InputEvent(
                device: .tool(device), phase: phase, tool: tool, x: x, y: y, pressure: pressure, tiltX: tiltX,
                tiltY: tiltY, rotation: rotation, distance: distance, buttons: buttons, time: UInt64(time) * 1000,
                received: received, serial: serial, hardwareSerial: hardwareSerial)
        }
        var events: [InputEvent] = []
        if proximity == .began || (moved && !isDown && contact == .unchanged) { events.append(event(.hover)) }
        if pressed.contains(ButtonCode.stylus2) { events.append(event(.buttonPressed(.barrelUpper))) }
        switch contact {
        case .began:
            events.append(event(.down))
        case .ended:
            if moved { events.append(event(.move)) }
            events.append(event(.up))
        case .unchanged:
            if isDown { events.append(event(.move)) }
        }
        if proximity == .ended { events.append(event(.leave)) }
        return events
    }
}
