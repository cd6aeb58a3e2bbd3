import MaLiangStore

/// What the status strip shows: a problem with saving while it lasts, else the latest message for a few seconds.
public struct StatusLine: Equatable, Sendable {
    /// How long a message stays, in microseconds (an error stays twice as long).
    public static let messageLifetime: UInt64 = 5_000_000

    public private(set) var message: StatusMessage?
    private var postedAt: UInt64 = 0
    /// Where saving stands.
    public private(set) var saving: SaveQueue.State = .saved
    /// Every error shown since the start (failed saves, exports, pastes, drops, drawing).
    public private(set) var errorCount = 0

    public init() {}

    public mutating func post(_ message: StatusMessage, at now: UInt64) {
        self.message = message
        postedAt = now
        if message.severity == .error { errorCount += 1 }
    }

    public mutating func update(saving state: SaveQueue.State) { saving = state }

    /// The text the strip shows now, or nil when there is nothing to say.
    public func text(at now: UInt64) -> (String, StatusMessage.Severity)? {
        if case .waiting(let edits, let error) = saving {
            // Short enough for the strip: what is wrong, and what becomes of the work (details go to the log).
            let what = edits == 1 ? "1 change is" : "\(edits) changes are"
            let reason = error.kind == .diskFull ? "the disk is full" : error.message
            return ("Not saved (\(reason)): \(what) kept in memory and written as soon as saving works", .error)
        }
        guard let message else { return nil }
        let lifetime = message.severity == .error ? 2 * Self.messageLifetime : Self.messageLifetime
        return now < postedAt + lifetime ? (message.text, message.severity) : nil
    }

    /// When the strip next changes by itself (a message expiring), if it will.
    public func nextExpiry(after now: UInt64) -> UInt64? {
        guard let message, case .saved = saving else { return nil }
        let end = postedAt + (message.severity == .error ? 2 * Self.messageLifetime : Self.messageLifetime)
        return end > now ? end : nil
    }
}
