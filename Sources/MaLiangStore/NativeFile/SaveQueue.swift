import MaLiangCore

/// Changes on their way into a document file. Each batch is written at once when it can be; when the file refuses
/// (a full disk, a folder gone), the batch and every later one wait in memory, in order, and are written as soon
/// as writing works again — nothing drawn is lost while the problem lasts, and nothing is written out of order.
public final class SaveQueue {
    public let file: DocumentFile
    private var waiting: [[DocumentChange]] = []
    /// Why the oldest waiting batch could not be written.
    public private(set) var lastError: StoreError?
    /// What the user must hear about where the drawing went (its file deleted or replaced), not yet taken.
    private var notices: [String] = []

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

    /// Writes what is waiting, oldest first, stopping at the first batch the file refuses. First makes sure the
    /// file is still where it was: one deleted is written again at its place, one replaced by another file goes on
    /// in a copy beside it.
    @discardableResult
    public func retry() -> State {
        do {
            try keepOnDisk()
        } catch {
            lastError = error
            return waiting.isEmpty ? .waiting(edits: 0, error: error) : state
        }
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

    /// Notices about where the drawing went since the last call.
    public func takeNotices() -> [String] {
        defer { notices = [] }
        return notices
    }

    private func keepOnDisk() throws(StoreError) {
        let name = file.url.lastPathComponent
        switch file.whereabouts {
        case .inPlace:
            return
        case .deleted:
            try file.move(to: file.url)
            notices.append("\(name) was deleted while open: the drawing is saved there again")
        case .replaced:
            let copy = FileNames.unused(file.url)
            try file.move(to: copy)
            notices.append(
                "\(name) was replaced by another file, which is left alone: the drawing goes on in "
                    + copy.lastPathComponent)
        }
    }
}
