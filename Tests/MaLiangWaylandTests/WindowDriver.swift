import Foundation
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// Drives the real window through the scripted compositor as a user would: pen, eraser, mouse, fingers, keys.
extension AppSession {
    /// A session with a tablet offering a pen and an eraser.
    static func withTablet(
        options: ScriptedCompositor.Options = .init(), arguments: [String] = [], dataHome: URL? = nil,
        environment: [String: String] = [:], executable: URL = AppSession.executable, fitted: Bool = false
    ) throws
        -> AppSession
    {
        let session = try AppSession(
            options: options, arguments: arguments, dataHome: dataHome, environment: environment,
            executable: executable, fitted: fitted)
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.compositor.addTool(ToolSpec(id: "eraser", type: .eraser))
        try session.waitUntilMapped()
        return session
    }

    /// A stroke of a tablet tool through `points` (surface coordinates), pressure 0…1, then out of proximity.
    func pen(_ points: [(Double, Double)], tool: String = "pen", pressure: Double = 0.8) throws {
        guard let first = points.first else { return }
        let level = UInt32(min(max(pressure, 0), 1) * 65535)
        try compositor.sendToolFrame(tool: tool, [.proximityIn(tablet: "t1"), .motion(x: first.0, y: first.1)])
        try compositor.sendToolFrame(tool: tool, [.down, .pressure(level)])
        for (index, point) in points.dropFirst().enumerated() {
            try compositor.sendToolFrame(tool: tool, [.motion(x: point.0, y: point.1), .pressure(level)])
            if index % 8 == 7 { waitForCommit() } else { compositor.dispatch() }
        }
        try compositor.sendToolFrame(tool: tool, [.up])
        try compositor.sendToolFrame(tool: tool, [.proximityOut])
        waitForCommit()
    }

    /// Makes the compositor size the window `width`×`height` (surface pixels) and waits (up to five seconds) for a
    /// buffer of `pixelsWide` pixels across, then for the window to settle; false when none came.
    @discardableResult
    func resizeWindow(width: Int32, height: Int32, pixelsWide: Int) throws -> Bool {
        let window = try #require(compositor.focusedToplevel)
        compositor.configure(window, width: width, height: height)
        let drawn = pump(until: { image?.width == pixelsWide }, timeout: .seconds(5))
        settle()
        return drawn
    }

    /// Waits (up to five seconds) until the window commits again: the app has read what was sent so far. A
    /// compositor's buffer for one client is small (4 KiB in libwayland 1.21): events sent faster than the client
    /// reads them would end the connection.
    func waitForCommit() {
        let start = compositor.focusedToplevel?.surface.commitCount ?? 0
        _ = pump(until: { (compositor.focusedToplevel?.surface.commitCount ?? 0) > start }, timeout: .seconds(5))
    }

    /// A mouse drag with `button` (Linux code: 0x110 left, 0x111 right, 0x112 middle) through `points`.
    func mouse(_ points: [(Double, Double)], button: UInt32 = 0x110) throws {
        guard let first = points.first, let last = points.last else { return }
        try compositor.sendPointer([.enter(x: first.0, y: first.1), .frame, .button(button, pressed: true), .frame])
        for point in points.dropFirst() { try compositor.sendPointer([.motion(x: point.0, y: point.1), .frame]) }
        try compositor.sendPointer([.button(button, pressed: false), .frame, .motion(x: last.0, y: last.1), .frame])
        compositor.dispatch()
    }

    /// One finger through `points`; with `spread`, a second finger mirrors it about the first point.
    func finger(_ points: [(Double, Double)], second: [(Double, Double)]? = nil) throws {
        guard let first = points.first else { return }
        var events: [TouchEvent] = [.down(id: 1, x: first.0, y: first.1)]
        if let second, let start = second.first { events.append(.down(id: 2, x: start.0, y: start.1)) }
        events.append(.frame)
        for (index, point) in points.enumerated().dropFirst() {
            events.append(.motion(id: 1, x: point.0, y: point.1))
            if let second, index < second.count {
                events.append(.motion(id: 2, x: second[index].0, y: second[index].1))
            }
            events.append(.frame)
        }
        events += [.up(id: 1)] + (second == nil ? [] : [.up(id: 2)]) + [.frame]
        try compositor.sendTouch(events)
        compositor.dispatch()
    }

    /// Presses and releases an evdev key with modifiers held (mask: 1 Shift, 4 Control).
    func key(_ code: UInt32, modifiers: UInt32 = 0) throws {
        try compositor.sendKeyboard([
            .enter, .modifiers(depressed: modifiers, latched: 0, locked: 0, group: 0), .key(code, pressed: true),
            .key(code, pressed: false), .modifiers(depressed: 0, latched: 0, locked: 0, group: 0),
        ])
        settle(.milliseconds(100))
    }

    /// Waits out palm rejection's half second after a pen left, counted from when the app read it leave (a busy
    /// machine may read it late), so that fingers count again.
    func pastPalmRejection() {
        _ = roundTrip(timeout: .seconds(30))
        settle(.milliseconds(700))
    }

    /// Waits until the app has acted on every event sent so far (it answers a ping after them); false when it
    /// did not answer within `timeout`.
    @discardableResult
    func roundTrip(timeout: Duration = .seconds(5)) -> Bool {
        let serial = compositor.ping()
        return pump(until: { compositor.answeredPing(serial) }, timeout: timeout)
    }

    /// `maliang render FILE` into the session's data folder (the test fails when it does not succeed): the picture,
    /// decoded at 8 bits, and where it is.
    func render(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (image: PNGImage, url: URL)
    {
        let rendered = dataHome.appendingPathComponent("rendered.png")
        let render = try maliang(["render", file, "-o", rendered.path])
        #expect(render.status == 0, "\(render.output)", sourceLocation: sourceLocation)
        return (try PNG.decode(try Data(contentsOf: rendered), depth: .eight), rendered)
    }

    /// Ends the session by SIGKILL: nothing of the app runs after it.
    func kill() -> Int32 {
        Glibc.kill(process.processIdentifier, SIGKILL)
        return waitForExit(process)
    }
}

/// Points along a line, `count` of them.
func points(_ from: (Double, Double), _ to: (Double, Double), count: Int = 24) -> [(Double, Double)] {
    (0..<count).map { index in
        let t = Double(index) / Double(max(count - 1, 1))
        return (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
    }
}

/// How a rendered document compares with what the window showed.
struct FrameComparison: CustomStringConvertible {
    var compared = 0
    var differing = 0
    var largest = 0

    /// Compares window pixels (`frame`, where document pixel (x + left, y + above) is at (x, y + top)) with the
    /// document rendered at scale 1, over `width`×`height` window pixels; a pixel differs when a channel is more
    /// than `tolerance` apart. A `mirrored` frame shows the document flipped about the compared area's middle.
    init(
        frame: Image, render: PNGImage, top: Int, width: Int, height: Int, tolerance: Int, left: Int = 0,
        above: Int = 0, mirrored: Bool = false
    ) {
        for y in 0..<height {
            for x in 0..<width {
                let a = frame.rgba(x: x, y: y + top)
                let b = render.rgba(x: (mirrored ? width - 1 - x : x) + left, y: y + above)
                let deltas = [
                    abs(Int(a.red) - Int((b.red * 255).rounded())), abs(Int(a.green) - Int((b.green * 255).rounded())),
                    abs(Int(a.blue) - Int((b.blue * 255).rounded())),
                ]
                let worst = deltas.max() ?? 0
                largest = max(largest, worst)
                if worst > tolerance { differing += 1 }
                compared += 1
            }
        }
    }

    var description: String { "\(differing) of \(compared) pixels differ, largest difference \(largest)" }
}
