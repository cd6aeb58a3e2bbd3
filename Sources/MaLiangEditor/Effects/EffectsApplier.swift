import MaLiangCore
import MaLiangStore

/// Keeps document changes: the document file's save queue, or anything else that must have them first.
public protocol ChangeStore: AnyObject {
    /// Keeps `changes` (after everything kept before) and says where saving stands.
    func save(_ changes: [DocumentChange]) -> SaveQueue.State
    /// Tries again to write what is waiting.
    func retry() -> SaveQueue.State
    /// What happened to the file that the user must hear (deleted or replaced under the window), once each.
    func takeNotices() -> [String]
}

extension ChangeStore {
    public func takeNotices() -> [String] { [] }
}

extension SaveQueue: ChangeStore {}

/// Draws what the document and the stroke in progress look like.
public protocol EffectsRenderer: AnyObject {
    /// Shows the live-stroke changes, then the document changes.
    func render(live: [LiveChange], changes: [DocumentChange]) throws
    /// Draws everything again from the document (after a failure left the picture in doubt).
    func rebuild() throws
}

/// Puts frames on screen and does what only the shell can.
public protocol FrameScheduler: AnyObject {
    /// Schedules a frame for `effects` (damage or a full redraw) and carries out its requests.
    func present(_ effects: Effects)
}

/// Applies effects in one fixed order, so nothing the user makes depends on the GPU or the screen:
///
/// 1. **Persist**: the document changes go to the store before anything is drawn; a failure keeps them queued
///    and is shown (``StatusLine/saving``).
/// 2. **Render**: the live stroke and the changes are drawn; a failure is shown and the picture is rebuilt from
///    the document, which already holds everything.
/// 3. **Present**: a frame is scheduled, and the requests are carried out.
///
/// Messages reach the status line (and `onMessage`, which writes them to standard error) in between.
public final class EffectsApplier {
    public let store: ChangeStore?
    public let renderer: EffectsRenderer?
    /// Not kept alive here: it is usually the shell that owns this applier.
    public weak var frames: FrameScheduler?
    public private(set) var status = StatusLine()
    /// Told every message as it is posted.
    public var onMessage: ((StatusMessage) -> Void)?
    /// Told when drawing failed (the picture is rebuilt; the shell decides whether it can go on at all).
    public var onDrawingFailure: ((any Error) -> Void)?
    private let clock: () -> UInt64

    public init(
        store: ChangeStore?, renderer: EffectsRenderer?, frames: FrameScheduler? = nil,
        clock: @escaping () -> UInt64 = MonotonicClock.microseconds
    ) {
        self.store = store
        self.renderer = renderer
        self.frames = frames
        self.clock = clock
    }

    public func apply(_ effects: Effects) {
        var effects = effects
        if let store, !effects.changes.isEmpty {
            let before = status.saving
            let state = store.save(effects.changes)
            status.update(saving: state)
            if case .waiting(_, let error) = state, before == .saved {
                effects.messages.append(StatusMessage(.error, "Not saved: \(error.message)"))
            } else if case .waiting = before, state == .saved {
                effects.messages.append(StatusMessage(.info, "Saved: everything kept in memory is in the file now"))
            }
            effects.messages += store.takeNotices().map { StatusMessage(.warning, $0) }
        }
        if let renderer, !(effects.live.isEmpty && effects.changes.isEmpty) {
            do {
                try renderer.render(live: effects.live, changes: effects.changes)
            } catch {
                onDrawingFailure?(error)
                effects.messages.append(
                    StatusMessage(.error, "Drawing failed (\(error)); the picture is being rebuilt from the document"))
                effects.redraw = true
                do { try renderer.rebuild() } catch {
                    effects.messages.append(StatusMessage(.error, "The picture cannot be rebuilt: \(error)"))
                }
            }
        }
        for message in effects.messages { post(message) }
        frames?.present(effects)
    }

    /// Tries again to write what is waiting (a timer calls this while saving fails); returns where saving stands.
    @discardableResult
    public func retrySaving() -> SaveQueue.State {
        guard let store else { return .saved }
        let before = status.saving
        let state = store.retry()
        status.update(saving: state)
        for notice in store.takeNotices() { post(StatusMessage(.warning, notice)) }
        if case .waiting = before, state == .saved {
            post(StatusMessage(.info, "Saved: everything kept in memory is in the file now"))
        }
        return state
    }

    /// Shows a message that did not come from an edit (an export, a paste, a drop).
    public func post(_ message: StatusMessage) {
        status.post(message, at: clock())
        onMessage?(message)
    }
}

/// Microseconds on the monotonic clock.
public enum MonotonicClock {
    public static func microseconds() -> UInt64 {
        // The origin is read before the clock: it is set on first use, and must not come after "now".
        let origin = start
        let elapsed = ContinuousClock.now - origin
        let micro = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        return UInt64(max(micro, 0))
    }

    private static let start = ContinuousClock.now
}
