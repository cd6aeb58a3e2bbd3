import Foundation

/// The desktop's own file dialogs — GNOME's, KDE's — through the XDG desktop portal's FileChooser
/// (org.freedesktop.portal.FileChooser) on the session bus. A dialog is a request: the call returns at once, the
/// answer comes later as the request's Response signal, handed to the caller's closure on the event loop. One
/// dialog at a time.
final class FileChooser {
    /// A filter a dialog offers: its name and the glob patterns of the files it shows.
    struct Filter {
        var name: String
        var patterns: [String]
    }

    /// A choice a save dialog shows beside the name: a check box (no options; "true" or "false") or a list.
    struct Choice {
        var id: String
        var label: String
        var options: [(id: String, label: String)] = []
        var initial: String
    }

    enum Answer {
        /// The file picked, the choices made (their ids and values), and the name of the filter shown last.
        case chosen(URL, choices: [String: String], filter: String?)
        case cancelled
        /// No dialog could be shown: the words say why.
        case failed(String)
    }

    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.FileChooser"

    private let bus: SessionBus
    private var requests = 0
    /// The dialog being shown: its Response subscription.
    private var pending: SessionBus.Subscription?

    /// The portal's name of the window a dialog stands on ("wayland:HANDLE"), or "" for none.
    var parentWindow: () -> String = { "" }

    init(bus: SessionBus) { self.bus = bus }

    /// Asks for an existing file to open.
    func open(title: String, acceptLabel: String, filters: [Filter], answer: @escaping (Answer) -> Void) {
        request(
            method: "OpenFile", title: title,
            options: [acceptLabelOption(acceptLabel), filtersOption(filters), ("modal", "b", { $0.append(true) })],
            answer: answer)
    }

    /// Asks where to save: a file name to suggest, the folder to start in, the filters and choices to show.
    func save(
        title: String, acceptLabel: String, name: String, folder: URL?, filters: [Filter], choices: [Choice] = [],
        answer: @escaping (Answer) -> Void
    ) {
        var options = [
            acceptLabelOption(acceptLabel), filtersOption(filters), ("modal", "b", { $0.append(true) }),
            ("current_name", "s", { $0.append(name) }),
        ]
        if let folder {
            // A path as bytes, NUL included (file names need not be UTF-8).
            options.append(("current_folder", "ay", { $0.append(bytes: Array(folder.path.utf8) + [0]) }))
        }
        if !choices.isEmpty { options.append(choicesOption(choices)) }
        request(method: "SaveFile", title: title, options: options, answer: answer)
    }

    private typealias Option = (key: String, signature: String, value: (BusMessage) -> Bool)

    private func acceptLabelOption(_ label: String) -> Option { ("accept_label", "s", { $0.append(label) }) }

    private func filtersOption(_ filters: [Filter]) -> Option {
        (
            "filters", "a(sa(us))",
            { message in
                message.structs("sa(us)", filters) { filter in
                    // 0: a glob pattern (1 would be a MIME type).
                    message.append(filter.name)
                        && message.structs("us", filter.patterns) { message.append(UInt32(0)) && message.append($0) }
                }
            }
        )
    }

    private func choicesOption(_ choices: [Choice]) -> Option {
        (
            "choices", "a(ssa(ss)s)",
            { message in
                message.structs("ssa(ss)s", choices) { choice in
                    message.append(choice.id) && message.append(choice.label)
                        && message.structs("ss", choice.options) { message.append($0.id) && message.append($0.label) }
                        && message.append(choice.initial)
                }
            }
        )
    }

    /// Subscribes to the request's Response first (the portal may answer before the call returns), then calls.
    private func request(method: String, title: String, options: [Option], answer: @escaping (Answer) -> Void) {
        guard pending == nil else {
            answer(.failed("a file dialog is already open"))
            return
        }
        guard let sender = bus.uniqueName else {
            answer(.failed(bus.unavailable ?? "no session bus"))
            return
        }
        requests += 1
        let token = "maliang\(getpid())_\(requests)"
        // The portal names a request after its caller's bus name (":1.42" → "1_42") and the token.
        let handle =
            "\(Self.path)/request/\(sender.dropFirst().replacingOccurrences(of: ".", with: "_"))/\(token)"
        var finished = false
        let finish: (Answer) -> Void = { [weak self] result in
            guard !finished else { return }
            finished = true
            self?.pending = nil
            answer(result)
        }
        pending = bus.subscribe(path: handle, interface: "org.freedesktop.portal.Request", member: "Response") {
            message in finish(Self.readResponse(message))
        }
        guard pending != nil else {
            finish(.failed("cannot listen for the dialog's answer on the session bus"))
            return
        }
        let sent = bus.call(
            destination: Self.destination, path: Self.path, interface: Self.interface, method: method,
            build: { message in
                // The dialog stands on this window where the compositor exported it (xdg-foreign), so it opens
                // above it and modal to it; "" where it could not.
                message.append(self.parentWindow())
                    && message.append(title)
                    && message.appendOptions([("handle_token", "s", { $0.append(token) })] + options)
            },
            answered: { reply in
                if case .failure(let error) = reply {
                    finish(.failed("the desktop portal shows no file dialog (\(error.description))"))
                }
            })
        if !sent { finish(.failed("cannot ask the desktop portal for a file dialog")) }
    }

    /// Response(u response, a{sv} results): 0 chosen, 1 cancelled, 2 ended otherwise.
    private static func readResponse(_ message: BusMessage) -> Answer {
        guard let code = message.readUInt32() else { return .failed("the file dialog's answer cannot be read") }
        guard code == 0 else { return code == 1 ? .cancelled : .failed("the file dialog ended without a file") }
        var uris: [String] = []
        var choices: [String: String] = [:]
        var filter: String?
        let read = message.readOptions { key, value in
            switch key {
            case "uris":
                guard value.enter("a", "s") else { return }
                while let uri = value.readString() { uris.append(uri) }
                _ = value.exit()
            case "choices":
                guard value.enter("a", "(ss)") else { return }
                while value.enter("r", "ss") {
                    if let id = value.readString(), let chosen = value.readString() { choices[id] = chosen }
                    _ = value.exit()
                }
                _ = value.exit()
            case "current_filter":
                guard value.enter("r", "sa(us)") else { return }
                filter = value.readString()
                _ = value.skip("a(us)")
                _ = value.exit()
            default: break
            }
        }
        guard read, let first = uris.first, let url = URL(string: first), url.isFileURL else {
            return .failed("the file dialog answered no local file")
        }
        return .chosen(url, choices: choices, filter: filter)
    }
}
