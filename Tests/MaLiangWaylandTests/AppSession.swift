import Foundation
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// The real `maliang` window, started as its own process against a ``ScriptedCompositor`` living in the test;
/// ``pump(until:timeout:)`` runs the compositor while the test waits.
final class AppSession {
    let compositor: ScriptedCompositor
    let process: Process
    let dataHome: URL
    /// Where the app's output goes (a file: reading a pipe the app still holds open would block).
    let logURL: URL

    static var executable: URL { MaLiangExecutable.url }

    /// Whether the data folder is this session's own, removed when it goes.
    private let ownsDataHome: Bool

    /// Starts the app (or another program: `executable`); `dataHome` (its XDG_DATA_HOME, where the autosave document lives) is a fresh folder unless
    /// given, so a second session can reopen what a first one made.
    init(
        options: ScriptedCompositor.Options = .init(), arguments: [String] = [], dataHome: URL? = nil,
        environment extra: [String: String] = [:], executable: URL = AppSession.executable, fitted: Bool = false
    ) throws {
        let runtime = RuntimeDirectory.ensure()
        compositor = try ScriptedCompositor(options: options)
        ownsDataHome = dataHome == nil
        self.dataHome =
            dataHome
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "maliang-app-\(UUID().uuidString.prefix(8))")
        let dataHome = self.dataHome
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = executable
        // The window tests place the pen by the drawing's pixels: the page at one drawing pixel per screen pixel
        // from its top-left corner, as it was before drawings opened whole (a test of that passes `fitted: true`).
        process.arguments = (executable == AppSession.executable && !fitted ? ["--actual-pixels"] : []) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = compositor.socketName
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["XDG_CONFIG_HOME"] = dataHome.appendingPathComponent("config").path
        environment["MALIANG_VULKAN_VALIDATION"] = "0"
        // Never the desktop's own session bus: its portal would show real dialogs. A test that wants one passes a
        // bus of its own (``DesktopPortalBus``).
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        environment.merge(extra) { _, given in given }
        process.environment = environment
        logURL = dataHome.appendingPathComponent("output.log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: logURL)
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            _ = waitForExit(process)
        }
        if ownsDataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    var documentURL: URL { dataHome.appendingPathComponent("maliang/autosave.maliang") }

    /// Runs the compositor until `condition` holds; fails (returns false) on timeout or if the app died.
    @discardableResult
    func pump(until condition: () -> Bool, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard process.isRunning, ContinuousClock.now < deadline else { return false }
            compositor.dispatch(timeoutMilliseconds: 5)
        }
        return true
    }

    /// Lets the app work for a while (it answers frame callbacks, draws).
    func settle(_ duration: Duration = .milliseconds(400)) {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline { compositor.dispatch(timeoutMilliseconds: 5) }
    }

    /// Lets the app work until it has committed nothing new for `quiet` (or `timeout` passed): its last frame then
    /// shows everything it was given, however far behind a busy machine left it. False when it never went quiet.
    func settleUntilQuiet(_ quiet: Duration = .milliseconds(500), timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var commits = compositor.focusedToplevel?.surface.commitCount ?? 0
        var lastChange = ContinuousClock.now
        while ContinuousClock.now - lastChange < quiet {
            guard process.isRunning, ContinuousClock.now < deadline else { return false }
            compositor.dispatch(timeoutMilliseconds: 5)
            let now = compositor.focusedToplevel?.surface.commitCount ?? 0
            if now != commits {
                commits = now
                lastChange = ContinuousClock.now
            }
        }
        return true
    }

    func waitUntilMapped(timeout: Duration = .seconds(30)) throws {
        // The window shows the drawing, not its opening, once it has taken the tablets and committed since.
        guard pump(until: { [compositor] in compositor.clientIsReady }, timeout: timeout)
        else {
            throw Failure(description: "the window never mapped; output:\n\(log)")
        }
        settle()
    }

    /// Waits for the next commit of the window, then for the frames a busy machine left it behind on (until 150 ms
    /// pass without one, or 5 s), and returns its pixels.
    func nextImage() throws -> Image {
        let start = compositor.focusedToplevel?.surface.commitCount ?? 0
        guard pump(until: { (compositor.focusedToplevel?.surface.commitCount ?? 0) > start }) else {
            throw Failure(description: "no new frame; output:\n\(log)")
        }
        _ = settleUntilQuiet(.milliseconds(150), timeout: .seconds(5))
        guard let image = compositor.focusedToplevel?.image else { throw Failure(description: "no pixels") }
        return image
    }

    var image: Image? { compositor.focusedToplevel?.image }

    /// Everything the app printed.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// How the app ended, for a failure's message: its exit status or the signal that killed it.
    var ending: String {
        if process.isRunning { return "still running" }
        let reason = process.terminationReason == .uncaughtSignal ? "killed by signal" : "exit status"
        return "\(reason) \(process.terminationStatus)"
    }

    /// Asks the app to terminate and returns its exit status.
    func terminate() -> Int32 {
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning && ContinuousClock.now < deadline { compositor.dispatch(timeoutMilliseconds: 5) }
        return waitForExit(process)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}

extension Image {
    /// Whether pixel (x, y) is darker than `threshold` (0…255 average of RGB) where the window is opaque: what it
    /// leaves transparent or partly so (its rounded corners) shows what is behind it, and is not counted.
    func isDark(x: Int, y: Int, threshold: Int = 128) -> Bool {
        let pixel = rgba(x: x, y: y)
        return pixel.alpha == 255 && (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3 < threshold
    }

    /// Rows in column `x` (from `fromY`) whose pixel is darker than `threshold` (0…255 average of RGB).
    func darkRows(x: Int, fromY: Int = 48, threshold: Int = 128) -> [Int] {
        (fromY..<height).filter { y in isDark(x: x, y: y, threshold: threshold) }
    }

    /// Number of pixels below the toolbar darker than `threshold`.
    func darkPixelCount(fromY: Int = 48, threshold: Int = 128) -> Int {
        var count = 0
        for y in fromY..<height {
            for x in 0..<width where isDark(x: x, y: y, threshold: threshold) { count += 1 }
        }
        return count
    }
}

/// A one-colour PNG file in the temporary folder (remove it when done).
func temporaryPNG(width: Int, height: Int, rgba: [UInt8]) throws -> URL {
    let pixels = [UInt8]((0..<(width * height)).flatMap { _ in rgba })
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "maliang-\(UUID().uuidString.prefix(8)).png")
    try PNG.encode(PNGImage(width: width, height: height, pixels: .rgba8(pixels))).write(to: url)
    return url
}
