import Foundation

/// The desktop's light or dark preference, from the XDG desktop portal's Settings interface on the session bus:
/// read at start, then followed as it changes (SettingChanged). Without a session bus or a portal nothing happens:
/// the window keeps its dark look, and ``unavailable`` says why.
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
    private var changes: SessionBus.Subscription?

    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    static let namespace = "org.freedesktop.appearance"
    static let key = "color-scheme"

    init(bus: SessionBus) {
        guard bus.bus != nil else {
            unavailable = bus.unavailable
            return
        }
        changes = bus.subscribe(path: Self.path, interface: Self.interface, member: "SettingChanged") {
            [weak self] message in
            guard message.readString() == Self.namespace, message.readString() == Self.key,
                let scheme = Self.readScheme(message)
            else { return }
            self?.onColorScheme?(scheme)
        }
        bus.call(
            destination: Self.destination, path: Self.path, interface: Self.interface, method: "Read",
            build: { $0.append(Self.namespace) && $0.append(Self.key) },
            answered: { [weak self] reply in
                switch reply {
                case .success(let message):
                    if let scheme = Self.readScheme(message) { self?.onColorScheme?(scheme) }
                case .failure(let error):
                    self?.unavailable = "the desktop portal does not answer: \(error.description)"
                }
            })
    }

    /// The scheme in a variant (the portal wraps it once or twice), unknown values as no preference.
    private static func readScheme(_ message: BusMessage) -> ColorScheme? {
        while let next = message.peek() {
            switch next.type {
            case "v":
                guard let contents = next.contents, message.enter("v", contents) else { return nil }
            case "u":
                return message.readUInt32().map { ColorScheme(rawValue: $0) ?? .noPreference }
            default:
                return nil
            }
        }
        return nil
    }
}
