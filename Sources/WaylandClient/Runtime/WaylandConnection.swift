import CWaylandClient
import Glibc
import WaylandProtocol

/// A connection to a Wayland compositor (`wl_display`), owning every protocol object created on it.
///
/// Not thread-safe: use it, and everything made from it, on one thread.
public final class WaylandConnection {
    /// The raw `wl_display*`, for C libraries such as Vulkan's WSI (`VkWaylandSurfaceCreateInfoKHR`) or EGL.
    public let display: OpaquePointer
    private var objects: [OpaquePointer: WaylandObject] = [:]
    private var closed = false
    /// The error that ended the connection, once one has.
    public private(set) var failure: WaylandError?

    /// Connects to the compositor named `name`, or to `$WAYLAND_DISPLAY` (default `wayland-0`).
    public init(name: String? = nil) throws(WaylandError) {
        guard let display = wl_display_connect(name) else { throw .noCompositor(name: name) }
        self.display = display
    }

    deinit { close() }

    /// The `wl_display` object, for `sync` and `get_registry`.
    public private(set) lazy var displayObject = WlDisplay(proxy: display, owner: self, version: 1, foreign: true)

    /// The file descriptor to poll for incoming events.
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Number of live objects: for tests that check nothing leaks.
    public var liveObjectCount: Int { objects.count }

    /// Destroys every remaining proxy and disconnects. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        let remaining = objects
        objects.removeAll()
        for (proxy, object) in remaining {
            object.forget()
            wl_proxy_destroy(proxy)
        }
        wl_display_disconnect(display)
    }

    // MARK: - Object table

    /// Takes ownership of a proxy libwayland just created, and routes its events to the new object.
    func adopt<Object: WaylandObject & WaylandInterface>(
        _ proxy: OpaquePointer?, _ type: Object.Type, version: UInt32
    ) -> Object {
        let object = Object(proxy: proxy, owner: self, version: version, foreign: false)
        guard let proxy else { return object }
        objects[proxy] = object
        wl_proxy_add_dispatcher(proxy, clientDispatcher, Unmanaged.passUnretained(object).toOpaque(), nil)
        return object
    }

    /// The object for a proxy named in an event: ours, or a foreign wrapper for one created elsewhere.
    func wrap<Object: WaylandObject>(_ pointer: OpaquePointer, _ type: Object.Type) -> Object {
        if let object = objects[pointer] as? Object { return object }
        return Object(proxy: pointer, owner: self, version: wl_proxy_get_version(pointer), foreign: true)
    }

    func unregister(_ proxy: OpaquePointer) { objects[proxy] = nil }

    /// Wraps a proxy made by someone else (libwayland-cursor's buffers), to pass it to requests. Never dispatched
    /// to, never destroyed by us.
    package func foreign<Object: WaylandObject>(_ proxy: OpaquePointer, _ type: Object.Type) -> Object {
        wrap(proxy, type)
    }

    // MARK: - Traffic

    /// Sends queued requests. Returns `false` when the socket is full and the rest must wait for POLLOUT.
    @discardableResult
    public func flush() throws(WaylandError) -> Bool {
        if wl_display_flush(display) >= 0 { return true }
        if errno == EAGAIN { return false }
        throw fail()
    }

    /// Dispatches events already read from the socket.
    public func dispatchPending() throws(WaylandError) {
        if wl_display_dispatch_pending(display) < 0 { throw fail() }
    }

    /// Sends everything and waits until the compositor has handled it, dispatching events meanwhile.
    public func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(display) < 0 { throw fail() }
    }

    /// The error libwayland holds for this display, as a typed error; remembered in ``failure``.
    func fail(errno code: Int32 = errno) -> WaylandError {
        if let failure { return failure }
        let error: WaylandError
        let displayError = wl_display_get_error(display)
        if displayError == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &objectID)
            error = .protocolError(
                interface: interface.map { String(cString: $0.pointee.name) }, objectID: objectID, code: protocolCode)
        } else {
            error = .connectionLost(errno: displayError != 0 ? displayError : code)
        }
        failure = error
        return error
    }
}
