import MaLiangEditor
import WaylandClient

/// One tablet pad as the compositor announced it — its groups of buttons, rings and strips, each group's mode — and
/// where each ring and strip is in the frame being assembled. What the controls do is the mapping's.
final class PadState {
    /// A group: controls that switch modes together.
    final class Group {
        let group: ZwpTabletPadGroupV2
        var buttons: [UInt32] = []
        var rings: [ZwpTabletPadRingV2] = []
        var strips: [ZwpTabletPadStripV2] = []
        var mode = 0
        /// Modes the group has (0: none).
        var modes = 0
        /// The last mode switch's serial: feedback must name it.
        var modeSerial: UInt32?

        init(_ group: ZwpTabletPadGroupV2) { self.group = group }
    }

    /// A ring's angle or a strip's position within the frame being assembled, or the finger lifting.
    enum Reading {
        case value(Double)
        case stop
    }

    let pad: ZwpTabletPadV2
    var groups: [Group] = []
    /// Buttons the pad announced.
    var buttonCount = 0
    var mapping = PadMapping.standard
    /// The tablet the pad last entered with, by its settings key.
    var tabletKey: String?
    var dials: [ObjectIdentifier: PadDial] = [:]
    var readings: [ObjectIdentifier: Reading] = [:]

    init(pad: ZwpTabletPadV2) { self.pad = pad }

    /// The pad as its panel shows it, once it knows its tablet.
    var setup: PadSetup? {
        guard let tabletKey else { return nil }
        return PadSetup(
            tablet: tabletKey, buttons: buttonCount, rings: groups.reduce(0) { $0 + $1.rings.count },
            strips: groups.reduce(0) { $0 + $1.strips.count }, modes: groups.map(\.modes).max() ?? 1,
            mapping: mapping)
    }

    /// The steps of the ring or strip `id` in the frame that just ended (its reading taken).
    func steps(of id: ObjectIdentifier, ring: Bool) -> Int {
        guard let reading = readings.removeValue(forKey: id) else { return 0 }
        var dial = dials[id] ?? PadDial()
        defer { dials[id] = dial }
        switch reading {
        case .stop:
            dial.stop()
            return 0
        case .value(let value): return ring ? dial.turn(to: value) : dial.slide(to: value)
        }
    }

    /// The group's button indices from the protocol's array (32-bit, little-endian).
    static func buttons(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count - bytes.count % 4, by: 4).map { start in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[start + $1]) << ($1 * 8) }
        }
    }

    /// Destroys the pad and its groups' rings and strips.
    func destroy() {
        for group in groups {
            for ring in group.rings { ring.destroy() }
            for strip in group.strips { strip.destroy() }
            group.group.destroy()
        }
        pad.destroy()
    }
}
