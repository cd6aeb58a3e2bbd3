import CWaylandClient
import CWaylandProtocols
import WaylandProtocol

/// What every generated interface class states about its protocol interface.
public protocol WaylandInterface: AnyObject {
    /// The interface's name in the protocol XML, e.g. `wl_surface`.
    static var interfaceName: String { get }
    /// The highest version the generated bindings understand: never bind above it.
    static var supportedVersion: UInt32 { get }
    /// libwayland's description of the interface.
    static var interface: UnsafePointer<wl_interface> { get }
}

/// A client-side protocol object (a `wl_proxy`). Generated subclasses add the requests and the event enum.
///
/// Lifetime: the connection keeps every live object; a destructor request, ``destroyLocally()`` or closing the
/// connection ends it. Requests on an ended object are ignored, so a stale reference can never reach a freed
/// proxy.
public class WaylandObject {
    /// The connection the object belongs to.
    let owner: WaylandConnection
    /// The proxy, or `nil` once the object is destroyed (or was never created because its parent was dead): the
    /// raw `wl_proxy*` (a `wl_surface*` for a ``WlSurface``) for C libraries such as Vulkan's WSI or EGL.
    public private(set) var proxy: OpaquePointer?
    /// The version the object was created with.
    public let version: UInt32
    /// Whether the proxy belongs to someone else (e.g. the display itself, or an object Mesa created): such an
    /// object is never dispatched to and never destroyed by us.
    let isForeign: Bool

    required init(proxy: OpaquePointer?, owner: WaylandConnection, version: UInt32, foreign: Bool) {
        self.proxy = proxy
        self.owner = owner
        self.version = version
        self.isForeign = foreign
    }

    /// The protocol object id, or 0 once destroyed.
    public var id: UInt32 { proxy.map { wl_proxy_get_id($0) } ?? 0 }

    public var isAlive: Bool { proxy != nil }

    /// The raw `wl_object` pointer, for arguments.
    package var objectPointer: OpaquePointer? { proxy }

    /// Overridden by generated classes: decodes one event.
    func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>) {}

    /// Crashes with a clear message when a request needs a newer version than the object has: a programming error
    /// that the compositor would otherwise punish with a protocol error.
    func requireVersion(_ since: UInt32, for request: String) {
        precondition(
            proxy == nil || version >= since,
            "\(Self.self).\(request) needs version \(since); the object has version \(version)")
    }

    func send(opcode: UInt32, arguments: inout [wl_argument], destroying: Bool = false) {
        guard let proxy else { return }
        let flags = destroying ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0
        _ = arguments.withUnsafeMutableBufferPointer {
            wl_proxy_marshal_array_flags(proxy, opcode, nil, version, flags, $0.baseAddress)
        }
        if destroying { forget() }
    }

    func create<Object: WaylandObject & WaylandInterface>(
        opcode: UInt32, _ type: Object.Type, version: UInt32, arguments: inout [wl_argument]
    ) -> Object {
        guard let proxy else { return Object(proxy: nil, owner: owner, version: version, foreign: false) }
        let created = arguments.withUnsafeMutableBufferPointer {
            wl_proxy_marshal_array_flags(proxy, opcode, Object.interface, version, 0, $0.baseAddress)
        }
        return owner.adopt(created, Object.self, version: version)
    }

    /// Destroys the proxy without sending a request: for objects the compositor ends itself (`wl_callback` after
    /// `done`) or interfaces without a destructor request.
    public func destroyLocally() {
        guard let proxy, !isForeign else { return }
        forget()
        wl_proxy_destroy(proxy)
    }

    /// Marks the object dead and drops the connection's reference.
    func forget() {
        guard let proxy else { return }
        self.proxy = nil
        if !isForeign { owner.unregister(proxy) }
    }
}

/// libwayland's entry point for every event of every object we created: `implementation` is the object.
let clientDispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, arguments in
    guard let implementation, let arguments else { return 0 }
    let object = Unmanaged<WaylandObject>.fromOpaque(implementation).takeUnretainedValue()
    object.dispatch(opcode: opcode, arguments: arguments)
    return 0
}
