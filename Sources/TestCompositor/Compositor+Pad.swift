import WaylandProtocol
import WaylandServer

/// A tablet's pad the script plugs in: buttons, and groups of buttons, rings and strips that switch modes together.
public struct PadSpec: Equatable, Sendable {
    public var id: String
    public var buttons: UInt32
    public var groups: [PadGroupSpec]
    public var path = "/dev/input/event-scripted-pad"

    /// A pad of `buttons` buttons in one group, with `rings` rings, `strips` strips and `modes` modes.
    public init(id: String, buttons: UInt32 = 8, rings: Int = 1, strips: Int = 0, modes: UInt32 = 4) {
        self.id = id
        self.buttons = buttons
        groups = [PadGroupSpec(buttons: Array(0..<buttons), rings: rings, strips: strips, modes: modes)]
    }

    public init(id: String, buttons: UInt32, groups: [PadGroupSpec]) {
        self.id = id
        self.buttons = buttons
        self.groups = groups
    }
}

/// A group of a pad: its buttons (by index), how many rings and strips it has, how many modes (0: none).
public struct PadGroupSpec: Equatable, Sendable {
    public var buttons: [UInt32]
    public var rings: Int
    public var strips: Int
    public var modes: UInt32

    public init(buttons: [UInt32], rings: Int = 0, strips: Int = 0, modes: UInt32 = 0) {
        self.buttons = buttons
        self.rings = rings
        self.strips = strips
        self.modes = modes
    }
}

/// One thing a pad does. Rings and strips are numbered across the pad, in group order.
public enum PadEvent: Equatable, Sendable {
    /// The pad's focus comes to the focused window, for the tablet with this script id.
    case enter(tablet: String)
    case leave
    case button(UInt32, pressed: Bool)
    /// A finger on ring `index` at `degrees` (clockwise from the top), in a frame of its own.
    case ring(Int, degrees: Double)
    /// The finger left ring `index`.
    case ringStop(Int)
    /// A finger on strip `index` at `position` (0 at the top or left … 65535).
    case strip(Int, position: UInt32)
    case stripStop(Int)
    /// Group `group` switches to `mode`, with a fresh serial.
    case modeSwitch(group: Int, mode: UInt32)
}

/// What a client asked the compositor to show for a pad's controls (the on-screen display of their actions), taken
/// only with the serial of the group's last mode switch, as the protocol says.
public struct PadFeedback: Equatable, Sendable {
    public var buttons: [UInt32: String] = [:]
    public var rings: [Int: String] = [:]
    public var strips: [Int: String] = [:]
    /// Requests that named a serial other than their group's last mode switch.
    public var stale = 0
}

final class ScriptedPad {
    let spec: PadSpec
    /// Per tablet seat: the pad and its groups, rings and strips.
    var resources: [ObjectIdentifier: PadResources] = [:]
    /// Each group's last mode-switch serial.
    var modeSerials: [UInt32]
    var feedback = PadFeedback()

    struct PadResources {
        var pad: ZwpTabletPadV2Resource
        var groups: [ZwpTabletPadGroupV2Resource] = []
        var rings: [ZwpTabletPadRingV2Resource] = []
        var strips: [ZwpTabletPadStripV2Resource] = []
    }

    init(spec: PadSpec) {
        self.spec = spec
        modeSerials = Array(repeating: 0, count: spec.groups.count)
    }

    /// The group ring or strip `index` (numbered across the pad) belongs to.
    func group(ofRing index: Int) -> Int? { group(of: index, counting: \.rings) }
    func group(ofStrip index: Int) -> Int? { group(of: index, counting: \.strips) }
    func group(ofButton button: UInt32) -> Int? { spec.groups.firstIndex { $0.buttons.contains(button) } }

    private func group(of index: Int, counting count: KeyPath<PadGroupSpec, Int>) -> Int? {
        var first = 0
        for (group, spec) in spec.groups.enumerated() {
            if index < first + spec[keyPath: count] { return group }
            first += spec[keyPath: count]
        }
        return nil
    }
}

extension ScriptedCompositor {
    /// Plugs in a pad: every tablet seat, now and later, learns of it.
    public func addPad(_ spec: PadSpec) throws {
        guard !tablet.pads.contains(where: { $0.spec.id == spec.id }) else {
            throw CompositorError("pad \"\(spec.id)\" already exists")
        }
        let pad = ScriptedPad(spec: spec)
        tablet.pads.append(pad)
        for seat in tablet.seats { announce(pad, on: seat) }
        flush()
    }

    public func removePad(_ id: String) throws {
        guard let index = tablet.pads.firstIndex(where: { $0.spec.id == id }) else {
            throw CompositorError("no pad \"\(id)\"")
        }
        for resources in tablet.pads[index].resources.values { resources.pad.removed() }
        tablet.pads.remove(at: index)
        flush()
    }

    /// What the client asked to show for pad `id`'s controls.
    public func padFeedback(_ id: String) -> PadFeedback? { tablet.pads.first { $0.spec.id == id }?.feedback }

    /// Sends `events` of pad `id` to the focused window's client, in this order.
    public func sendPad(_ id: String, _ events: [PadEvent]) throws {
        guard let pad = tablet.pads.first(where: { $0.spec.id == id }) else {
            throw CompositorError("no pad \"\(id)\"")
        }
        guard let focus = focusedToplevel else { throw CompositorError("no mapped window for pad \"\(id)\"") }
        let client = focus.surface.resource.client
        guard let seat = tablet.seats.first(where: { $0.client == client }),
            let resources = pad.resources[ObjectIdentifier(seat)]
        else { throw CompositorError("the window's client has no tablet seat knowing pad \"\(id)\"") }
        for event in events {
            switch event {
            case .enter(let tabletID):
                guard let scripted = tablet.tablets.first(where: { $0.spec.id == tabletID }),
                    let tabletResource = scripted.resources[ObjectIdentifier(seat)]
                else { throw CompositorError("no tablet \"\(tabletID)\" for the pad's enter") }
                resources.pad.enter(
                    serial: display.nextSerial(), tablet: tabletResource, surface: focus.surface.resource)
            case .leave: resources.pad.leave(serial: display.nextSerial(), surface: focus.surface.resource)
            case .button(let button, let pressed):
                resources.pad.button(time: nowMilliseconds(), button: button, state: pressed ? .pressed : .released)
            case .ring(let index, let degrees):
                guard index < resources.rings.count else { throw CompositorError("pad \"\(id)\" has no ring \(index)") }
                resources.rings[index].source(source: .finger)
                resources.rings[index].angle(degrees: degrees)
                resources.rings[index].frame(time: nowMilliseconds())
            case .ringStop(let index):
                guard index < resources.rings.count else { throw CompositorError("pad \"\(id)\" has no ring \(index)") }
                resources.rings[index].stop()
                resources.rings[index].frame(time: nowMilliseconds())
            case .strip(let index, let position):
                guard index < resources.strips.count else {
                    throw CompositorError("pad \"\(id)\" has no strip \(index)")
                }
                resources.strips[index].source(source: .finger)
                resources.strips[index].position(position: position)
                resources.strips[index].frame(time: nowMilliseconds())
            case .stripStop(let index):
                guard index < resources.strips.count else {
                    throw CompositorError("pad \"\(id)\" has no strip \(index)")
                }
                resources.strips[index].stop()
                resources.strips[index].frame(time: nowMilliseconds())
            case .modeSwitch(let group, let mode):
                guard group < resources.groups.count else {
                    throw CompositorError("pad \"\(id)\" has no group \(group)")
                }
                let serial = display.nextSerial()
                pad.modeSerials[group] = serial
                resources.groups[group].modeSwitch(time: nowMilliseconds(), serial: serial, mode: mode)
            }
        }
        flush()
    }

    func announce(_ pad: ScriptedPad, on seat: ZwpTabletSeatV2Resource) {
        let resource = seat.padAdded()
        var resources = ScriptedPad.PadResources(pad: resource)
        resource.onRequest = { [weak pad] request in
            guard let pad, case .setFeedback(let button, let description, let serial) = request else { return }
            if let group = pad.group(ofButton: button), pad.modeSerials[group] == serial {
                pad.feedback.buttons[button] = description
            } else {
                pad.feedback.stale += 1
            }
        }
        resource.path(path: pad.spec.path)
        resource.buttons(buttons: pad.spec.buttons)
        var ringIndex = 0
        var stripIndex = 0
        for (groupIndex, group) in pad.spec.groups.enumerated() {
            let groupResource = resource.group()
            groupResource.onRequest = { _ in }
            groupResource.buttons(
                buttons: group.buttons.flatMap { button in (0..<4).map { UInt8(truncatingIfNeeded: button >> ($0 * 8)) }
                })
            for _ in 0..<group.rings {
                let ring = groupResource.ring()
                let index = ringIndex
                ring.onRequest = { [weak pad] request in
                    guard let pad, case .setFeedback(let description, let serial) = request else { return }
                    if pad.modeSerials[groupIndex] == serial {
                        pad.feedback.rings[index] = description
                    } else {
                        pad.feedback.stale += 1
                    }
                }
                resources.rings.append(ring)
                ringIndex += 1
            }
            for _ in 0..<group.strips {
                let strip = groupResource.strip()
                let index = stripIndex
                strip.onRequest = { [weak pad] request in
                    guard let pad, case .setFeedback(let description, let serial) = request else { return }
                    if pad.modeSerials[groupIndex] == serial {
                        pad.feedback.strips[index] = description
                    } else {
                        pad.feedback.stale += 1
                    }
                }
                resources.strips.append(strip)
                stripIndex += 1
            }
            if group.modes > 0 { groupResource.modes(modes: group.modes) }
            groupResource.done()
            resources.groups.append(groupResource)
        }
        resource.done()
        pad.resources[ObjectIdentifier(seat)] = resources
    }
}
