import Foundation
import WaylandClient

/// A real compositor started headless for a test: weston, sway (wlroots), mutter (GNOME) or KWin (KDE).
///
/// sway and mutter refuse to run as root, so under root they run as `nobody` with a runtime directory of their
/// own; KWin's binary carries a file capability the sandbox will not execute, so a private copy (keeping its
/// name, which KWin checks) is run instead. See docs/testing.md.
public final class HeadlessCompositor {
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case weston, sway, mutter, kwin
        public var description: String { rawValue }
    }

    public let kind: Kind
    /// The private runtime directory the compositor runs in.
    public let runtimeDirectory: String
    /// Absolute path of the compositor's socket: pass it as the display name.
    public private(set) var socketPath: String
    private let process: Process
    private let logPath: String

    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the compositor and waits until a client can connect (or throws with the compositor's log).
    public init(_ kind: Kind, width: Int = 800, height: Int = 600, timeout: Duration = .seconds(40)) throws {
        self.kind = kind
        let runsAsNobody = getuid() == 0 && (kind == .sway || kind == .mutter)
        runtimeDirectory = try Self.makeRuntimeDirectory(kind: kind, forNobody: runsAsNobody)
        logPath = runtimeDirectory + "/compositor.log"
        let socketName = "maliang-\(kind)"
        var command: [String]
        var environment = [
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": runtimeDirectory, "XDG_RUNTIME_DIR": runtimeDirectory,
            "LANG": "C.UTF-8",
        ]
        switch kind {
        case .weston:
            // --debug offers weston's screenshooter, for tests that look at the screen.
            command = [
                "weston", "--backend=headless-backend.so", "--use-pixman", "--socket=\(socketName)", "--width=\(width)",
                "--height=\(height)", "--idle-time=0", "--no-config", "--debug",
            ]
        case .sway:
            let config = runtimeDirectory + "/sway.config"
            // No border or title: the window's pixels are the output's, for a virtual pointer to aim at.
            try "output HEADLESS-1 resolution \(width)x\(height)\ndefault_border none\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            environment["WLR_BACKENDS"] = "headless"
            environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
            environment["WLR_RENDERER"] = "pixman"
            // sway names its socket itself (wayland-N): it is found in the runtime directory once it exists.
            command = ["sway", "-c", config]
        case .mutter:
            command =
                try Self.sessionBus(in: runtimeDirectory) + [
                    "mutter", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width)x\(height)",
                    "--wayland-display=\(socketName)",
                ]
        case .kwin:
            let copy = runtimeDirectory + "/bin/kwin_wayland"
            try FileManager.default.createDirectory(
                atPath: runtimeDirectory + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: copy)
            environment["QT_QPA_PLATFORM"] = "offscreen"
            command =
                try Self.sessionBus(in: runtimeDirectory) + [
                    copy, "--virtual", "--no-lockscreen", "--socket", socketName, "--width", "\(width)", "--height",
                    "\(height)",
                ]
        }
        if runsAsNobody {
            command = ["runuser", "-u", "nobody", "--", "env"] + environment.map { "\($0)=\($1)" } + command
            environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin"]
        }
        socketPath = runtimeDirectory + "/" + socketName
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        process.currentDirectoryURL = URL(fileURLWithPath: runtimeDirectory)
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "\(kind) could not be started: \(error)")
        }
        try waitUntilConnectable(timeout: timeout)
    }

    deinit { stop() }

    /// What the compositor printed so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    public var isRunning: Bool { process.isRunning }

    /// Terminates the compositor and everything it started (its process group), then removes its directory.
    public func stop() {
        if process.isRunning {
            kill(-process.processIdentifier, SIGTERM)
            let deadline = ContinuousClock.now + .seconds(5)
            while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
            if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
            _ = waitForExit(process)
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// `dbus-run-session` with a bus whose socket lives in `directory` (removed with it): the stock session
    /// configuration leaves a socket in /tmp for every run.
    private static func sessionBus(in directory: String) throws -> [String] {
        let config = directory + "/session-bus.conf"
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <keep_umask/>
          <listen>unix:dir=\(directory)</listen>
          <auth>EXTERNAL</auth>
          <standard_session_servicedirs/>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>

        """.write(toFile: config, atomically: false, encoding: .utf8)
        return ["dbus-run-session", "--config-file=\(config)", "--"]
    }

    private func waitUntilConnectable(timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw StartFailure(
                    description: "\(kind) exited with status \(process.terminationStatus); its log:\n\(log)")
            }
            if kind == .sway,
                let name = try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory).first(where: {
                    $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
                })
            {
                socketPath = runtimeDirectory + "/" + name
            }
            if FileManager.default.fileExists(atPath: socketPath),
                let connection = try? WaylandConnection(name: socketPath)
            {
                connection.close()
                return
            }
            usleep(100_000)
        }
        let output = log
        stop()
        throw StartFailure(description: "\(kind) did not open \(socketPath) within \(timeout); its log:\n\(output)")
    }

    private static func makeRuntimeDirectory(kind: Kind, forNobody: Bool) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maliang-\(kind)-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if forNobody { chown(path, 65534, 65534) }
        return path
    }
}
