import MaLiang

/// Changes on their way into a document file. Each batch is written at once when it can be; when the file refuses
/// (a full disk, a folder gone), the batch and every later one wait in memory, in order, and are written as soon
/// as writing works again — nothing drawn is lost while the problem lasts, and nothing is written out of order.
public final class SaveQueue {
    public let file: DocumentFile
    private var waiting: [[DocumentChange]] = []
    /// Why the oldest waiting batch could not be written.
    public private(set) var lastError: StoreError?

    public init(file: DocumentFile) { self.file = file }

    /// Where saving stands.
    public enum State: Equatable, Sendable {
        /// Everything is in the file.
        case saved
        /// `edits` user actions are kept in memory only, because of `error`.
        case waiting(edits: Int, error: StoreError)
    }

    public var state: State {
        guard !waiting.isEmpty, let lastError else { return .saved }
        return .waiting(edits: waiting.count, error: lastError)
    }

    /// Queues one user action's changes and writes everything waiting, oldest first.
    @discardableResult
    public func save(_ changes: [DocumentChange]) -> State {
        if !changes.isEmpty { waiting.append(changes) }
        return retry()
    }

    /// Writes what is waiting, oldest first, stopping at the first batch the file refuses.
    @discardableResult
    public func retry() -> State {
        while let batch = waiting.first {
            do {
                try file.write(batch)
            } catch {
                lastError = error
                return state
            }
            waiting.removeFirst()
        }
        lastError = nil
        return .saved
    }
}
