import CSystemd
import Foundation
import WaylandClient

/// The user's session bus (sd-bus), its messages handled on the window's event loop. The desktop portals are
/// reached through it. Without a session bus, ``bus`` is nil and ``unavailable`` says why.
final class SessionBus {
    private(set) var bus: OpaquePointer?
    /// Why there is no session bus, when there is none.
    private(set) var unavailable: String?
    private var watch: (loop: EventLoop, token: Int)?

    init(loop: EventLoop) {
        var opened: OpaquePointer?
        let result = sd_bus_open_user(&opened)
        guard result >= 0, let opened else {
            unavailable = "no session bus (\(String(cString: strerror(-result))))"
            return
        }
        bus = opened
        let token = loop.watch(sd_bus_get_fd(opened)) { [weak self] _ in self?.process() }
        watch = (loop, token)
    }

    deinit {
        if let watch { watch.loop.cancel(watch.token) }
        if let bus { sd_bus_flush_close_unref(bus) }
    }

    /// This connection's name on the bus, ":1.42" (portals name their requests after it).
    var uniqueName: String? {
        guard let bus else { return nil }
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    /// Sends what is queued; the answers come through the event loop.
    func flush() {
        if let bus { sd_bus_flush(bus) }
    }

    /// Handles what came from the bus.
    private func process() {
        guard let bus else { return }
        while sd_bus_process(bus, nil) > 0 {}
    }

    /// Calls `method` with the arguments `build` appends; `answered` gets the reply or the error's text. Returns
    /// false when the call could not be sent.
    @discardableResult
    func call(
        destination: String, path: String, interface: String, method: String,
        build: (BusMessage) -> Bool, answered: @escaping (Result<BusMessage, BusCallError>) -> Void
    ) -> Bool {
        guard let bus else { return false }
        var message: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &message, destination, path, interface, method) >= 0, let message
        else { return false }
        defer { sd_bus_message_unref(message) }
        guard build(BusMessage(message)) else { return false }
        let callback = Callback(answered)
        var slot: OpaquePointer?
        let result = sd_bus_call_async(
            bus, &slot, message,
            { reply, userdata, _ in
                guard let reply, let userdata else { return 0 }
                let callback = Unmanaged<Callback>.fromOpaque(userdata).takeRetainedValue()
                if sd_bus_message_is_method_error(reply, nil) != 0 {
                    let error = sd_bus_message_get_error(reply)
                    let text = error?.pointee.message.map { String(cString: $0) } ?? "an error without words"
                    callback.handler(.failure(BusCallError(description: text)))
                } else {
                    callback.handler(.success(BusMessage(reply)))
                }
                return 0
            }, Unmanaged.passRetained(callback).toOpaque(), 0)
        guard result >= 0, let slot else {
            Unmanaged.passUnretained(callback).release()
            return false
        }
        // The slot lives as long as the bus (floating); the callback releases its context.
        sd_bus_slot_set_floating(slot, 1)
        flush()
        return true
    }

    /// Calls `handler` with each signal `member` of `interface` sent on `path`; the subscription lasts until the
    /// returned ``Subscription`` is cancelled or released.
    func subscribe(path: String?, interface: String, member: String, handler: @escaping (BusMessage) -> Void)
        -> Subscription?
    {
        guard let bus else { return nil }
        let callback = SignalCallback(handler)
        var slot: OpaquePointer?
        let result = sd_bus_match_signal(
            bus, &slot, nil, path, interface, member,
            { message, userdata, _ in
                guard let message, let userdata else { return 0 }
                Unmanaged<SignalCallback>.fromOpaque(userdata).takeUnretainedValue().handler(BusMessage(message))
                return 0
            }, Unmanaged.passUnretained(callback).toOpaque())
        guard result >= 0, let slot else { return nil }
        return Subscription(slot: slot, callback: callback)
    }

    /// A signal subscription; released, it ends.
    final class Subscription {
        private var slot: OpaquePointer?
        private let callback: SignalCallback

        fileprivate init(slot: OpaquePointer, callback: SignalCallback) {
            self.slot = slot
            self.callback = callback
        }

        func cancel() {
            if let slot { sd_bus_slot_unref(slot) }
            slot = nil
        }

        deinit { cancel() }
    }

    private final class Callback {
        let handler: (Result<BusMessage, BusCallError>) -> Void
        init(_ handler: @escaping (Result<BusMessage, BusCallError>) -> Void) { self.handler = handler }
    }

    fileprivate final class SignalCallback {
        let handler: (BusMessage) -> Void
        init(_ handler: @escaping (BusMessage) -> Void) { self.handler = handler }
    }
}

/// A D-Bus method call that came back with an error.
struct BusCallError: Error, CustomStringConvertible {
    var description: String
}
