import CWaylandProtocols
import CWaylandServer
import Glibc

/// A server-side display: the listening socket, the globals, and every resource of every client.
///
/// Not thread-safe: use it on one thread.
public final class WaylandServerDisplay {
    package let display: OpaquePointer
    /// The socket name clients connect to (under `$XDG_RUNTIME_DIR`).
    public let socketName: String
    private var resources: [OpaquePointer: WaylandResource] = [:]
    private var globals: [AnyObject] = []
    private var destroyed = false

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Creates the display and its socket; `socketName` `nil` picks a free `wayland-N`.
    public init(socketName: String? = nil) throws(StartError) {
        guard let display = wl_display_create() else { throw StartError(description: "wl_display_create failed") }
        let name: String?
        if let socketName {
            name = wl_display_add_socket(display, socketName) == 0 ? socketName : nil
        } else {
            name = wl_display_add_socket_auto(display).map { String(cString: $0) }
        }
        guard let name else {
            wl_display_destroy(display)
            let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "(XDG_RUNTIME_DIR is not set)"
            throw StartError(description: "cannot create a Wayland socket in \(runtime)")
        }
        self.display = display
        self.socketName = name
        wl_display_init_shm(display)
    }

    deinit { shutDown() }

    /// Disconnects every client and frees everything. Safe to call twice.
    public func shutDown() {
        guard !destroyed else { return }
        destroyed = true
        // Owners may be going away too: no destroy callbacks while everything is torn down.
        for resource in resources.values { resource.onDestroy = nil }
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        globals.removeAll()
    }

    /// Number of live resources of all clients.
    public var liveResourceCount: Int { resources.count }

    /// The event loop's file descriptor: readable when there is work for ``dispatch(timeoutMilliseconds:)``.
    public var fileDescriptor: Int32 { wl_event_loop_get_fd(wl_display_get_event_loop(display)) }

    /// Handles client requests for up to `timeoutMilliseconds` (0: only what is ready) and flushes the replies.
    public func dispatch(timeoutMilliseconds: Int32 = 0) {
        guard !destroyed else { return }
        wl_event_loop_dispatch(wl_display_get_event_loop(display), timeoutMilliseconds)
        wl_display_flush_clients(display)
    }

    public func flush() {
        guard !destroyed else { return }
        wl_display_flush_clients(display)
    }

    /// Whether some client's socket cannot take more now: it has not read what was sent. libwayland 1.21 keeps only
    /// 4 KiB a client beyond the socket and drops a client whose events overflow it, so a sender waits for this to
    /// clear (handling requests meanwhile) before sending more.
    public var someClientIsBehind: Bool {
        guard !destroyed else { return false }
        let list = wl_display_get_client_list(display)
        var link = list?.pointee.next
        while let current = link, current != list {
            guard let client = wl_client_from_link(current) else { break }
            link = current.pointee.next
            var descriptor = pollfd(fd: wl_client_get_fd(client), events: Int16(POLLOUT), revents: 0)
            guard poll(&descriptor, 1, 0) == 1 else { return true }
            // A client that hung up has nothing to wait for.
            if descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { continue }
            if descriptor.revents & Int16(POLLOUT) == 0 { return true }
        }
        return false
    }

    /// A new serial for events that carry one.
    public func nextSerial() -> UInt32 { wl_display_next_serial(display) }

    func register(_ resource: WaylandResource, _ pointer: OpaquePointer) { resources[pointer] = resource }
    func unregister(_ pointer: OpaquePointer) { resources[pointer] = nil }

    /// The resource named in a request: ours, or a foreign wrapper (libwayland's own shm buffers).
    func wrap<Resource: WaylandResource>(_ pointer: OpaquePointer, _ type: Resource.Type) -> Resource {
        if let resource = resources[pointer] as? Resource { return resource }
        return Resource(foreign: pointer, owner: self)
    }

    func keep(_ global: AnyObject) { globals.append(global) }
}
