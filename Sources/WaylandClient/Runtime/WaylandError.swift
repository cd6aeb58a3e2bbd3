import Glibc

/// A failure of the connection to the compositor.
public struct WaylandError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// No compositor could be reached.
        case noCompositor
        /// The compositor closed the connection or it broke.
        case connectionLost
        /// The compositor reported a protocol error and closed the connection.
        case protocolError
    }

    public let kind: Kind
    /// Interface and object id the protocol error is about, when known.
    public let interface: String?
    public let objectID: UInt32
    /// The protocol error code, or the errno of a broken connection.
    public let code: UInt32
    public let description: String

    static func noCompositor(name: String?) -> WaylandError {
        let environment = ProcessEnvironment.self
        let display = name ?? environment.value("WAYLAND_DISPLAY") ?? "wayland-0 (WAYLAND_DISPLAY is not set)"
        let runtime = environment.value("XDG_RUNTIME_DIR") ?? "(XDG_RUNTIME_DIR is not set)"
        return WaylandError(
            kind: .noCompositor, interface: nil, objectID: 0, code: UInt32(errno),
            description:
                "no Wayland compositor at \(display) in \(runtime): start one, or set WAYLAND_DISPLAY and XDG_RUNTIME_DIR"
        )
    }

    static func connectionLost(errno code: Int32) -> WaylandError {
        WaylandError(
            kind: .connectionLost, interface: nil, objectID: 0, code: UInt32(code),
            description: "the compositor closed the connection (\(String(cString: strerror(code))))")
    }

    static func protocolError(interface: String?, objectID: UInt32, code: UInt32) -> WaylandError {
        WaylandError(
            kind: .protocolError, interface: interface, objectID: objectID, code: code,
            description: "protocol error \(code) on \(interface ?? "an unknown interface")@\(objectID)")
    }
}

enum ProcessEnvironment {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
