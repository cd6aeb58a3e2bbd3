import Foundation
import Testing
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

/// The bindings against the compositors people use, each started headless. A compositor that cannot start is a
/// failure carrying its log, never a skip.
@Suite(.serialized) struct RealCompositorTests {
    @Test(arguments: HeadlessCompositor.Kind.allCases)
    func mapsAWindowPresentsAndGetsAFrameCallback(kind: HeadlessCompositor.Kind) throws {
        let compositor = try HeadlessCompositor(kind)
        defer { compositor.stop() }
        let connection = try WaylandConnection(name: compositor.socketPath)
        defer { connection.close() }
        let loop = EventLoop(connection: connection)
        let registry = WaylandRegistry(connection: connection)
        try connection.roundtrip()
        let interfaces = Set(registry.globals.values.map(\.interface))
        for required in ["wl_compositor", "wl_shm", "xdg_wm_base"] {
            #expect(interfaces.contains(required), "\(kind) lacks \(required); it offers \(interfaces.sorted())")
        }

        let window = ShmWindow(try ShmWindow.globals(registry), title: "MaLiang on \(kind)")
        let configured = try loop.run(until: { window.configureCount > 0 }, timeout: .seconds(10))
        #expect(configured, "\(kind) never configured the window; log:\n\(compositor.log)")
        try window.present(color: 0xFF33_6699)
        let framed = try loop.run(until: { window.frameCallbacksDone > 0 }, timeout: .seconds(10))
        #expect(framed, "\(kind) sent no frame callback; log:\n\(compositor.log)")

        if let managerGlobal = registry.first(ZwpTabletManagerV2.self), let seatGlobal = registry.first(WlSeat.self) {
            let seat = registry.bind(seatGlobal, WlSeat.self)
            seat.onEvent = { _ in }
            let manager = registry.bind(managerGlobal, ZwpTabletManagerV2.self, maximumVersion: 1)
            #expect(manager.version == 1)
            let tabletSeat = manager.getTabletSeat(seat: seat)
            tabletSeat.onEvent = { event in
                switch event {
                case .tabletAdded(let tablet): tablet.onEvent = { _ in }
                case .toolAdded(let tool): tool.onEvent = { _ in }
                case .padAdded(let pad): pad.onEvent = { _ in }
                }
            }
            try connection.roundtrip()
            #expect(tabletSeat.isAlive)
        } else {
            // weston 10 has no tablet support (and, headless, no seat at all).
            #expect(kind == .weston, "\(kind) was expected to offer zwp_tablet_manager_v2 and wl_seat")
        }
        window.destroy()
        try connection.roundtrip()
        #expect(compositor.isRunning)
    }
}
