import Foundation
import WaylandTestSupport

/// A session bus of the test's own (dbus-daemon) with the real XDG desktop portal on it
/// (/usr/libexec/xdg-desktop-portal) and `maliang-test-portal` as its backend: the window talks to the same
/// frontend it meets on GNOME and KDE, and the backend answers Settings with `scheme` (1 dark, 2 light) and file
/// dialogs from ``answer(_:)``; given a `font`, Settings also say GNOME's font and its `textScaling`.
final class DesktopPortalBus {
    let folder: URL
    private let daemon = Process()
    private let backend = Process()
    private let frontend = Process()
    private let dialogs = Pipe()
    private var asked = ""
    var address: String { "unix:path=\(folder.appendingPathComponent("bus").path)" }
    var answers: URL { folder.appendingPathComponent("answers") }

    init(scheme: Int, font: String? = nil, textScaling: Double = 1) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-bus-\(UUID())")
        let portals = folder.appendingPathComponent("portals")
        try FileManager.default.createDirectory(at: portals, withIntermediateDirectories: true)
        try Data(
            """
            [portal]
            DBusName=org.freedesktop.impl.portal.desktop.maliangtest
            Interfaces=org.freedesktop.impl.portal.FileChooser;org.freedesktop.impl.portal.Settings;
            UseIn=maliangtest

            """.utf8
        ).write(to: portals.appendingPathComponent("maliangtest.portal"))
        try Data().write(to: answers)
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        // A bus that starts no services on demand: the desktop's own document portal and permission store would
        // outlive it.
        let configuration = folder.appendingPathComponent("bus.conf")
        try Data(
            """
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>
              </policy>
            </busconfig>

            """.utf8
        ).write(to: configuration)
        daemon.arguments = ["--config-file=\(configuration.path)", "--nofork", "--nopidfile"]
        daemon.standardOutput = FileHandle.nullDevice
        try daemon.run()
        let socket = folder.appendingPathComponent("bus").path
        try Self.wait(for: "the session bus") { FileManager.default.fileExists(atPath: socket) }

        backend.executableURL = MaLiangExecutable.url.deletingLastPathComponent().appendingPathComponent(
            "maliang-test-portal")
        backend.arguments = ["\(scheme)", answers.path]
        backend.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
        if let font {
            backend.environment?["MALIANG_TEST_FONT_NAME"] = font
            backend.environment?["MALIANG_TEST_TEXT_SCALING"] = "\(textScaling)"
        }
        backend.standardOutput = dialogs
        try backend.run()
        // "ready" once it owns its name (or nothing, when it fails and exits).
        _ = readLine(timeout: .seconds(10))

        let log = folder.appendingPathComponent("frontend.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        frontend.executableURL = URL(fileURLWithPath: "/usr/libexec/xdg-desktop-portal")
        frontend.arguments = ["--verbose"]
        frontend.environment = [
            "DBUS_SESSION_BUS_ADDRESS": address, "XDG_DESKTOP_PORTAL_DIR": portals.path,
            "XDG_CURRENT_DESKTOP": "maliangtest", "PATH": "/usr/bin:/bin",
        ]
        frontend.standardError = try FileHandle(forWritingTo: log)
        frontend.standardOutput = FileHandle.nullDevice
        try frontend.run()
        try Self.wait(for: "xdg-desktop-portal (its log: \(log.path))") {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("org.freedesktop.portal.Desktop acquired")
        }
    }

    /// Queues the backend's answer to the next file dialog: "cancel", or a file URL followed by choices
    /// ("id=value").
    func answer(_ line: String) throws {
        let handle = try FileHandle(forWritingTo: answers)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((line + "\n").utf8))
        try handle.close()
    }

    /// The next dialog the backend was asked for: "SaveFile title=… current_name=… choice=id:default …".
    func nextDialog(timeout: Duration = .seconds(10)) -> String? { readLine(timeout: timeout) }

    /// Turns the portal's scheme from light to dark or back; it tells its listeners.
    func flip() { kill(backend.processIdentifier, SIGUSR1) }

    /// Doubles the desktop's text scaling; the portal tells its listeners.
    func growText() { kill(backend.processIdentifier, SIGUSR2) }

    private func readLine(timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        let descriptor = dialogs.fileHandleForReading.fileDescriptor
        while !asked.contains("\n") {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&poller, 1, max(milliseconds, 1)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            asked += String(decoding: buffer[..<count], as: UTF8.self)
        }
        let line = asked.prefix { $0 != "\n" }
        asked.removeFirst(line.count + 1)
        return String(line)
    }

    private static func wait(for what: String, until ready: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !ready() {
            guard ContinuousClock.now < deadline else { throw AppSession.Failure(description: "\(what) did not start") }
            usleep(10_000)
        }
    }

    /// Ends the windows a test's window started (new, open): every process whose arguments name a file under
    /// `folder`.
    static func endWindows(under folder: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for entry in entries {
            guard let pid = Int32(entry), pid != getpid(),
                let arguments = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))
            else { continue }
            let words = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.count == 2, words[0].hasSuffix("/maliang"), words[1].hasPrefix(folder.path) { kill(pid, SIGKILL) }
        }
    }

    deinit {
        // SIGKILL: started from a test thread, they may have SIGTERM blocked.
        for process in [frontend, backend, daemon] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(process)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
