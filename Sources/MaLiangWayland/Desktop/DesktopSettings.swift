import CSystemd
import Foundation
import WaylandClient

/// The desktop's light or dark preference, from the XDG desktop portal's Settings interface on the session bus
/// (sd-bus): read at start, then followed as it changes (SettingChanged). The only place sd-bus is called. Without a
/// session bus or a portal nothing happens: the window keeps its dark look, and ``unavailable`` says why.
final class DesktopSettings {
    enum ColorScheme: UInt32 {
        case noPreference = 0
        case dark = 1
        case light = 2
    }

    /// Told the scheme when it is read and whenever it changes.
    var onColorScheme: ((ColorScheme) -> Void)?
    /// Why the preference cannot be followed, when it cannot.
    private(set) var unavailable: String?
    private var bus: OpaquePointer?
    private var slots: [OpaquePointer] = []
    private var watch: (loop: EventLoop, token: Int)?

    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    static let namespace = "org.freedesktop.appearance"
    static let key = "color-scheme"

    init(loop: EventLoop) {
        var opened: OpaquePointer?
        let result = sd_bus_open_user(&opened)
        guard result >= 0, let opened else {
            unavailable = "no session bus (\(String(cString: strerror(-result))))"
            return
        }
        bus = opened
        let me = Unmanaged.passUnretained(self).toOpaque()
        var slot: OpaquePointer?
        if sd_bus_match_signal(
            opened, &slot, Self.destination, Self.path, Self.interface, "SettingChanged",
            { message, userdata, _ in
                guard let message, let userdata else { return 0 }
                Unmanaged<DesktopSettings>.fromOpaque(userdata).takeUnretainedValue().settingChanged(message)
                return 0
            }, me) >= 0, let slot
        {
            slots.append(slot)
        }
        readColorScheme()
        let token = loop.watch(sd_bus_get_fd(opened)) { [weak self] _ in self?.process() }
        watch = (loop, token)
        sd_bus_flush(opened)
    }

    deinit {
        if let watch { watch.loop.cancel(watch.token) }
        for slot in slots { sd_bus_slot_unref(slot) }
        if let bus { sd_bus_flush_close_unref(bus) }
    }

    /// Handles what came from the bus.
    private func process() {
        guard let bus else { return }
        while sd_bus_process(bus, nil) > 0 {}
    }

    /// Asks the portal for the scheme (Settings.Read); the answer comes through ``process()``.
    private func readColorScheme() {
        guard let bus else { return }
        var message: OpaquePointer?
        guard
            sd_bus_message_new_method_call(bus, &message, Self.destination, Self.path, Self.interface, "Read") >= 0,
            let message
        else { return }
        defer { sd_bus_message_unref(message) }
        guard append(Self.namespace, to: message), append(Self.key, to: message) else { return }
        var slot: OpaquePointer?
        let me = Unmanaged.passUnretained(self).toOpaque()
        let result = sd_bus_call_async(
            bus, &slot, message,
            { reply, userdata, _ in
                guard let reply, let userdata else { return 0 }
                Unmanaged<DesktopSettings>.fromOpaque(userdata).takeUnretainedValue().answered(reply)
                return 0
            }, me, 0)
        if result >= 0, let slot { slots.append(slot) }
    }

    private func answered(_ reply: OpaquePointer) {
        if sd_bus_message_is_method_error(reply, nil) != 0 {
            let error = sd_bus_message_get_error(reply)
            unavailable =
                "the desktop portal does not answer: " + (error?.pointee.message.map { String(cString: $0) } ?? "")
            return
        }
        if let scheme = Self.readScheme(reply) { onColorScheme?(scheme) }
    }

    private func settingChanged(_ message: OpaquePointer) {
        guard readString(message) == Self.namespace, readString(message) == Self.key,
            let scheme = Self.readScheme(message)
        else { return }
        onColorScheme?(scheme)
    }

    /// The scheme in a variant (the portal wraps it once or twice), unknown values as no preference.
    private static func readScheme(_ message: OpaquePointer) -> ColorScheme? {
        while true {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "v"):
                guard sd_bus_message_enter_container(message, type, contents) >= 0 else { return nil }
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                guard sd_bus_message_read_basic(message, type, &value) >= 0 else { return nil }
                return ColorScheme(rawValue: value) ?? .noPreference
            default:
                return nil
            }
        }
    }

    private func readString(_ message: OpaquePointer) -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &value) >= 0, let value else { return nil }
        return String(cString: value)
    }

    private func append(_ string: String, to message: OpaquePointer) -> Bool {
        string.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) } >= 0
    }
}
