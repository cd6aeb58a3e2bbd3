import Foundation
import MaLiangCore
import WaylandProtocol

/// A randomized session against a running client: sequences a real compositor could send but rarely does — tools
/// and tablets removed mid-stroke, proximity without frames and frames without proximity, pressure and tilt at
/// and beyond their ranges, ten fingers at once, outputs and seats coming and going, configure storms with tiny
/// and huge sizes, scale changes, drags that pass over without dropping, clipboards emptied, keymaps replaced
/// with garbage, pads plugged and pulled mid-turn with rings, strips and modes beyond their ranges. Everything follows from `seed`: a run that found a fault is replayed by its seed.
///
/// It never creates placed images (no drop, no paste key), so the window shows exactly what the file renders once
/// the session is calmed (``calm(width:height:)``); and it never presses in the title bar right of its first 192 px,
/// nor in the right end of the narrowest the window may be, where a client keeps its menu and close button (new
/// windows and closing are the user's, not chaos).
public final class ChaosPlayer {
    public let seed: UInt64
    /// How often each kind of action was played.
    public private(set) var played: [String: Int] = [:]
    /// Actions the compositor could not carry out (no window mapped, a tool the client has not bound yet).
    public private(set) var skipped = 0

    private let compositor: ScriptedCompositor
    private var random: SplitMix64
    private var tools: [String: Tool] = [:]
    private var tablets: Set<String>
    private var pads: [String] = []
    private var touchesDown: Set<Int32> = []
    private var pointerButtons: Set<UInt32> = []
    private var withdrawn: Set<ScriptedCompositor.Global> = []
    private var nextID = 0
    /// The window's logical size, for coordinates mostly inside it.
    private var width = 1280.0
    private var height = 800.0
    /// The narrowest the window may be now: a client takes a configure when it next draws, so it may still be at any
    /// width asked since the session was last calmed (320, its least, where it chose its own).
    private var narrowest = 1280.0

    private struct Tool {
        var inProximity = false
        var isDown = false
    }

    /// Plays on `compositor`, whose tablet `tablet` already has the tools `tools`.
    public init(
        compositor: ScriptedCompositor, seed: UInt64, tablet: String = "t1", tools: [String] = ["pen", "eraser"]
    ) {
        self.compositor = compositor
        self.seed = seed
        random = SplitMix64(seed: seed)
        tablets = [tablet]
        for tool in tools { self.tools[tool] = Tool() }
    }

    /// Plays one action, then lets the client work for a moment.
    public func step() {
        let actions: [(weight: UInt64, name: String, play: () throws -> Void)] = [
            (26, "stroke", stroke),
            (5, "odd tool order", oddToolOrder),
            (5, "tool and tablet churn", toolChurn),
            (12, "touch", touch),
            (8, "pointer", pointer),
            (8, "keys", keys),
            (4, "configure storm", configureStorm),
            (3, "scale", { self.compositor.setOutputScale(Int32(1 + self.random.next() % 4)) }),
            (3, "output or seat", outputOrSeat),
            (3, "drag or clipboard", dragOrClipboard),
            (2, "keymap", keymap),
            (3, "pad", pad),
        ]
        var pick = random.next() % actions.reduce(0) { $0 + $1.weight }
        var chosen = actions[0]
        for entry in actions {
            if pick < entry.weight {
                chosen = entry
                break
            }
            pick -= entry.weight
        }
        let action = chosen
        played[action.name, default: 0] += 1
        do { try action.play() } catch { skipped += 1 }
        compositor.dispatch(timeoutMilliseconds: Int32(random.next() % 4))
    }

    /// Ends the chaos: tools up and out, fingers lifted, buttons released, the seat and output back, scale 1,
    /// the window `width`×`height` and active, a valid keymap, the tablet "t1" with its "pen".
    public func calm(width: Int32 = 1280, height: Int32 = 800) throws {
        for global in withdrawn { compositor.advertise(global) }
        withdrawn = []
        if !tablets.contains("t1") {
            try compositor.addTablet(TabletSpec(id: "t1"))
            tablets.insert("t1")
        }
        if tools["pen"] == nil {
            try compositor.addTool(ToolSpec(id: "pen"))
            tools["pen"] = Tool()
        }
        compositor.dispatch(timeoutMilliseconds: 50)
        for (id, tool) in tools where tool.inProximity || tool.isDown {
            try? compositor.sendToolFrame(tool: id, (tool.isDown ? [.up] : []) + [.proximityOut])
            tools[id] = Tool()
        }
        if !touchesDown.isEmpty {
            try? compositor.sendTouch(touchesDown.map { TouchEvent.up(id: $0) } + [.frame])
            touchesDown = []
        }
        try? compositor.sendPointer(pointerButtons.map { .button($0, pressed: false) } + [.frame, .leave, .frame])
        pointerButtons = []
        try? compositor.sendKeyboard([.modifiers(depressed: 0, latched: 0, locked: 0, group: 0)])
        compositor.replaceKeymap()
        compositor.setOutputScale(1)
        if let window = compositor.toplevels.last {
            compositor.configure(window, width: width, height: height)
        }
        self.width = Double(width)
        self.height = Double(height)
        narrowest = Double(width)
    }

    /// What was played, for the report.
    public var summary: String {
        played.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; \(skipped) skipped"
    }

    // MARK: - Actions

    private func stroke() throws {
        guard let id = tools.keys.sorted().randomElement(using: &random), let tablet = tablets.sorted().first else {
            return
        }
        var tool = tools[id] ?? Tool()
        defer { tools[id] = tool }
        var (x, y) = pressPoint()
        // A tool already near may hover anywhere (where an earlier stroke wandered): move it to the press point.
        let arrival: [ToolEvent] = tool.inProximity ? [] : [.proximityIn(tablet: tablet)]
        try compositor.sendToolFrame(tool: id, arrival + [.motion(x: x, y: y)])
        tool.inProximity = true
        if !tool.isDown {
            try compositor.sendToolFrame(tool: id, [.down, .pressure(pressure())])
            tool.isDown = true
        }
        for _ in 0..<(2 + random.next() % 40) {
            (x, y) = wandered(from: (x, y), by: 40)
            var events: [ToolEvent] = [.motion(x: x, y: y), .pressure(pressure())]
            if random.next() % 3 == 0 { events.append(.tilt(x: axis(90), y: axis(90))) }
            if random.next() % 5 == 0 { events.append(.rotation(axis(360))) }
            if random.next() % 7 == 0 { events.append(.distance(UInt32(truncatingIfNeeded: random.next()))) }
            try compositor.sendToolFrame(tool: id, events)
        }
        // Most strokes end; some stay down into the next action (which may remove the tool mid-stroke).
        if random.next() % 4 != 0 {
            try compositor.sendToolFrame(tool: id, [.up])
            tool.isDown = false
            if random.next() % 2 == 0 {
                try compositor.sendToolFrame(tool: id, [.proximityOut])
                tool.inProximity = false
            }
        }
    }

    private func oddToolOrder() throws {
        guard let id = tools.keys.sorted().randomElement(using: &random) else { return }
        let (x, y) = point()
        let tablet = tablets.sorted().first
        switch random.next() % 6 {
        case 0: try compositor.sendToolFrame(tool: id, [])  // a frame with nothing before it
        case 1:  // proximity and motion, no frame
            if let tablet {
                try compositor.sendToolFrame(
                    tool: id, [.proximityIn(tablet: tablet), .motion(x: x, y: y)], endFrame: false)
                tools[id]?.inProximity = true
            }
        case 2:  // one frame, pressing where presses may land
            let (x, y) = pressPoint()
            try compositor.sendToolFrame(tool: id, [.motion(x: x, y: y), .down, .motion(x: x, y: y), .up, .down])
            tools[id]?.isDown = true
        case 3: try compositor.sendToolFrame(tool: id, [.up, .proximityOut, .motion(x: x, y: y)])
        case 4:
            let button = [UInt32(0x14b), 0x14c, 0x110, UInt32(truncatingIfNeeded: random.next())][
                Int(random.next() % 4)]
            try compositor.sendToolFrame(tool: id, [.button(button, pressed: random.next() % 2 == 0)])
        default:
            try compositor.sendToolFrame(
                tool: id, [.slider(Int32(truncatingIfNeeded: random.next())), .wheel(degrees: axis(30), clicks: 1)])
        }
    }

    private func toolChurn() throws {
        switch random.next() % 4 {
        case 0:
            if let id = tools.keys.sorted().randomElement(using: &random) {
                try compositor.removeTool(id)
                tools[id] = nil
            }
        case 1:
            nextID += 1
            let kinds: [ZwpTabletToolV2Kind] = [.pen, .eraser, .brush, .pencil, .airbrush, .finger, .mouse, .lens]
            let id = "chaos-tool-\(nextID)"
            try compositor.addTool(ToolSpec(id: id, type: kinds[Int(random.next() % UInt64(kinds.count))]))
            tools[id] = Tool()
        case 2:
            if let id = tablets.sorted().randomElement(using: &random) {
                try compositor.removeTablet(id)
                tablets.remove(id)
            }
        default:
            nextID += 1
            let id = "chaos-tablet-\(nextID)"
            try compositor.addTablet(TabletSpec(id: id))
            tablets.insert(id)
        }
    }

    /// A pad's controls in odd orders and beyond their ranges. Only the buttons that undo, redo and size the brush
    /// (and ones the pad does not have) are pressed, and only the ring and strip modes that size the brush, zoom
    /// and turn the view: the last frame must show what the file renders.
    private func pad() throws {
        if pads.isEmpty || random.next() % 8 == 0 {
            nextID += 1
            let id = "chaos-pad-\(nextID)"
            let groups = (0..<(1 + random.next() % 2)).map { group in
                PadGroupSpec(
                    buttons: (0..<UInt32(4)).map { UInt32(group) * 4 + $0 }, rings: Int(random.next() % 3),
                    strips: Int(random.next() % 3), modes: UInt32(random.next() % 5))
            }
            try compositor.addPad(PadSpec(id: id, buttons: UInt32(groups.count * 4), groups: groups))
            pads.append(id)
            return
        }
        let id = pads[Int(random.next() % UInt64(pads.count))]
        let tablet = tablets.sorted().randomElement(using: &random) ?? "t1"
        let events: [PadEvent]
        switch random.next() % 8 {
        case 0: events = [.enter(tablet: tablet)] + (random.next() % 2 == 0 ? [.modeSwitch(group: 0, mode: 0)] : [])
        case 1: events = [.leave]
        case 2:
            let button: UInt32 = [0, 1, 2, 3, 9_999][Int(random.next() % 5)]
            events =
                [.button(button, pressed: true)] + (random.next() % 4 == 0 ? [] : [.button(button, pressed: false)])
        case 3:
            let degrees = [0, 359.9, 1e6, -720, Double(random.next() % 360)]
            events =
                (0..<(1 + random.next() % 6)).map { _ in .ring(0, degrees: degrees.randomElement(using: &random) ?? 0) }
                + (random.next() % 3 == 0 ? [] : [.ringStop(0)])
        case 4:
            let positions: [UInt32] = [0, 65535, UInt32.max, UInt32(random.next() % 65536)]
            events =
                (0..<(1 + random.next() % 6)).map { _ in
                    .strip(0, position: positions.randomElement(using: &random) ?? 0)
                } + (random.next() % 3 == 0 ? [] : [.stripStop(0)])
        case 5: events = [.modeSwitch(group: 0, mode: UInt32(random.next() % 3))]
        case 6: events = [.ringStop(0), .stripStop(0)]
        default:
            try compositor.removePad(id)
            pads.removeAll { $0 == id }
            return
        }
        try compositor.sendPad(id, events)
    }

    private func touch() throws {
        let fingers = 1 + random.next() % 10
        var events: [TouchEvent] = []
        var positions: [Int32: (Double, Double)] = [:]
        for id in 0..<Int32(fingers) where !touchesDown.contains(id) {
            let (x, y) = pressPoint()
            positions[id] = (x, y)
            events.append(.down(id: id, x: x, y: y))
            touchesDown.insert(id)
        }
        events.append(.frame)
        for _ in 0..<(1 + random.next() % 20) {
            for id in touchesDown.sorted() {
                let (x, y) = positions[id] ?? point()
                let moved = (x + Double(Int(random.next() % 61) - 30), y + Double(Int(random.next() % 61) - 30))
                positions[id] = moved
                events.append(.motion(id: id, x: moved.0, y: moved.1))
            }
            events.append(.frame)
        }
        switch random.next() % 4 {
        case 0:
            events.append(.cancel)
            touchesDown = []
        case 1:
            break  // the fingers stay down into the next action
        default:
            for id in touchesDown.sorted() { events.append(.up(id: id)) }
            events.append(.frame)
            touchesDown = []
        }
        try compositor.sendTouch(events)
    }

    private func pointer() throws {
        var (x, y) = pressPoint()
        var events: [PointerEvent] = [.enter(x: x, y: y), .frame]
        let button = [UInt32(0x110), 0x111, 0x112][Int(random.next() % 3)]
        if random.next() % 2 == 0 {
            events += [.button(button, pressed: true), .frame]
            pointerButtons.insert(button)
        }
        for _ in 0..<(1 + random.next() % 20) {
            (x, y) = wandered(from: (x, y), by: 30)
            events += [.motion(x: x, y: y), .frame]
            if random.next() % 6 == 0 { events += [.axis(vertical: random.next() % 2 == 0, value: axis(60)), .frame] }
        }
        if random.next() % 3 != 0 {
            events += pointerButtons.map { .button($0, pressed: false) } + [.frame]
            pointerButtons = []
        }
        if random.next() % 2 == 0 { events += [.leave, .frame] }
        try compositor.sendPointer(events)
    }

    private func keys() throws {
        // evdev codes: z y 0 1 2 3 5 9 e b p [ ] Delete BackSpace s F11, and some no keyboard has.
        let codes: [UInt32] = [
            44, 21, 11, 2, 3, 4, 6, 10, 18, 48, 25, 26, 27, 111, 14, 31, 87, 0x7FFF_FFF0, 0xFFFF_FFFF,
        ]
        let code = codes[Int(random.next() % UInt64(codes.count))]
        // Shift 1, Control 4 (Control+V and Control+Shift+E — paste, export — are left out: see the type's note).
        var modifiers: UInt32 = [0, 0, 4, 5, 1][Int(random.next() % 5)]
        if code == 18 { modifiers &= 1 }
        // Y alone steps symmetry on, whose guide the last frame would show and a render never does: only Control+Y
        // (redo). Symmetry's own tests and the input-events fuzz target drive it.
        if code == 21 { modifiers |= 4 }
        // S alone takes the selection tool, whose box the last frame would show: only Control+S (save).
        if code == 31 && modifiers & 4 == 0 { modifiers = 4 }
        // Control+Delete clears the drawing: now and then, or the file would mostly end empty.
        if code == 111 && random.next() % 8 != 0 { modifiers &= 1 }
        var events: [KeyboardEvent] = [.enter, .modifiers(depressed: modifiers, latched: 0, locked: 0, group: 0)]
        events += [.key(code, pressed: true)]
        if random.next() % 5 != 0 { events.append(.key(code, pressed: false)) }  // sometimes never released
        if random.next() % 4 == 0 { events.append(.leave) }
        try compositor.sendKeyboard(events)
    }

    private func configureStorm() throws {
        guard let window = compositor.toplevels.last else { return }
        let sizes: [(Int32, Int32)] = [
            (0, 0), (1, 1), (320, 240), (1, 4000), (4000, 1), (16384, 16384), (100_000, 100_000),
        ]
        for _ in 0..<(1 + random.next() % 20) {
            let size =
                random.next() % 2 == 0
                ? sizes[Int(random.next() % UInt64(sizes.count))]
                : (Int32(random.next() % 3000), Int32(random.next() % 3000))
            var states: [XdgToplevelState] = []
            for state in [XdgToplevelState.activated, .maximized, .fullscreen, .resizing] where random.next() % 2 == 0 {
                states.append(state)
            }
            compositor.configure(window, width: size.0, height: size.1, states: states)
            narrowest = min(narrowest, size.0 > 0 ? Double(size.0) : 320)
            if size.0 > 0 && size.1 > 0 {
                width = Double(min(size.0, 3000))
                height = Double(min(size.1, 3000))
            }
        }
    }

    private func outputOrSeat() throws {
        let global: ScriptedCompositor.Global = random.next() % 2 == 0 ? .output : .seat
        if withdrawn.contains(global) {
            compositor.advertise(global)
            withdrawn.remove(global)
        } else {
            compositor.withdraw(global)
            withdrawn.insert(global)
        }
    }

    private func dragOrClipboard() throws {
        let (x, y) = point()
        let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + (0..<64).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        switch random.next() % 3 {
        case 0: try compositor.dragAcross(["image/png": image], x: x, y: y)
        case 1: try compositor.dragAcross(["text/uri-list": Array("file:///nonexistent/a.png\r\n".utf8)], x: x, y: y)
        default:
            try compositor.setSelection(["image/png": image, "text/plain": Array("chaos".utf8)])
            compositor.dispatch(timeoutMilliseconds: Int32(random.next() % 5))
            try compositor.clearSelection()
        }
    }

    private func keymap() throws {
        if random.next() % 2 == 0 {
            compositor.replaceKeymap(
                garbage: (0..<(random.next() % 4096)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        } else {
            compositor.replaceKeymap()
        }
    }

    // MARK: - Values

    /// A position mostly inside the window, sometimes far outside it — never in the top 64 px right of the first
    /// 192, where a client keeps its menu and window buttons at the right end of a title bar whose width the chaos
    /// cannot know (a window narrowed itself to 576 px after a scale change, before a frame said so: an eraser then
    /// pressed its close button, seed 954484085654). Any contact may go down where a pointer, pen or finger last
    /// was, so no position goes there: the menu's New would start windows of their own, and close would end the
    /// session.
    private func point() -> (Double, Double) {
        while true {
            let point = anyPoint()
            if !inKeptCorner(point) { return point }
        }
    }

    /// Whether `point` is where a press could reach the window's menu or buttons (see ``point()``): right of the first
    /// 192 px, or of the 200 px that menu and buttons take at the right end of the narrowest the window may be (a
    /// storm of configures left a window 206 px wide, whose close button a tool then pressed: seed 480905496171).
    private func inKeptCorner(_ point: (Double, Double)) -> Bool {
        point.1 < 64 && point.0 >= min(192, narrowest - 200)
    }

    /// A step of up to `reach` from `point` — where it stays when the step would end in a kept corner, since a
    /// later contact may go down wherever a tool last was (an eraser that wandered into the close button of a
    /// window narrowed by a scale change ended seed 954484085654).
    private func wandered(from point: (Double, Double), by reach: Int) -> (Double, Double) {
        let step = UInt64(2 * reach + 1)
        let next = (
            point.0 + Double(Int(random.next() % step) - reach), point.1 + Double(Int(random.next() % step) - reach)
        )
        return inKeptCorner(next) ? point : next
    }

    private func anyPoint() -> (Double, Double) {
        if random.next() % 20 == 0 {
            let far = [-1e6, -50, 1e6, 32767]
            return (far[Int(random.next() % 4)], far[Int(random.next() % 4)])
        }
        return (Double(random.next() % UInt64(max(width, 1))), Double(random.next() % UInt64(max(height, 1))))
    }

    /// Where a press may begin (any ``point()``).
    private func pressPoint() -> (Double, Double) { point() }

    /// Pressure in protocol units: mostly within 0…65535, sometimes at or far beyond its ends.
    private func pressure() -> UInt32 {
        switch random.next() % 10 {
        case 0: 0
        case 1: 65535
        case 2: UInt32.max
        default: UInt32(random.next() % 65536)
        }
    }

    /// An angle within ±`range`, sometimes far beyond it.
    private func axis(_ range: Double) -> Double {
        let unit = Double(random.next() >> 11) / Double(1 << 53) * 2 - 1
        return random.next() % 8 == 0 ? unit * 1e6 : unit * range
    }
}
