import WaylandClient
import WaylandProtocol

/// The compositor globals the window binds, from one table: each with the oldest version it works with, the
/// newest it speaks, and — for optional ones — what is lost without it. A missing required global or one too old
/// is a clear error naming it; a missing optional one is logged with its fallback.
final class Globals {
    struct Requirement {
        var interface: String
        var minimum: UInt32
        var maximum: UInt32
        /// nil: required. Otherwise what the window does without it.
        var fallback: String?
    }

    static let table: [Requirement] = [
        Requirement(interface: WlCompositor.interfaceName, minimum: 1, maximum: 5, fallback: nil),
        Requirement(interface: WlShm.interfaceName, minimum: 1, maximum: 1, fallback: nil),
        Requirement(interface: XdgWmBase.interfaceName, minimum: 1, maximum: 5, fallback: nil),
        Requirement(interface: WlSeat.interfaceName, minimum: 1, maximum: 7, fallback: "no input devices"),
        Requirement(
            interface: ZwpTabletManagerV2.interfaceName, minimum: 1, maximum: 1,
            fallback: "no pen tablets (a pen still works as a mouse)"),
        Requirement(
            interface: WlDataDeviceManager.interfaceName, minimum: 1, maximum: 3,
            fallback: "no drag and drop, no paste"),
        Requirement(
            interface: ZxdgDecorationManagerV1.interfaceName, minimum: 1, maximum: 1,
            fallback: "the toolbar is the title bar"),
        Requirement(
            interface: WpViewporter.interfaceName, minimum: 1, maximum: 1, fallback: "integer scales only"),
        Requirement(
            interface: WpFractionalScaleManagerV1.interfaceName, minimum: 1, maximum: 1,
            fallback: "integer scales only"),
        Requirement(
            interface: ZwpPointerGesturesV1.interfaceName, minimum: 1, maximum: 1, fallback: "no touchpad pinch"),
        Requirement(interface: WlOutput.interfaceName, minimum: 1, maximum: 4, fallback: "scale 1"),
        Requirement(
            interface: ZxdgExporterV2.interfaceName, minimum: 1, maximum: 1,
            fallback: "file dialogs are not tied to the window"),
        Requirement(
            interface: ZwpTextInputManagerV3.interfaceName, minimum: 1, maximum: 1,
            fallback: "no on-screen keyboard: names and colours are typed with keys"),
        Requirement(
            interface: WlSubcompositor.interfaceName, minimum: 1, maximum: 1,
            fallback: "our own decorations have no shadow"),
        // Bound only without the second version (mutter 43 offers only this one); without either, the second's
        // note says what is lost.
        Requirement(interface: ZxdgExporterV1.interfaceName, minimum: 1, maximum: 1, fallback: nil),
    ]

    struct MissingGlobal: Error, CustomStringConvertible {
        var description: String
    }

    let registry: WaylandRegistry
    let compositor: WlCompositor
    let shm: WlShm
    let wmBase: XdgWmBase
    private(set) var decorationManager: ZxdgDecorationManagerV1?
    private(set) var viewporter: WpViewporter?
    private(set) var fractionalScaleManager: WpFractionalScaleManagerV1?
    private(set) var gestures: ZwpPointerGesturesV1?
    /// Hands out a handle of the window that another program's window (a file dialog) can be made a child of.
    private(set) var exporter: ZxdgExporterV2?
    /// The same, from a compositor that offers only xdg-foreign's first version.
    private(set) var exporterV1: ZxdgExporterV1?
    /// Words from on-screen keyboards and other input methods.
    private(set) var textInputManager: ZwpTextInputManagerV3?
    /// Places surfaces on the window: the shadow of our own decorations.
    private(set) var subcompositor: WlSubcompositor?
    /// Lines for the log: optional globals missing, and what that costs.
    private(set) var notes: [String] = []

    /// Binds the required globals (throwing a clear error when one is missing or too old) and the optional ones
    /// present now. Seats, tablet managers, data device managers and outputs come and go: see ``bind(_:_:)``.
    init(registry: WaylandRegistry) throws(MissingGlobal) {
        self.registry = registry
        compositor = try Self.required(registry, WlCompositor.self)
        shm = try Self.required(registry, WlShm.self)
        wmBase = try Self.required(registry, XdgWmBase.self)
        decorationManager = optional(ZxdgDecorationManagerV1.self)
        viewporter = optional(WpViewporter.self)
        fractionalScaleManager = optional(WpFractionalScaleManagerV1.self)
        gestures = optional(ZwpPointerGesturesV1.self)
        exporter = optional(ZxdgExporterV2.self)
        if exporter == nil { exporterV1 = optional(ZxdgExporterV1.self) }
        textInputManager = optional(ZwpTextInputManagerV3.self)
        subcompositor = optional(WlSubcompositor.self)
        for requirement in Self.table where requirement.fallback != nil {
            let name = requirement.interface
            if name == ZxdgExporterV2.interfaceName, exporterV1 != nil {
                notes.append("the compositor has no \(name): file dialogs are tied through zxdg_exporter_v1")
            } else if !registry.globals.values.contains(where: { $0.interface == name }) {
                notes.append("the compositor has no \(name): \(requirement.fallback ?? "")")
            }
        }
        if compositor.version < 3 {
            notes.append("wl_compositor is version \(compositor.version): no buffer scale, so scale 1")
        }
    }

    /// Binds `global` as `type` within its table versions; nil (with a note) when it is older than the minimum.
    func bind<Object: WaylandObject & WaylandInterface>(_ global: WaylandRegistry.Global, _ type: Object.Type)
        -> Object?
    {
        guard let requirement = Self.table.first(where: { $0.interface == Object.interfaceName }) else { return nil }
        guard global.version >= requirement.minimum else {
            notes.append(
                "\(global.interface) is version \(global.version), older than \(requirement.minimum): "
                    + (requirement.fallback ?? "unusable"))
            return nil
        }
        return registry.bind(global, type, maximumVersion: requirement.maximum)
    }

    private func optional<Object: WaylandObject & WaylandInterface>(_ type: Object.Type) -> Object? {
        registry.first(type).flatMap { bind($0, type) }
    }

    private static func required<Object: WaylandObject & WaylandInterface>(
        _ registry: WaylandRegistry, _ type: Object.Type
    ) throws(MissingGlobal) -> Object {
        let name = Object.interfaceName
        guard let requirement = table.first(where: { $0.interface == name }) else {
            throw MissingGlobal(description: "\(name) is not in the table of globals")
        }
        guard let global = registry.first(type) else {
            throw MissingGlobal(
                description: "the compositor does not offer \(name), which MaLiang needs for its window")
        }
        guard global.version >= requirement.minimum else {
            throw MissingGlobal(
                description:
                    "the compositor offers \(name) version \(global.version); MaLiang needs version \(requirement.minimum) or newer"
            )
        }
        return registry.bind(global, type, maximumVersion: requirement.maximum)
    }
}
