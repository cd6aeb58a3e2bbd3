import Synchronization

/// How far the opening of a drawing has come, shared between the thread that reads its strokes and the window's
/// thread, which stamps them and shows the opening. The only state the two share.
final class OpeningProgress: Sendable {
    /// What the opening is doing.
    enum Step: Sendable, Equatable {
        /// Reading the strokes from the file.
        case reading
        /// Stamping the strokes that have no paint kept in the file.
        case stamping
        /// Making the drawing's first frame.
        case showing
    }

    struct State: Sendable, Equatable {
        var step = Step.reading
        /// 0…1 through the step.
        var fraction = 0.0
        /// The opening is over: the window goes on to show the drawing.
        var finished = false

        /// What the window shows of it: the step and the whole percent.
        var looks: String { "\(step) \(Int((fraction * 100).rounded(.down)))" }
    }

    private let state = Mutex(State())

    var current: State { state.withLock { $0 } }

    /// Moves to `step` at `fraction` (held within 0…1; a NaN is taken as 0).
    func report(_ step: Step, _ fraction: Double) {
        let held = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        state.withLock {
            $0.step = step
            $0.fraction = held
        }
    }

    /// The opening is over (or failed).
    func finish() { state.withLock { $0.finished = true } }
}
