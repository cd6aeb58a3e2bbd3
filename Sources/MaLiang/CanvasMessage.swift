import MaLiangEditor

/// Something the canvas tells its user: a change that cannot be saved, an image that cannot be used, saving that
/// works again.
public struct CanvasMessage: Equatable, Sendable, CustomStringConvertible {
    /// How much the message matters.
    public enum Severity: Equatable, Sendable {
        /// Something done (saving works again).
        case info
        /// Something the user should know (part of a file left out, a copy made).
        case warning
        /// Something not done (a change not saved, an image refused).
        case error

        init(_ severity: StatusMessage.Severity) {
            switch severity {
            case .info: self = .info
            case .warning: self = .warning
            case .error: self = .error
            }
        }
    }

    /// How much the message matters.
    public var severity: Severity
    /// The message, a sentence for the user.
    public var text: String

    /// A message of `severity` saying `text`.
    public init(severity: Severity, text: String) {
        self.severity = severity
        self.text = text
    }

    init(_ message: StatusMessage) { self.init(severity: Severity(message.severity), text: message.text) }

    /// The message's text.
    public var description: String { text }
}

/// Why a canvas call could not do what it was asked.
public struct CanvasError: Error, CustomStringConvertible {
    /// What went wrong, a sentence for the user.
    public let description: String
    init(_ description: String) { self.description = description }
}
