import MaLiang
import WaylandClient

/// One tablet tool (a pen, its eraser end, an airbrush): tablet-v2 sends its axes one event at a time and ends
/// each hardware state with `frame`; this collects them and hands the canvas one ``InputEvent`` per frame.
final class TabletPen {
    private let number: Int
    private let canvas: Canvas
    private var kind: ToolKind = .pen
    private var x = 0.0
    private var y = 0.0
    private var pressure = 0.0
    private var tilt: (x: Double, y: Double)?
    private var rotation: Double?
    private var inProximity = false
    private var touching = false
    /// What the frame changed: contact began, ended, or the tool left.
    private var pending: InputEvent.Phase?

    init(_ tool: ZwpTabletToolV2, number: Int, canvas: Canvas) {
        self.number = number
        self.canvas = canvas
        tool.onEvent = { [unowned self, unowned tool] event in
            switch event {
            case .type(let type): kind = type == .eraser ? .eraser : .pen
            case .proximityIn: inProximity = true
            case .proximityOut: pending = .leave
            case .down: pending = .down
            case .up: pending = .up
            case .motion(let newX, let newY): (x, y) = (newX, newY)
            case .pressure(let value): pressure = Double(value) / 65535
            case .tilt(let tiltX, let tiltY): tilt = (tiltX, tiltY)
            case .rotation(let degrees): rotation = degrees
            case .frame(let time): frame(milliseconds: time)
            case .removed:
                // A tool unplugged in the middle of a stroke: the stroke so far is kept.
                if touching { send(.up, time: 0) }
                tool.destroy()
            default: break
            }
        }
    }

    private func frame(milliseconds: UInt32) {
        let time = UInt64(milliseconds) * 1000
        switch pending {
        case .down?:
            touching = true
            send(.down, time: time)
        case .up?:
            send(.up, time: time)
            touching = false
        case .leave?:
            if touching { send(.up, time: time) }
            touching = false
            inProximity = false
            send(.leave, time: time)
        default:
            if inProximity { send(touching ? .move : .hover, time: time) }
        }
        pending = nil
    }

    private func send(_ phase: InputEvent.Phase, time: UInt64) {
        canvas.handle(
            InputEvent(
                device: .tool(number), phase: phase, tool: kind, x: x, y: y, pressure: pressure, tiltX: tilt?.x,
                tiltY: tilt?.y, rotation: rotation, time: time))
    }
}
