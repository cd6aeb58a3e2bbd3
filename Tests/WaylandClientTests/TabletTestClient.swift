import TestCompositor
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

/// A client that binds the seat and the tablet manager in whatever order they come, creates the tablet seat once
/// both exist, and writes down every tablet event it decodes.
final class TabletTestClient {
    let session: ScriptedSession
    var seat: WlSeat?
    var manager: ZwpTabletManagerV2?
    var tabletSeat: ZwpTabletSeatV2?
    var tools: [ZwpTabletToolV2] = []
    var tablets: [ZwpTabletV2] = []
    var log: [String] = []
    var window: ShmWindow?

    init(session: ScriptedSession) {
        self.session = session
        let registry = session.registry
        for global in registry.globals.values.sorted(by: { $0.name < $1.name }) { consider(global) }
        registry.onGlobal = { [unowned self] global in consider(global) }
    }

    private func consider(_ global: WaylandRegistry.Global) {
        switch global.interface {
        case WlSeat.interfaceName where seat == nil:
            seat = session.registry.bind(global, WlSeat.self)
            seat?.onEvent = { _ in }
        case ZwpTabletManagerV2.interfaceName where manager == nil:
            manager = session.registry.bind(global, ZwpTabletManagerV2.self, maximumVersion: 1)
        default: return
        }
        guard let seat, let manager, tabletSeat == nil else { return }
        let tabletSeat = manager.getTabletSeat(seat: seat)
        self.tabletSeat = tabletSeat
        tabletSeat.onEvent = { [unowned self] event in
            switch event {
            case .tabletAdded(let tablet):
                tablets.append(tablet)
                tablet.onEvent = { [unowned self, unowned tablet] event in
                    log.append("tablet \(event)")
                    if case .removed = event {
                        tablet.destroy()
                        tablets.removeAll { $0 === tablet }
                    }
                }
            case .toolAdded(let tool):
                tools.append(tool)
                tool.onEvent = { [unowned self, unowned tool] event in
                    log.append(describe(event))
                    if case .removed = event {
                        tool.destroy()
                        tools.removeAll { $0 === tool }
                    }
                }
            case .padAdded(let pad):
                pad.onEvent = { _ in }
            }
        }
    }

    private func describe(_ event: ZwpTabletToolV2.Event) -> String {
        switch event {
        case .proximityIn(_, let tablet, let surface):
            "proximity_in tablet:\(tablets.contains { $0 === tablet }) surface:\(surface === window?.surface)"
        case .down: "down"
        case .frame: "frame"
        case .button(_, let button, let state): "button \(button) \(state)"
        default: "\(event)"
        }
    }

    /// Maps a window so the compositor has somewhere to send input.
    func mapWindow() throws {
        let window = ShmWindow(try ShmWindow.globals(session.registry))
        self.window = window
        guard try session.pump(until: { window.configureCount > 0 }) else { throw ScriptedSession.SessionTimeout() }
        try window.present(color: 0xFFFF_FFFF)
        guard try session.pump(until: { self.session.compositor.focusedToplevel != nil }) else {
            throw ScriptedSession.SessionTimeout()
        }
    }
}
