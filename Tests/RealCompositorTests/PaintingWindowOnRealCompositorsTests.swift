import Foundation
import MaLiangStore
import PNGCodec
import Testing
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

/// The painting window on the compositors people use, started headless: it maps with the right decorations,
/// presents, and quits cleanly with the drawing intact.
@Suite(.serialized) struct PaintingWindowOnRealCompositorsTests {

    final class App {
        let process = Process()
        let data: URL
        let log: URL

        init(on compositor: HeadlessCompositor) throws {
            data = FileManager.default.temporaryDirectory.appendingPathComponent(
                "maliang-real-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            log = data.appendingPathComponent("log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.executableURL = MaLiangExecutable.url
            // The pointer's path is in the drawing's pixels.
            process.arguments = ["--actual-pixels"]
            var environment = ProcessInfo.processInfo.environment
            environment["WAYLAND_DISPLAY"] = compositor.socketPath
            environment["XDG_RUNTIME_DIR"] = compositor.runtimeDirectory
            environment["XDG_DATA_HOME"] = data.path
            // The brushes the user chose in their own sessions are not the test's.
            environment["XDG_CONFIG_HOME"] = data.appendingPathComponent("config").path
            environment["MALIANG_LOG"] = "1"
            process.environment = environment
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: data)
        }

        var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        var document: URL { data.appendingPathComponent("maliang/autosave.maliang") }

        func waitFor(_ text: String, timeout: Duration = .seconds(60)) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while !output.contains(text) {
                guard process.isRunning, ContinuousClock.now < deadline else { return false }
                usleep(50_000)
            }
            return true
        }

        func waitForExit(timeout: Duration = .seconds(20)) -> Int32? {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning && ContinuousClock.now < deadline { usleep(50_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    @Test(arguments: HeadlessCompositor.Kind.allCases)
    func mapsPresentsAndQuitsCleanlyOnSIGTERM(kind: HeadlessCompositor.Kind) throws {
        let compositor = try HeadlessCompositor(kind)
        defer { compositor.stop() }
        let app = try App(on: compositor)
        #expect(
            app.waitFor("presented"),
            "\(kind): the window never presented:\n\(app.output)\n\(compositor.log.suffix(2000))")
        let expected = kind == .sway || kind == .kwin ? "server-side decorations" : "client-side decorations"
        #expect(app.output.contains(expected), "\(kind): \(app.output)")
        // GNOME and KDE tie the portal's file dialogs to the window (mutter 43 through xdg-foreign's first version).
        if kind == .mutter || kind == .kwin {
            #expect(!app.output.contains("file dialogs are not tied to the window"), "\(kind): \(app.output)")
        }
        if kind == .mutter {
            #expect(app.output.contains("file dialogs are tied through zxdg_exporter_v1"), "\(app.output)")
        }
        // GNOME, KDE and sway bring up their on-screen keyboards for the names typed (weston has only text-input's
        // first version).
        if kind != .weston {
            #expect(!app.output.contains("no on-screen keyboard"), "\(kind): \(app.output)")
        }
        app.process.terminate()
        #expect(app.waitForExit() == 0, "\(kind): \(app.output)")
        // The drawing is intact: the file opens and passes its integrity check.
        #expect(throws: Never.self) { try DocumentFile.open(at: app.document).close() }
    }

    /// On sway a stroke is drawn with a virtual pointer (zwlr_virtual_pointer_manager_v1) from another client, seen
    /// in a grim screenshot, and kept after the window is closed.
    @Test func onSwayAVirtualPointerStrokeShowsInAScreenshotAndSurvivesClosing() throws {
        let compositor = try HeadlessCompositor(.sway)
        defer { compositor.stop() }
        let app = try App(on: compositor)
        #expect(app.waitFor("presented"), "\(app.output)")
        // A second client drives the pointer.
        let driver = try WaylandConnection(name: compositor.socketPath)
        defer { driver.close() }
        let registry = WaylandRegistry(connection: driver)
        try driver.roundtrip()
        let manager = registry.bind(
            try #require(registry.first(ZwlrVirtualPointerManagerV1.self)), ZwlrVirtualPointerManagerV1.self)
        let seat = registry.bind(try #require(registry.first(WlSeat.self)), WlSeat.self)
        seat.onEvent = { _ in }
        let pointer = manager.createVirtualPointer(seat: seat)
        try driver.roundtrip()
        usleep(500_000)  // the app binds the pointer the seat now has
        var time: UInt32 = 1
        func move(_ x: UInt32, _ y: UInt32) throws {
            pointer.motionAbsolute(time: time, x: x, y: y, xExtent: 800, yExtent: 600)
            pointer.frame()
            time += 16
            try driver.roundtrip()
            usleep(15_000)
        }
        try move(200, 300)
        pointer.button(time: time, button: 0x110, state: .pressed)
        pointer.frame()
        for step in 1...20 { try move(200 + UInt32(step) * 20, 300 + UInt32(step)) }
        pointer.button(time: time, button: 0x110, state: .released)
        pointer.frame()
        try driver.roundtrip()
        // The stroke must show; on a busy machine its last frame may come a while after the button is released.
        var dark = 0
        for _ in 0..<20 where dark <= 200 {
            usleep(500_000)
            dark = try darkPixels(inScreenshotOf: compositor)
        }
        #expect(dark > 200, "dark pixels \(dark); \(app.output)")
        let swaymsg = Process()
        swaymsg.executableURL = URL(fileURLWithPath: "/usr/bin/swaymsg")
        let socket = try #require(
            try FileManager.default.contentsOfDirectory(atPath: compositor.runtimeDirectory).first {
                $0.hasPrefix("sway-ipc.")
            })
        swaymsg.arguments = ["-s", "\(compositor.runtimeDirectory)/\(socket)", "kill"]
        swaymsg.standardOutput = FileHandle.nullDevice
        try swaymsg.run()
        _ = WaylandTestSupport.waitForExit(swaymsg)
        #expect(app.waitForExit() == 0, "\(app.output)")
        #expect(try DocumentFile.open(at: app.document).document.elements.count == 1)
    }

    /// On weston, where the window draws its own decorations, a screenshot shows its rounded corners and its shadow
    /// (a sub-surface under it) on the desktop.
    @Test func onWestonTheWindowHasRoundedCornersAndAShadow() throws {
        let compositor = try HeadlessCompositor(.weston)
        defer { compositor.stop() }
        let app = try App(on: compositor)
        #expect(app.waitFor("presented"), "\(app.output)")
        usleep(500_000)
        let folder = URL(fileURLWithPath: compositor.runtimeDirectory).appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try runClient("/usr/bin/weston-screenshooter", of: compositor, in: folder)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let image = try PNG.decode(try Data(contentsOf: folder.appendingPathComponent(name)), depth: .eight)
        // The desktop's colour, at the bottom left corner; the window is what differs from it by far (its shadow
        // only darkens it a little).
        let desktop = image.rgba(x: 0, y: image.height - 1)
        func difference(_ x: Int, _ y: Int) -> Double {
            let pixel = image.rgba(x: x, y: y)
            return max(abs(pixel.red - desktop.red), abs(pixel.green - desktop.green), abs(pixel.blue - desktop.blue))
        }
        var box: (left: Int, top: Int, right: Int, bottom: Int)?
        for y in 40..<image.height {
            for x in 0..<image.width where difference(x, y) > 0.3 {
                let old = box ?? (x, y, x, y)
                box = (min(old.left, x), min(old.top, y), max(old.right, x), max(old.bottom, y))
            }
        }
        let window = try #require(box, "no window on the screen")
        #expect(window.right - window.left > 600, "\(window)")
        // Its corners are round: the bounding box's corner pixels are not the window's.
        for (x, y) in [(window.left, window.top), (window.right, window.top), (window.left, window.bottom)] {
            #expect(difference(x, y) < 0.3, "corner (\(x), \(y)) of \(window)")
        }
        // Its shadow: just below the window the desktop is darker than further away.
        let middle = (window.left + window.right) / 2
        let near = image.rgba(x: middle, y: window.bottom + 3)
        let far = image.rgba(x: middle, y: min(window.bottom + 40, image.height - 1))
        #expect(near.red + near.green + near.blue < far.red + far.green + far.blue - 0.03, "\(near) \(far)")
        app.process.terminate()
        #expect(app.waitForExit() == 0, "\(app.output)")
    }

    /// Runs a Wayland client of `compositor` (a screenshot tool) to its end, in `folder` when given.
    private func runClient(
        _ path: String, _ arguments: [String] = [], of compositor: HeadlessCompositor, in folder: URL? = nil
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = compositor.socketPath
        environment["XDG_RUNTIME_DIR"] = compositor.runtimeDirectory
        process.environment = environment
        try process.run()
        _ = WaylandTestSupport.waitForExit(process)
    }

    /// Pixels darker than 30 % in every channel below the top 100 rows of a grim screenshot of the whole output.
    private func darkPixels(inScreenshotOf compositor: HeadlessCompositor) throws -> Int {
        let shot = compositor.runtimeDirectory + "/shot.png"
        try runClient("/usr/bin/grim", [shot], of: compositor)
        let image = try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: shot)), depth: .eight)
        var dark = 0
        for y in 100..<image.height {
            for x in 0..<image.width {
                let pixel = image.rgba(x: x, y: y)
                if pixel.red < 0.3 && pixel.green < 0.3 && pixel.blue < 0.3 { dark += 1 }
            }
        }
        return dark
    }
}
