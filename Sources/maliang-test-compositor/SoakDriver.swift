import Foundation
import MaLiangCore
import PNGCodec
import TestCompositor

/// Plays a long painting session on the window, one action at a time, from a seed: mostly pen strokes with any of
/// the brushes, then undo and redo, zoom and pan (the view fitted again after), images pasted from the clipboard,
/// dragged and sometimes deleted, and now and then the drawing cleared and the clear undone. Measures the time from
/// each pen sample to the window's next commit.
final class SoakDriver {
    private(set) var played: [String: Int] = [:]
    private let compositor: ScriptedCompositor
    private let client: SoakClient
    private var random: SplitMix64
    private var window: Toplevel?
    private var inputSent: ContinuousClock.Instant?
    private var latencies: [Double] = []
    private let image: [UInt8]

    private enum Key {
        static let z: UInt32 = 44
        static let v: UInt32 = 47
        static let delete: UInt32 = 111
        static let zero: UInt32 = 11
        static let one: UInt32 = 2
        static let shift: UInt32 = 1
        static let control: UInt32 = 4
    }

    init(compositor: ScriptedCompositor, client: SoakClient, seed: UInt64) {
        self.compositor = compositor
        self.client = client
        random = SplitMix64(seed: seed)
        // A 48×48 picture with a gradient, so each paste is a real image to decode, place and save.
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<48 { pixels += [UInt8(x * 5), UInt8(y * 5), 160, 255] }
        }
        image = [UInt8]((try? PNG.encode(PNGImage(width: 48, height: 48, pixels: .rgba8(pixels)))) ?? Data())
    }

    /// Waits for the window, sizes it, plugs in a tablet with a pen, and starts timing commits.
    func start() throws {
        guard pump(until: { self.compositor.clientIsReady }, 60),
            let window = compositor.focusedToplevel
        else { throw SoakError("the client never mapped a window\n\(client.lastOutput)") }
        self.window = window
        compositor.configure(window, width: 1280, height: 800)
        _ = pump(until: { window.image?.width == 1280 }, 20)
        try compositor.addTablet(TabletSpec(id: "t1"))
        try compositor.addTool(ToolSpec(id: "pen"))
        pump(for: 0.5)
        try coverThePage()
        // Every kind of action once, every brush once, so caches and pools the session needs exist before the clock.
        for brush in 0..<7 {
            try key(Key.one + UInt32(brush))
            try stroke()
        }
        try undoAndRedo()
        try zoomAndPan()
        try pasteImage()
        try clearAndUndo()
        compositor.onCommit = { [unowned self] surface in
            guard surface === self.window?.surface, let sent = inputSent else { return }
            latencies.append((ContinuousClock.now - sent).seconds * 1000)
            inputSent = nil
        }
    }

    /// The input → commit times measured since the last call, in milliseconds.
    func takeLatencies() -> [Double] {
        defer { latencies = [] }
        return latencies
    }

    /// Names of the actions played (all of them unless narrowed with ``only``).
    static let actionNames = ["stroke", "brush", "undo and redo", "zoom and pan", "image", "clear and undo"]
    /// Plays only the actions with these names (to find which one a growth comes with).
    var only: Set<String>?

    func playOneAction() throws {
        var actions: [(weight: UInt64, name: String, play: () throws -> Void)] = [
            (70, "stroke", stroke),
            (6, "brush", { try self.key(Key.one + UInt32(self.random.next() % 7)) }),
            (8, "undo and redo", undoAndRedo),
            (6, "zoom and pan", zoomAndPan),
            (4, "image", pasteImage),
            (1, "clear and undo", clearAndUndo),
        ]
        if let only { actions.removeAll { !only.contains($0.name) } }
        var pick = random.next() % actions.reduce(0) { $0 + $1.weight }
        for action in actions {
            if pick < action.weight {
                played[action.name, default: 0] += 1
                try action.play()
                return
            }
            pick -= action.weight
        }
    }

    /// Closes the window the way a user does and returns the client's exit status.
    func finish() throws -> Int32 {
        compositor.onCommit = nil
        guard let window else { return -1 }
        compositor.close(window)
        let deadline = ContinuousClock.now + .seconds(60)
        while client.isRunning && ContinuousClock.now < deadline { compositor.dispatch(timeoutMilliseconds: 10) }
        guard let status = client.waitForExit(seconds: 1) else {
            throw SoakError("the client did not exit within a minute of its window being closed")
        }
        return status
    }

    // MARK: Actions

    /// Fits the page in the window and paints a line across it every 30 px, so every tile of the page is allocated
    /// before the soak's clock starts: what follows measures a drawing at its full size, not one still filling up.
    private func coverThePage() throws {
        try key(Key.zero)
        for row in stride(from: 100.0, through: 780, by: 30) {
            try compositor.sendToolFrame(
                tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 10, y: row), .pressure(40_000), .down])
            for x in stride(from: 10.0, through: 1270, by: 15) {
                try compositor.sendToolFrame(tool: "pen", [.motion(x: x, y: row), .pressure(40_000)])
                pump(for: 0.002)
            }
            try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
            pump(for: 0.05)
        }
    }

    /// A pen stroke of 30–200 samples at about 200 Hz, wandering with varying pressure and tilt.
    private func stroke() throws {
        var x = 80 + Double(random.next() % 1100)
        var y = 140 + Double(random.next() % 600)
        var heading = Double(random.next() % 628) / 100
        let count = 30 + Int(random.next() % 170)
        for index in 0..<count {
            heading += (Double(random.next() % 100) - 50) / 400
            x = min(max(x + cos(heading) * 6, 20), 1180)
            y = min(max(y + sin(heading) * 6, 120), 760)
            let pressure = UInt32(20_000 + random.next() % 45_000)
            var events: [ToolEvent] = [.motion(x: x, y: y), .pressure(pressure)]
            if index == 0 { events = [.proximityIn(tablet: "t1")] + events + [.down] }
            try compositor.sendToolFrame(tool: "pen", events)
            if inputSent == nil { inputSent = .now }
            pump(for: 0.005)
        }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        pump(for: 0.02)
    }

    private func undoAndRedo() throws {
        let undos = 1 + random.next() % 6
        for _ in 0..<undos { try key(Key.z, modifiers: Key.control) }
        for _ in 0..<(random.next() % (undos + 1)) { try key(Key.z, modifiers: Key.control | Key.shift) }
    }

    /// Ctrl + wheel in about a point, a middle-button drag, a stroke or two there, then the view fitted again.
    private func zoomAndPan() throws {
        let x = 200 + Double(random.next() % 800)
        let y = 200 + Double(random.next() % 400)
        try compositor.sendKeyboard([.enter, .modifiers(depressed: Key.control, latched: 0, locked: 0, group: 0)])
        try compositor.sendPointer([.enter(x: x, y: y), .frame])
        for _ in 0..<(1 + random.next() % 6) {
            try compositor.sendPointer([.axis(vertical: true, value: -15), .frame])
            pump(for: 0.02)
        }
        try compositor.sendKeyboard([.modifiers(depressed: 0, latched: 0, locked: 0, group: 0)])
        try drag(button: 0x112, from: (x, y), by: (Double(random.next() % 160) - 80, Double(random.next() % 160) - 80))
        for _ in 0..<(1 + random.next() % 2) { try stroke() }
        try key(Key.zero)
    }

    /// A picture pasted from the clipboard (placed at the view's centre, selected), dragged, sometimes deleted.
    private func pasteImage() throws {
        try compositor.setSelection(["image/png": image])
        pump(for: 0.1)
        try key(Key.v, modifiers: Key.control)
        pump(for: 0.2)
        try drag(button: 0x110, from: (640, 420), by: (Double(random.next() % 300) - 150, Double(random.next() % 200)))
        if random.next() % 2 == 0 { try key(Key.delete) }
    }

    private func clearAndUndo() throws {
        try key(Key.delete, modifiers: Key.control)
        pump(for: 0.1)
        try key(Key.z, modifiers: Key.control)
    }

    // MARK: Input helpers

    private func key(_ code: UInt32, modifiers: UInt32 = 0) throws {
        try compositor.sendKeyboard([
            .enter, .modifiers(depressed: modifiers, latched: 0, locked: 0, group: 0), .key(code, pressed: true),
            .key(code, pressed: false), .modifiers(depressed: 0, latched: 0, locked: 0, group: 0),
        ])
        pump(for: 0.03)
    }

    private func drag(button: UInt32, from start: (Double, Double), by offset: (Double, Double)) throws {
        try compositor.sendPointer([.enter(x: start.0, y: start.1), .frame, .button(button, pressed: true), .frame])
        for step in 1...10 {
            let t = Double(step) / 10
            try compositor.sendPointer([.motion(x: start.0 + offset.0 * t, y: start.1 + offset.1 * t), .frame])
            pump(for: 0.008)
        }
        try compositor.sendPointer([.button(button, pressed: false), .frame, .leave, .frame])
        pump(for: 0.03)
    }

    private func pump(for seconds: Double) {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        repeat {
            compositor.dispatch(timeoutMilliseconds: 1)
        } while ContinuousClock.now < deadline
    }

    private func pump(until condition: () -> Bool, _ seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !condition() && ContinuousClock.now < deadline && client.isRunning {
            compositor.dispatch(timeoutMilliseconds: 2)
        }
        return condition()
    }
}
