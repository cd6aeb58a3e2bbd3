import Foundation
import MaLiangEditor

/// The desktop's preferences the window follows, from the XDG desktop portal's Settings interface on the session
/// bus: light or dark, and the size of its text (GNOME's font and text scaling, or Plasma's font). Read at start,
/// then followed as they change (SettingChanged). Without a session bus or a portal nothing happens: the window
/// keeps its dark look and its own text size, and ``unavailable`` says why.
final class DesktopSettings {
    enum ColorScheme: UInt32 {
        case noPreference = 0
        case dark = 1
        case light = 2
    }

    /// Told the scheme when it is read and whenever it changes.
    var onColorScheme: ((ColorScheme) -> Void)?
    /// Told the desktop's text scale (``TextScale``) when its font is read and whenever it or its scaling changes.
    var onTextScale: ((Double) -> Void)?
    /// Why the preferences cannot be followed, when they cannot.
    private(set) var unavailable: String?
    private var changes: SessionBus.Subscription?
    private let bus: SessionBus
    private var text = DesktopText()

    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    static let appearance = (namespace: "org.freedesktop.appearance", key: "color-scheme")

    init(bus: SessionBus) {
        self.bus = bus
        guard bus.bus != nil else {
            unavailable = bus.unavailable
            return
        }
        changes = bus.subscribe(path: Self.path, interface: Self.interface, member: "SettingChanged") {
            [weak self] message in
            guard let namespace = message.readString(), let key = message.readString() else { return }
            self?.take(namespace, key, message)
        }
        let settings = [Self.appearance] + DesktopText.settings
        for (namespace, key) in settings {
            bus.call(
                destination: Self.destination, path: Self.path, interface: Self.interface, method: "Read",
                build: { $0.append(namespace) && $0.append(key) },
                answered: { [weak self] reply in
                    switch reply {
                    case .success(let message):
                        self?.take(namespace, key, message)
                    case .failure(let error) where namespace == Self.appearance.namespace:
                        self?.unavailable = "the desktop portal does not answer: \(error.description)"
                    case .failure:
                        break  // Another desktop's setting.
                    }
                })
        }
    }

    /// A setting's value, read or changed.
    private func take(_ namespace: String, _ key: String, _ message: BusMessage) {
        if (namespace, key) == Self.appearance {
            if let value = Self.unwrap(message), case .number(let number) = value {
                onColorScheme?(ColorScheme(rawValue: UInt32(number)) ?? .noPreference)
            }
            return
        }
        guard let value = Self.unwrap(message), text.take(namespace, key, value), let scale = text.scale else { return }
        onTextScale?(scale)
    }

    /// A setting's value, in the variant the portal wraps it in once or twice.
    static func unwrap(_ message: BusMessage) -> DesktopText.Value? {
        while let next = message.peek() {
            switch next.type {
            case "v":
                guard let contents = next.contents, message.enter("v", contents) else { return nil }
            case "u":
                return message.readUInt32().map { .number(Double($0)) }
            case "d":
                return message.readDouble().map { .number($0) }
            case "s":
                return message.readString().map { .text($0) }
            default:
                return nil
            }
        }
        return nil
    }
}

/// The size of the desktop's text, from the settings that say it: GNOME's `font-name` ("Cantarell 11") and
/// `text-scaling-factor`, or Plasma's `font` ("Noto Sans,10,-1,5,50,0,0,0,0,0").
struct DesktopText {
    enum Value: Equatable {
        case number(Double)
        case text(String)
    }

    static let gnome = "org.gnome.desktop.interface"
    static let plasma = "org.kde.kdeglobals.General"
    static let settings = [(gnome, "font-name"), (gnome, "text-scaling-factor"), (plasma, "font")]

    private var points: Double?
    private var factor = 1.0

    /// The panels' scale for the text known so far; nil until a font's size is known.
    var scale: Double? { points.map { TextScale.forDesktopFont(points: $0, factor: factor) } }

    /// Takes a setting's value; whether it was one of these.
    mutating func take(_ namespace: String, _ key: String, _ value: Value) -> Bool {
        switch (namespace, key, value) {
        case (Self.gnome, "font-name", .text(let name)):
            guard let size = Self.pangoSize(name) else { return false }
            points = size
        case (Self.gnome, "text-scaling-factor", .number(let number)):
            guard number.isFinite, number > 0 else { return false }
            factor = number
        case (Self.plasma, "font", .text(let description)):
            let fields = description.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 1, let size = Double(fields[1]), size.isFinite, size > 0 else { return false }
            points = size
        default:
            return false
        }
        return true
    }

    /// The size at the end of a Pango font description ("Cantarell Bold 11"), in points; nil when there is none.
    static func pangoSize(_ name: String) -> Double? {
        guard let last = name.split(separator: " ").last, let size = Double(last), size.isFinite, size > 0 else {
            return nil
        }
        return size
    }
}
