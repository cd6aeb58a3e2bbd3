import Foundation
import MaLiangEditor
import MaLiangStore
import Testing
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

extension PaintingWindowOnRealCompositorsTests {
    /// On sway a small input method (zwp_input_method_v2, as an on-screen keyboard is one) types a layer's name: sway
    /// activates it when the window enables text input for the name, hands it the name, and the words it commits
    /// come back as the field's new text.
    @Test func onSwayAnInputMethodTypesALayersName() throws {
        let compositor = try HeadlessCompositor(.sway)
        defer { compositor.stop() }
        // The input method first: sway tells it when a text input wants one.
        let keyboard = try WaylandConnection(name: compositor.socketPath)
        defer { keyboard.close() }
        let registry = WaylandRegistry(connection: keyboard)
        try keyboard.roundtrip()
        let manager = registry.bind(
            try #require(registry.first(ZwpInputMethodManagerV2.self)), ZwpInputMethodManagerV2.self)
        let seat = registry.bind(try #require(registry.first(WlSeat.self)), WlSeat.self)
        seat.onEvent = { _ in }
        let method = manager.getInputMethod(seat: seat)
        var state = (active: false, text: "", dones: UInt32(0))
        var pending = state
        method.onEvent = { event in
            switch event {
            case .activate: pending.active = true
            case .deactivate: pending.active = false
            case .surroundingText(let text, _, _): pending.text = text
            case .done:
                pending.dones += 1
                state = pending
            default: break
            }
        }
        try keyboard.roundtrip()
        func waitForInputMethod(_ condition: () -> Bool) throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(20)
            while !condition() && ContinuousClock.now < deadline {
                try keyboard.roundtrip()
                usleep(20_000)
            }
            return condition()
        }

        let app = try App(on: compositor)
        #expect(app.waitFor("presented"), "\(app.output)")
        #expect(!app.output.contains("no on-screen keyboard"), "\(app.output)")
        let pointer = try VirtualPointerDriver(socket: compositor.socketPath)
        usleep(500_000)  // the app binds the pointer the seat now has
        // The layer panel from the menu (800 px has no room for its button on the strip), then a press on the
        // current layer's name starts typing one.
        let layout = ToolbarLayout(width: 800, height: 600, showsClose: false)
        let more = try #require(layout.buttons.first { $0.action == .more })
        let layers = try #require(layout.menu.first { $0.action == .layers })
        try pointer.click(more.x + 20, 24)
        try pointer.click(layers.x + 20, layers.y + 20)
        let panel = LayerPanel(windowWidth: 800, windowHeight: 600)
        let row = panel.shown(panel.row(0))
        try pointer.click(row.x + row.width / 2, row.y + row.height / 2)
        #expect(
            try waitForInputMethod { state.active && state.text == "Layer 1" },
            "not activated with the name: \(state); \(app.output)")

        method.deleteSurroundingText(beforeLength: 7, afterLength: 0)
        method.commitString(text: "Sky")
        method.commit(serial: state.dones)
        #expect(try waitForInputMethod { state.text == "Sky" }, "the name did not become Sky: \(state)")
        app.process.terminate()
        #expect(app.waitForExit() == 0, "\(app.output)")
    }
}

/// Clicks sway's pointer through zwlr_virtual_pointer_v1 from a connection of its own, on an 800×600 output.
final class VirtualPointerDriver {
    private let connection: WaylandConnection
    private let pointer: ZwlrVirtualPointerV1
    private var time: UInt32 = 1

    init(socket: String) throws {
        connection = try WaylandConnection(name: socket)
        let registry = WaylandRegistry(connection: connection)
        try connection.roundtrip()
        let manager = registry.bind(
            try #require(registry.first(ZwlrVirtualPointerManagerV1.self)), ZwlrVirtualPointerManagerV1.self)
        let seat = registry.bind(try #require(registry.first(WlSeat.self)), WlSeat.self)
        seat.onEvent = { _ in }
        pointer = manager.createVirtualPointer(seat: seat)
        try connection.roundtrip()
    }

    deinit { connection.close() }

    /// Moves to (x, y) output pixels, with a frame.
    func move(_ x: Double, _ y: Double) throws {
        pointer.motionAbsolute(time: time, x: UInt32(max(x, 0)), y: UInt32(max(y, 0)), xExtent: 800, yExtent: 600)
        pointer.frame()
        time += 16
        try connection.roundtrip()
        usleep(15_000)
    }

    /// A left click at (x, y).
    func click(_ x: Double, _ y: Double) throws {
        try move(x, y)
        pointer.button(time: time, button: 0x110, state: .pressed)
        pointer.frame()
        try connection.roundtrip()
        usleep(50_000)
        pointer.button(time: time + 40, button: 0x110, state: .released)
        pointer.frame()
        time += 80
        try connection.roundtrip()
        usleep(200_000)
    }
}
