import Foundation
import WaylandProtocol

extension ScriptStep {
    init(key: String, value: ScriptValue) throws(ScriptError) {
        let line = value.line
        switch key {
        case "wait":
            let name = try value.string()
            guard let condition = Condition(rawValue: name) else {
                throw value.fail("unknown wait condition \"\(name)\"")
            }
            self = .wait(condition)
        case "sleep_ms":
            self = .sleep(milliseconds: try value.integer(Int.self))
        case "add_global":
            let name = try value.string()
            guard let global = ScriptedCompositor.Global(rawValue: name) else {
                throw value.fail("unknown global \"\(name)\"")
            }
            self = .addGlobal(global)
        case "tablet": self = .tablet(try Self.tablet(value.object(), line: line))
        case "tool": self = .tool(try Self.tool(value.object(), line: line))
        case "remove_tool": self = .removeTool(try value.string())
        case "remove_tablet": self = .removeTablet(try value.string())
        case "frame":
            let fields = try value.object()
            var events: [ToolEvent] = []
            for event in try fields.required("events", line: line).array() { events.append(try Self.toolEvent(event)) }
            self = .toolFrame(
                tool: try fields.required("tool", line: line).string(), events: events,
                time: try fields["time"].map { value throws(ScriptError) in try value.integer(UInt32.self) },
                endFrame: try fields["end"]?.bool() ?? true)
        case "pointer":
            var events: [PointerEvent] = []
            for event in try value.array() { events.append(try Self.pointerEvent(event)) }
            self = .pointer(events)
        case "keyboard":
            var events: [KeyboardEvent] = []
            for event in try value.array() { events.append(try Self.keyboardEvent(event)) }
            self = .keyboard(events)
        case "touch":
            var events: [TouchEvent] = []
            for event in try value.array() { events.append(try Self.touchEvent(event)) }
            self = .touch(events)
        case "configure":
            let fields = try value.object()
            var states: [XdgToplevelState] = []
            for name in try fields["states"]?.strings() ?? ["activated"] {
                guard let state = Self.toplevelStates[name] else {
                    throw value.fail("unknown toplevel state \"\(name)\"")
                }
                states.append(state)
            }
            self = .configure(
                width: try fields.required("width", line: line).integer(),
                height: try fields.required("height", line: line).integer(),
                states: states)
        case "close": self = .close
        case "clock_ns": self = .clock(nanoseconds: try value.integer(UInt64.self))
        case "dump": self = .dump(path: try value.string())
        default: throw value.fail("unknown action \"\(key)\"")
        }
    }

    static let toplevelStates: [String: XdgToplevelState] = [
        "maximized": .maximized, "fullscreen": .fullscreen, "resizing": .resizing, "activated": .activated,
    ]

    static let toolTypes: [String: ZwpTabletToolV2Kind] = [
        "pen": .pen, "eraser": .eraser, "brush": .brush, "pencil": .pencil, "airbrush": .airbrush, "finger": .finger,
        "mouse": .mouse, "lens": .lens,
    ]

    static let capabilities: [String: ZwpTabletToolV2Capability] = [
        "tilt": .tilt, "pressure": .pressure, "distance": .distance, "rotation": .rotation, "slider": .slider,
        "wheel": .wheel,
    ]

    /// Stylus button names (Linux input codes BTN_STYLUS, BTN_STYLUS2, BTN_STYLUS3).
    static let buttons: [String: UInt32] = [
        "stylus": 0x14b, "stylus2": 0x14c, "stylus3": 0x149, "left": 0x110, "right": 0x111, "middle": 0x112,
    ]

    private static func tablet(_ fields: [String: ScriptValue], line: Int) throws(ScriptError) -> TabletSpec {
        var spec = TabletSpec(id: try fields.required("id", line: line).string())
        if let name = fields["name"] { spec.name = try name.string() }
        if let vid = fields["vid"] { spec.vendorID = try vid.integer() }
        if let pid = fields["pid"] { spec.productID = try pid.integer() }
        if let path = fields["path"] { spec.path = path.raw is NSNull ? nil : try path.string() }
        return spec
    }

    private static func tool(_ fields: [String: ScriptValue], line: Int) throws(ScriptError) -> ToolSpec {
        var spec = ToolSpec(id: try fields.required("id", line: line).string())
        if let typeValue = fields["type"] {
            let name = try typeValue.string()
            guard let type = toolTypes[name] else { throw ScriptError(line: line, "unknown tool type \"\(name)\"") }
            spec.type = type
        }
        if let serial = fields["serial"] { spec.hardwareSerial = serial.raw is NSNull ? nil : try serial.integer() }
        if let wacom = fields["wacom_id"] { spec.wacomID = wacom.raw is NSNull ? nil : try wacom.integer() }
        if let names = fields["capabilities"] {
            spec.capabilities = []
            for name in try names.strings() {
                guard let capability = capabilities[name] else {
                    throw ScriptError(line: line, "unknown capability \"\(name)\"")
                }
                spec.capabilities.append(capability)
            }
        }
        return spec
    }

    private static func button(_ value: ScriptValue) throws(ScriptError) -> UInt32 {
        if let name = value.raw as? String {
            guard let code = buttons[name] else { throw value.fail("unknown button \"\(name)\"") }
            return code
        }
        return try value.integer()
    }

    private static func pressed(_ value: ScriptValue) throws(ScriptError) -> Bool {
        switch try value.string() {
        case "pressed": return true
        case "released": return false
        case let other: throw value.fail("expected \"pressed\" or \"released\", got \"\(other)\"")
        }
    }

    private static func toolEvent(_ value: ScriptValue) throws(ScriptError) -> ToolEvent {
        let (name, a) = try value.event()
        let line = value.line
        switch name {
        case "proximity_in":
            try a.expect(1, for: name, line: line)
            return .proximityIn(tablet: try a[0].string())
        case "proximity_out":
            try a.expect(0, for: name, line: line)
            return .proximityOut
        case "down":
            try a.expect(0, for: name, line: line)
            return .down
        case "up":
            try a.expect(0, for: name, line: line)
            return .up
        case "motion":
            try a.expect(2, for: name, line: line)
            return .motion(x: try a[0].double(), y: try a[1].double())
        case "pressure":
            try a.expect(1, for: name, line: line)
            return .pressure(try a[0].integer())
        case "distance":
            try a.expect(1, for: name, line: line)
            return .distance(try a[0].integer())
        case "tilt":
            try a.expect(2, for: name, line: line)
            return .tilt(x: try a[0].double(), y: try a[1].double())
        case "rotation":
            try a.expect(1, for: name, line: line)
            return .rotation(try a[0].double())
        case "slider":
            try a.expect(1, for: name, line: line)
            return .slider(try a[0].integer())
        case "wheel":
            try a.expect(2, for: name, line: line)
            return .wheel(degrees: try a[0].double(), clicks: try a[1].integer())
        case "button":
            try a.expect(2, for: name, line: line)
            return .button(try button(a[0]), pressed: try pressed(a[1]))
        default:
            throw value.fail("unknown tool event \"\(name)\"")
        }
    }

    private static func pointerEvent(_ value: ScriptValue) throws(ScriptError) -> PointerEvent {
        let (name, a) = try value.event()
        let line = value.line
        switch name {
        case "enter", "motion":
            try a.expect(2, for: name, line: line)
            let (x, y) = (try a[0].double(), try a[1].double())
            return name == "enter" ? .enter(x: x, y: y) : .motion(x: x, y: y)
        case "leave":
            try a.expect(0, for: name, line: line)
            return .leave
        case "button":
            try a.expect(2, for: name, line: line)
            return .button(try button(a[0]), pressed: try pressed(a[1]))
        case "axis":
            try a.expect(2, for: name, line: line)
            let axis = try a[0].string()
            guard axis == "vertical" || axis == "horizontal" else { throw value.fail("axis is vertical or horizontal") }
            return .axis(vertical: axis == "vertical", value: try a[1].double())
        case "frame":
            try a.expect(0, for: name, line: line)
            return .frame
        default:
            throw value.fail("unknown pointer event \"\(name)\"")
        }
    }

    private static func keyboardEvent(_ value: ScriptValue) throws(ScriptError) -> KeyboardEvent {
        let (name, a) = try value.event()
        let line = value.line
        switch name {
        case "enter":
            try a.expect(0, for: name, line: line)
            return .enter
        case "leave":
            try a.expect(0, for: name, line: line)
            return .leave
        case "key":
            try a.expect(2, for: name, line: line)
            return .key(try a[0].integer(), pressed: try pressed(a[1]))
        case "modifiers":
            try a.expect(4, for: name, line: line)
            return .modifiers(
                depressed: try a[0].integer(), latched: try a[1].integer(), locked: try a[2].integer(),
                group: try a[3].integer())
        default:
            throw value.fail("unknown keyboard event \"\(name)\"")
        }
    }

    private static func touchEvent(_ value: ScriptValue) throws(ScriptError) -> TouchEvent {
        let (name, a) = try value.event()
        let line = value.line
        switch name {
        case "down", "motion":
            try a.expect(3, for: name, line: line)
            let (id, x, y): (Int32, Double, Double) = (try a[0].integer(), try a[1].double(), try a[2].double())
            return name == "down" ? .down(id: id, x: x, y: y) : .motion(id: id, x: x, y: y)
        case "up":
            try a.expect(1, for: name, line: line)
            return .up(id: try a[0].integer())
        case "frame":
            try a.expect(0, for: name, line: line)
            return .frame
        case "cancel":
            try a.expect(0, for: name, line: line)
            return .cancel
        default:
            throw value.fail("unknown touch event \"\(name)\"")
        }
    }
}
