import CWaylandClient
import Glibc

/// The single-thread loop that reads Wayland events and also waits on timers and other file descriptors.
///
/// Each turn: dispatch what is queued (`prepare_read` until it succeeds), flush, `poll` the display and the
/// watched descriptors until the nearest timer, `read_events` or `cancel_read`, dispatch, then run due timers
/// and ready descriptors.
public final class EventLoop {
    public let connection: WaylandConnection
    private var timers: [Int: Timer] = [:]
    private var watches: [Int: Watch] = [:]
    private var nextToken = 0
    private var stopped = false

    private struct Timer {
        var deadline: ContinuousClock.Instant
        var interval: Duration?
        var action: () -> Void
    }

    private struct Watch {
        var descriptor: Int32
        var events: Int16
        var action: (Int16) -> Void
    }

    public init(connection: WaylandConnection) { self.connection = connection }

    /// Runs `action` after `delay`, and then every `interval` when one is given. Returns a token for ``cancel(_:)``.
    @discardableResult
    public func schedule(after delay: Duration, every interval: Duration? = nil, _ action: @escaping () -> Void) -> Int
    {
        nextToken += 1
        timers[nextToken] = Timer(deadline: .now + delay, interval: interval, action: action)
        return nextToken
    }

    /// Calls `action` with the returned events whenever `descriptor` is ready for `events` (POLLIN by default).
    @discardableResult
    public func watch(_ descriptor: Int32, events: Int16 = Int16(POLLIN), _ action: @escaping (Int16) -> Void) -> Int {
        nextToken += 1
        watches[nextToken] = Watch(descriptor: descriptor, events: events, action: action)
        return nextToken
    }

    /// Cancels a timer or a watch.
    public func cancel(_ token: Int) {
        timers[token] = nil
        watches[token] = nil
    }

    /// Makes ``run(until:)`` return after the current turn.
    public func stop() { stopped = true }

    /// Turns the loop until `condition` holds, ``stop()`` is called, or `timeout` passes (then returns `false`).
    @discardableResult
    public func run(until condition: () -> Bool = { false }, timeout: Duration? = nil) throws(WaylandError) -> Bool {
        stopped = false
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while !condition() && !stopped {
            if let deadline, ContinuousClock.now >= deadline { return false }
            try turn(maximumWait: deadline.map { $0 - .now })
        }
        return true
    }

    /// One turn of the loop, waiting at most `maximumWait` (or until the next timer) for something to happen.
    public func turn(maximumWait: Duration? = nil) throws(WaylandError) {
        let display = connection.display
        while wl_display_prepare_read(display) != 0 {
            try connection.dispatchPending()
        }
        let flushed: Bool
        do {
            flushed = try connection.flush()
        } catch {
            wl_display_cancel_read(display)
            throw error
        }

        var descriptors = [
            pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN) | (flushed ? 0 : Int16(POLLOUT)), revents: 0)
        ]
        let watched = Array(watches)
        descriptors += watched.map { pollfd(fd: $0.value.descriptor, events: $0.value.events, revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds(maximumWait))
        if ready < 0 {
            wl_display_cancel_read(display)
            if errno == EINTR { return }
            throw connection.fail()
        }
        let displayEvents = descriptors[0].revents
        if displayEvents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            if wl_display_read_events(display) < 0 { throw connection.fail() }
        } else {
            wl_display_cancel_read(display)
        }
        try connection.dispatchPending()
        runDueTimers()
        for (index, entry) in watched.enumerated() where descriptors[index + 1].revents != 0 {
            // A handler may have cancelled a later watch during this turn.
            if watches[entry.key] != nil { entry.value.action(descriptors[index + 1].revents) }
        }
    }

    private func waitMilliseconds(_ maximumWait: Duration?) -> Int32 {
        var wait = maximumWait
        if let next = timers.values.map(\.deadline).min() {
            let untilTimer = next - .now
            wait = wait.map { min($0, untilTimer) } ?? untilTimer
        }
        guard let wait else { return -1 }
        let (seconds, attoseconds) = wait.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        // Round up so a timer is never polled for a moment too early.
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    private func runDueTimers() {
        let now = ContinuousClock.now
        for (token, timer) in timers.sorted(by: { $0.value.deadline < $1.value.deadline }) where timer.deadline <= now {
            if let interval = timer.interval {
                timers[token]?.deadline = now + interval
            } else {
                timers[token] = nil
            }
            timer.action()
        }
    }
}
