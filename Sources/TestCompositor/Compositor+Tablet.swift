import WaylandProtocol
import WaylandServer

/// A tablet the script plugged in.
public struct TabletSpec: Equatable, Sendable {
    public var id: String
    public var name: String = "Scripted Tablet"
    public var vendorID: UInt32 = 0x056a
    public var productID: UInt32 = 0x0357
    public var path: String? = "/dev/input/event-scripted"

    public init(id: String) { self.id = id }
}

/// A tablet tool the script brings into use.
public struct ToolSpec: Equatable, Sendable {
    public var id: String
    public var type: ZwpTabletToolV2Kind = .pen
    public var hardwareSerial: UInt64? = 0x1234_5678
    public var wacomID: UInt64? = 0x802
    public var capabilities: [ZwpTabletToolV2Capability] = [.pressure, .tilt, .distance, .rotation]

    public init(id: String, type: ZwpTabletToolV2Kind = .pen) {
        self.id = id
        self.type = type
    }
}

/// One event of a tablet tool frame, in protocol units.
public enum ToolEvent: Equatable, Sendable {
    /// Into proximity of the focused window, over the tablet with this script id.
    case proximityIn(tablet: String)
    case proximityOut
    case down
    case up
    /// Surface coordinates.
    case motion(x: Double, y: Double)
    /// 0…65535.
    case pressure(UInt32)
    /// 0…65535.
    case distance(UInt32)
    /// Degrees.
    case tilt(x: Double, y: Double)
    /// Degrees.
    case rotation(Double)
    case slider(Int32)
    case wheel(degrees: Double, clicks: Int32)
    /// A Linux input code (BTN_STYLUS = 0x14b).
    case button(UInt32, pressed: Bool)
}

final class ScriptedTablet {
    let spec: TabletSpec
    var resources: [ObjectIdentifier: ZwpTabletV2Resource] = [:]
    init(spec: TabletSpec) { self.spec = spec }
}

final class ScriptedTool {
    let spec: ToolSpec
    var resources: [ObjectIdentifier: ZwpTabletToolV2Resource] = [:]
    /// The surface the client set as this tool's cursor, if any.
    var cursor: WlSurfaceResource?
    var cursorSetCount = 0
    var proximitySerial: UInt32 = 0
    init(spec: ToolSpec) { self.spec = spec }
}

struct TabletState {
    var seats: [ZwpTabletSeatV2Resource] = []
    var tablets: [ScriptedTablet] = []
    var tools: [ScriptedTool] = []
    var pads: [ScriptedPad] = []
}

extension ScriptedCompositor {
    func advertiseTabletManager() -> any WithdrawableGlobal {
        WaylandGlobal<ZwpTabletManagerV2Resource>(display, version: options.version(of: .tabletManager, newest: 1)) {
            [unowned self] manager in
            manager.onRequest = { [unowned self] request in
                guard case .getTabletSeat(let seat, _) = request else { return }
                tablet.seats.append(seat)
                commitsBeforeLastTabletSeat = commitCount
                let key = ObjectIdentifier(seat)
                seat.onDestroy = { [unowned self] in tablet.seats.removeAll { ObjectIdentifier($0) == key } }
                seat.onRequest = { _ in }
                for scripted in tablet.tablets { announce(scripted, on: seat) }
                for tool in tablet.tools { announce(tool, on: seat) }
                for pad in tablet.pads { announce(pad, on: seat) }
                flush()
            }
        }
    }

    /// Number of tablet seats clients have created.
    public var tabletSeatCount: Int { tablet.seats.count }

    /// Plugs in a tablet: every tablet seat, now and later, learns of it.
    public func addTablet(_ spec: TabletSpec) throws {
        guard !tablet.tablets.contains(where: { $0.spec.id == spec.id }) else {
            throw CompositorError("tablet \"\(spec.id)\" already exists")
        }
        let scripted = ScriptedTablet(spec: spec)
        tablet.tablets.append(scripted)
        for seat in tablet.seats { announce(scripted, on: seat) }
        flush()
    }

    /// Brings a tool into use: every tablet seat, now and later, learns of it.
    public func addTool(_ spec: ToolSpec) throws {
        guard !tablet.tools.contains(where: { $0.spec.id == spec.id }) else {
            throw CompositorError("tool \"\(spec.id)\" already exists")
        }
        let tool = ScriptedTool(spec: spec)
        tablet.tools.append(tool)
        for seat in tablet.seats { announce(tool, on: seat) }
        flush()
    }

    /// Sends `removed` for the tool — exactly that, even while it is in proximity.
    public func removeTool(_ id: String) throws {
        guard let index = tablet.tools.firstIndex(where: { $0.spec.id == id }) else {
            throw CompositorError("no tool \"\(id)\"")
        }
        for resource in tablet.tools[index].resources.values { resource.removed() }
        tablet.tools.remove(at: index)
        flush()
    }

    public func removeTablet(_ id: String) throws {
        guard let index = tablet.tablets.firstIndex(where: { $0.spec.id == id }) else {
            throw CompositorError("no tablet \"\(id)\"")
        }
        for resource in tablet.tablets[index].resources.values { resource.removed() }
        tablet.tablets.remove(at: index)
        flush()
    }

    /// The surface the client made the cursor of tool `id`, and how often it set one.
    public func toolCursor(_ id: String) -> (surface: Surface?, setCount: Int) {
        guard let tool = tablet.tools.first(where: { $0.spec.id == id }) else { return (nil, 0) }
        return (tool.cursor.flatMap { surface(for: $0) }, tool.cursorSetCount)
    }

    /// Sends `events` to the focused window's client in exactly this order, then `frame(time)` unless `endFrame`
    /// is false (a compositor that forgets it).
    public func sendToolFrame(tool id: String, _ events: [ToolEvent], time: UInt32? = nil, endFrame: Bool = true) throws
    {
        guard let tool = tablet.tools.first(where: { $0.spec.id == id }) else {
            throw CompositorError("no tool \"\(id)\"")
        }
        guard let focus = focusedToplevel else { throw CompositorError("no mapped window for tool \"\(id)\"") }
        let client = focus.surface.resource.client
        guard let seat = tablet.seats.first(where: { $0.client == client }),
            let resource = tool.resources[ObjectIdentifier(seat)]
        else { throw CompositorError("the window's client has no tablet seat knowing tool \"\(id)\"") }
        for event in events {
            switch event {
            case .proximityIn(let tabletID):
                guard let scripted = tablet.tablets.first(where: { $0.spec.id == tabletID }),
                    let tabletResource = scripted.resources[ObjectIdentifier(seat)]
                else { throw CompositorError("no tablet \"\(tabletID)\" for proximity_in") }
                tool.proximitySerial = display.nextSerial()
                resource.proximityIn(
                    serial: tool.proximitySerial, tablet: tabletResource, surface: focus.surface.resource)
            case .proximityOut: resource.proximityOut()
            case .down: resource.down(serial: display.nextSerial())
            case .up: resource.up()
            case .motion(let x, let y): resource.motion(x: x, y: y)
            case .pressure(let value): resource.pressure(pressure: value)
            case .distance(let value): resource.distance(distance: value)
            case .tilt(let x, let y): resource.tilt(tiltX: x, tiltY: y)
            case .rotation(let degrees): resource.rotation(degrees: degrees)
            case .slider(let position): resource.slider(position: position)
            case .wheel(let degrees, let clicks): resource.wheel(degrees: degrees, clicks: clicks)
            case .button(let button, let pressed):
                resource.button(serial: display.nextSerial(), button: button, state: pressed ? .pressed : .released)
            }
        }
        if endFrame { resource.frame(time: time ?? nowMilliseconds()) }
        flush()
    }

    private func announce(_ scripted: ScriptedTablet, on seat: ZwpTabletSeatV2Resource) {
        let resource = seat.tabletAdded()
        resource.onRequest = { _ in }
        scripted.resources[ObjectIdentifier(seat)] = resource
        resource.name(name: scripted.spec.name)
        resource.id(vid: scripted.spec.vendorID, pid: scripted.spec.productID)
        if let path = scripted.spec.path { resource.path(path: path) }
        resource.done()
    }

    private func announce(_ tool: ScriptedTool, on seat: ZwpTabletSeatV2Resource) {
        let resource = seat.toolAdded()
        tool.resources[ObjectIdentifier(seat)] = resource
        // Weak: the script may forget the tool (removed) before the client destroys its object.
        resource.onRequest = { [unowned self, weak tool] request in
            guard let tool, case .setCursor(let serial, let surface, _, _) = request, serial == tool.proximitySerial
            else {
                return
            }
            tool.cursor = surface
            tool.cursorSetCount += 1
            if let surface { self.surface(for: surface)?.role = "tablet cursor" }
        }
        resource.type(toolType: tool.spec.type)
        if let serial = tool.spec.hardwareSerial {
            resource.hardwareSerial(
                hardwareSerialHi: UInt32(truncatingIfNeeded: serial >> 32),
                hardwareSerialLo: UInt32(truncatingIfNeeded: serial))
        }
        if let wacom = tool.spec.wacomID {
            resource.hardwareIdWacom(
                hardwareIdHi: UInt32(truncatingIfNeeded: wacom >> 32), hardwareIdLo: UInt32(truncatingIfNeeded: wacom))
        }
        for capability in tool.spec.capabilities { resource.capability(capability: capability) }
        resource.done()
    }
}
