import CWaylandProtocols
import CWaylandServer
import WaylandProtocol

/// What every generated server interface class states about its protocol interface.
public protocol WaylandInterface: AnyObject {
    static var interfaceName: String { get }
    static var supportedVersion: UInt32 { get }
    static var interface: UnsafePointer<wl_interface> { get }
}

/// A server-side protocol object (a `wl_resource`) of one client. Generated subclasses add the events as
/// methods and the requests as one enum.
///
/// The display keeps every live resource; libwayland's destroy callback (a destructor request, the client
/// leaving, or the display shutting down) ends it, after which events sent to it are ignored.
public class WaylandResource {
    /// Weak: the display keeps its resources, and must be free to go away while they are live.
    private weak var weakOwner: WaylandServerDisplay?
    /// The display; requests and events only run while it is alive.
    var owner: WaylandServerDisplay {
        guard let weakOwner else { preconditionFailure("a \(Self.self) was used after its display went away") }
        return weakOwner
    }
    /// The client the resource belongs to.
    public let client: OpaquePointer
    public let version: UInt32
    package private(set) var resource: OpaquePointer?
    let isForeign: Bool
    /// Called once when the resource is destroyed, whatever the reason.
    public var onDestroy: (() -> Void)?

    /// Creates the resource `id` (0: a server-allocated id, for objects created by events).
    required init(owner: WaylandServerDisplay, client: OpaquePointer, version: UInt32, id: UInt32) {
        weakOwner = owner
        self.client = client
        self.version = version
        isForeign = false
        guard let interfaceType = Self.self as? any WaylandInterface.Type,
            let created = wl_resource_create(client, interfaceType.interface, Int32(version), id)
        else {
            wl_client_post_no_memory(client)
            return
        }
        resource = created
        owner.register(self, created)
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_resource_set_dispatcher(created, serverDispatcher, context, context, resourceDestroyed)
    }

    /// Wraps a resource created by someone else (libwayland's own wl_shm objects).
    required init(foreign resource: OpaquePointer, owner: WaylandServerDisplay) {
        weakOwner = owner
        self.resource = resource
        client = wl_resource_get_client(resource)
        version = UInt32(wl_resource_get_version(resource))
        isForeign = true
    }

    public var isAlive: Bool { resource != nil }

    /// The protocol object id, or 0 once destroyed.
    public var id: UInt32 { resource.map { wl_resource_get_id($0) } ?? 0 }

    package var objectPointer: OpaquePointer? { resource }

    /// The raw resource, for libwayland functions such as `wl_shm_buffer_get`.
    package var rawResource: OpaquePointer? { resource }

    func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>) {}

    func post(opcode: UInt32, arguments: inout [wl_argument]) {
        guard let resource else { return }
        arguments.withUnsafeMutableBufferPointer { wl_resource_post_event_array(resource, opcode, $0.baseAddress) }
    }

    /// Destroys the resource (after a destructor request, or to revoke it).
    public func destroy() {
        guard let resource, !isForeign else { return }
        wl_resource_destroy(resource)
    }

    /// Sends a protocol error about this resource; the client is disconnected.
    public func postError(code: UInt32, _ message: String) {
        guard let resource else { return }
        mlwl_resource_post_error_message(resource, code, message)
    }

    fileprivate func ended() {
        guard let resource else { return }
        self.resource = nil
        // Absent while the display itself is being torn down.
        weakOwner?.unregister(resource)
        onDestroy?()
        onDestroy = nil
    }
}

let serverDispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, arguments in
    guard let implementation, let arguments else { return 0 }
    Unmanaged<WaylandResource>.fromOpaque(implementation).takeUnretainedValue().dispatch(
        opcode: opcode, arguments: arguments)
    return 0
}

private let resourceDestroyed: @convention(c) (OpaquePointer?) -> Void = { resource in
    guard let resource, let context = wl_resource_get_user_data(resource) else { return }
    Unmanaged<WaylandResource>.fromOpaque(context).takeUnretainedValue().ended()
}
