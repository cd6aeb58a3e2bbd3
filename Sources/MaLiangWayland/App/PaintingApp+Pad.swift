import MaLiangEditor
import MaLiangStore
import WaylandClient
import WaylandProtocol

/// Tablet pads: each button performs its action, each ring and strip changes its mode's setting a step at a time
/// (``PadMapping``, ``PadDial``), and the compositor is told each control's action after every mode switch
/// (`set_feedback`), so the desktop's on-screen display names them.
extension PaintingApp {
    func setUpPad(_ pad: ZwpTabletPadV2) {
        let state = PadState(pad: pad)
        devices.pads[ObjectIdentifier(pad)] = state
        pad.onEvent = { [unowned self, unowned state] event in
            switch event {
            case .group(let object):
                let group = PadState.Group(object)
                state.groups.append(group)
                object.onEvent = { [unowned self, unowned state, unowned group] event in
                    handleGroup(event, group, of: state)
                }
            case .enter(_, let tablet, _):
                // The pad works as its tablet was set up; the desktop learns of it at once where it can.
                let key = devices.tabletKeys[ObjectIdentifier(tablet)]
                guard key != state.tabletKey else { return }
                state.tabletKey = key
                state.mapping = key.flatMap { keptPadMappings()[$0] } ?? .standard
                for group in state.groups {
                    if let serial = group.modeSerial { tellActions(of: group, on: state, serial: serial) }
                }
                dispatch(session.padConnected(state.setup))
            case .buttons(let count): state.buttonCount = Int(count)
            case .button(_, let button, .pressed):
                if let command = state.mapping.button(Int(button)).command { dispatch(session.perform(command)) }
            case .removed:
                state.destroy()
                devices.pads[ObjectIdentifier(pad)] = nil
                // The panel shows a pad still plugged in, if any.
                dispatch(session.padConnected(devices.pads.values.compactMap(\.setup).first))
            default: break
            }
        }
    }

    private func handleGroup(_ event: ZwpTabletPadGroupV2.Event, _ group: PadState.Group, of state: PadState) {
        switch event {
        case .buttons(let bytes): group.buttons = PadState.buttons(bytes)
        case .ring(let ring):
            group.rings.append(ring)
            let id = ObjectIdentifier(ring)
            ring.onEvent = { [unowned self, unowned state, unowned group] event in
                switch event {
                case .angle(let degrees): state.readings[id] = .value(degrees)
                case .stop: state.readings[id] = .stop
                case .frame:
                    let steps = state.steps(of: id, ring: true)
                    dispatch(session.turnDial(state.mapping.ring(mode: group.mode), steps: steps))
                case .source: break
                }
            }
        case .strip(let strip):
            group.strips.append(strip)
            let id = ObjectIdentifier(strip)
            strip.onEvent = { [unowned self, unowned state, unowned group] event in
                switch event {
                case .position(let position): state.readings[id] = .value(Double(position))
                case .stop: state.readings[id] = .stop
                case .frame:
                    // Positive down the strip; up it is larger, closer, further round.
                    let steps = state.steps(of: id, ring: false)
                    dispatch(session.turnDial(state.mapping.strip(mode: group.mode), steps: -steps))
                case .source: break
                }
            }
        case .modeSwitch(_, let serial, let mode):
            group.mode = Int(mode)
            group.modeSerial = serial
            tellActions(of: group, on: state, serial: serial)
            if !group.rings.isEmpty || !group.strips.isEmpty {
                let ring = state.mapping.ring(mode: group.mode).name
                let strip = state.mapping.strip(mode: group.mode).name
                let words = [
                    group.rings.isEmpty ? nil : "ring: \(ring)", group.strips.isEmpty ? nil : "strip: \(strip)",
                ]
                applier.post(
                    StatusMessage(
                        .info, "Pad mode \(group.mode + 1) — \(words.compactMap { $0 }.joined(separator: ", "))"))
            }
        case .modes(let count): group.modes = Int(count)
        case .done: break
        }
    }

    /// The pads of `tablet` do what `mapping` says from now on (the desktop is told), and it is kept for that tablet.
    func usePadMapping(_ mapping: PadMapping, for tablet: String) {
        for state in devices.pads.values where state.tabletKey == tablet {
            state.mapping = mapping
            for group in state.groups {
                if let serial = group.modeSerial { tellActions(of: group, on: state, serial: serial) }
            }
        }
        var kept = keptPadMappings()
        kept[tablet] = mapping
        do throws(StoreError) { try desktop.padSettings.save(kept) } catch {
            applier.post(StatusMessage(.error, "The pad's settings are not kept: \(error.message)"))
        }
    }

    /// The pads' settings kept, by tablet; none when they cannot be read (the status strip says why).
    func keptPadMappings() -> [String: PadMapping] {
        do throws(StoreError) { return try desktop.padSettings.load() } catch {
            applier.post(StatusMessage(.warning, "The pad settings are not used: \(error.message)"))
            return [:]
        }
    }

    /// Names each control's action to the compositor, with the serial of the group's mode switch.
    private func tellActions(of group: PadState.Group, on state: PadState, serial: UInt32) {
        for button in group.buttons {
            state.pad.setFeedback(button: button, description: state.mapping.button(Int(button)).name, serial: serial)
        }
        for ring in group.rings {
            ring.setFeedback(description: state.mapping.ring(mode: group.mode).name, serial: serial)
        }
        for strip in group.strips {
            strip.setFeedback(description: state.mapping.strip(mode: group.mode).name, serial: serial)
        }
    }
}
