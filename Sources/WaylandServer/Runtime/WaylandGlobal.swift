import CWaylandProtocols
import CWaylandServer

/// Any advertised global, whatever its resource type.
public protocol WithdrawableGlobal: AnyObject {
    func remove()
}

/// A global the server advertises; each client bind creates a `Resource` and hands it to `onBind`.
public final class WaylandGlobal<Resource: WaylandResource & WaylandInterface>: WithdrawableGlobal {
    private unowned let owner: WaylandServerDisplay
    private var global: OpaquePointer?
    private let onBind: (Resource) -> Void

    /// Advertises the global at `version` (at most what the bindings support). The display keeps it alive.
    @discardableResult
    public init(
        _ display: WaylandServerDisplay, version: UInt32 = Resource.supportedVersion,
        onBind: @escaping (Resource) -> Void
    ) {
        owner = display
        self.onBind = onBind
        let context = Unmanaged.passUnretained(self).toOpaque()
        global = wl_global_create(
            display.display, Resource.interface, Int32(min(version, Resource.supportedVersion)), context, bindTrampoline
        )
        display.keep(self)
    }

    /// Withdraws the global (clients get `global_remove`); existing resources stay. The global itself lives on
    /// until the display goes, as in real compositors: a client may still bind it, having not yet read the
    /// removal, and destroying it would make that bind a fatal protocol error for the client.
    public func remove() {
        guard let global else { return }
        self.global = nil
        wl_global_remove(global)
    }

    fileprivate func bind(client: OpaquePointer, version: UInt32, id: UInt32) {
        onBind(Resource(owner: owner, client: client, version: version, id: id))
    }
}

/// The part of a global that the C trampoline can call without knowing the resource type.
private protocol GlobalBinding: AnyObject {
    func bindClient(_ client: OpaquePointer, version: UInt32, id: UInt32)
}

extension WaylandGlobal: GlobalBinding {
    fileprivate func bindClient(_ client: OpaquePointer, version: UInt32, id: UInt32) {
        bind(client: client, version: version, id: id)
    }
}

private let bindTrampoline: wl_global_bind_func_t = { client, context, version, id in
    guard let client, let context else { return }
    let global = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue()
    (global as? GlobalBinding)?.bindClient(client, version: version, id: id)
}
