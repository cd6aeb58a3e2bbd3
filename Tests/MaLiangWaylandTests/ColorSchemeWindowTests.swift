import Foundation
import Testing
import WaylandTestSupport

/// The window follows the desktop's light or dark preference from the portal's Settings, on a session bus of the
/// test's own (dbus-daemon) with `maliang-test-portal` speaking the portal's interface.
@Suite(.serialized) struct ColorSchemeWindowTests {
    /// A private session bus and the test portal on it, answering `scheme` (1 dark, 2 light).
    final class DesktopBus {
        let folder: URL
        let daemon = Process()
        let portal = Process()
        var address: String { "unix:path=\(folder.appendingPathComponent("bus").path)" }

        init(scheme: Int) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-bus-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)"]
            daemon.standardOutput = FileHandle.nullDevice
            try daemon.run()
            let socket = folder.appendingPathComponent("bus").path
            let deadline = ContinuousClock.now + .seconds(10)
            while !FileManager.default.fileExists(atPath: socket) && ContinuousClock.now < deadline {
                usleep(10_000)
            }
            portal.executableURL = MaLiangExecutable.url.deletingLastPathComponent().appendingPathComponent(
                "maliang-test-portal")
            portal.arguments = ["\(scheme)"]
            portal.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
            let ready = Pipe()
            portal.standardOutput = ready
            try portal.run()
            // "ready" once it owns the portal's name (or nothing, when it fails and exits).
            _ = ready.fileHandleForReading.availableData
        }

        /// Turns the portal's scheme from light to dark or back; it tells its listeners.
        func flip() { kill(portal.processIdentifier, SIGUSR1) }

        deinit {
            // SIGKILL: started from a test thread, they may have SIGTERM blocked.
            for process in [portal, daemon] where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The colour around the page once the whole drawing is shown (its margins are the surroundings).
    func surroundings(_ session: AppSession) -> Int? {
        guard let pixel = session.image?.rgba(x: 40, y: 400) else { return nil }
        return Int(pixel.red)
    }

    @Test func theWindowIsLightWhenTheDesktopIsAndFollowsItToDark() throws {
        let bus = try DesktopBus(scheme: 2)
        let session = try AppSession.withTablet(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try session.key(11)  // 0: the whole drawing, with surroundings beside it
        #expect(
            session.pump(until: { (surroundings(session) ?? 0) > 180 }, timeout: .seconds(5)),
            "not light: \(surroundings(session) ?? -1)\n\(session.log)")
        // The toolbar between two groups of buttons is light too.
        #expect((session.image?.rgba(x: 4 + 8 * 44 + 4, y: 24).red ?? 0) > 150)

        bus.flip()
        #expect(
            session.pump(until: { (surroundings(session) ?? 255) < 80 }, timeout: .seconds(5)),
            "not dark after the desktop turned dark: \(surroundings(session) ?? -1)")
        #expect(session.terminate() == 0)
    }

    @Test func withoutAPortalTheWindowStaysDark() throws {
        let session = try AppSession.withTablet(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        try session.key(11)
        #expect(session.pump(until: { (surroundings(session) ?? 255) < 80 }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
    }
}
