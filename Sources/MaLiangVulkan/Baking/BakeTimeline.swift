import Glibc
import Synchronization

/// What every thread did during a bake, interval by interval — each stroke's stamps made, each chunk binned and
/// written, and the baking thread's steps — for `maliang bench render --host-only --timeline FILE`: when cores sit
/// idle and what the baking thread was doing meanwhile, which a process's busy share does not tell. Off unless a
/// benchmark records; then each interval costs two clock reads and an atomic add. It records every bake in the
/// process meanwhile (a benchmark runs one at a time).
package enum BakeTimeline {
    /// A step, named as the timeline file writes it.
    package enum Step: String, CaseIterable, Sendable {
        case strokeStamps = "stroke-stamps", binChunk = "bin-chunk", writeChunk = "write-chunk"
        /// The baking thread's steps.
        case waitingForStamps = "waiting-for-stamps", waitingForBinning = "waiting-for-binning", writing
        case startingBinning = "starting-binning"

        /// Work that keeps a core busy (the others are the baking thread's steps, waits among them).
        package var isWork: Bool { self == .strokeStamps || self == .binChunk || self == .writeChunk }
    }

    package struct Interval: Sendable {
        /// The thread, numbered in the order first seen (0: the thread that recorded).
        package var thread: Int
        package var step: Step
        /// Nanoseconds from the recording's start.
        package var start: UInt64
        package var end: UInt64
    }

    /// Intervals kept at most (a second's bake of small dabs makes about 200,000).
    private static let capacity = 2_000_000
    private static let recording = Atomic<Bool>(false)
    private static let recorded = Atomic<Int>(0)
    /// Written only while nothing records (``start()``); read by recording threads after `recording` is set.
    nonisolated(unsafe) private static var storage: UnsafeMutablePointer<RawInterval>?

    private struct RawInterval {
        var thread: pthread_t
        var step: Step
        var start: UInt64
        var end: UInt64
    }

    /// Starts recording (the baking thread calls this before the bake).
    package static func start() {
        if storage == nil { storage = .allocate(capacity: capacity) }
        recorded.store(0, ordering: .relaxed)
        recording.store(true, ordering: .releasing)
    }

    /// Stops recording and returns the intervals, times from the earliest start, threads numbered from the caller's.
    package static func stop() -> [Interval] {
        recording.store(false, ordering: .sequentiallyConsistent)
        guard let storage else { return [] }
        let count = min(recorded.load(ordering: .acquiring), capacity)
        let raw = UnsafeBufferPointer(start: storage, count: count)
        let origin = raw.map(\.start).min() ?? 0
        var numbers: [pthread_t: Int] = [pthread_self(): 0]
        return raw.map { interval in
            let thread: Int
            if let known = numbers[interval.thread] {
                thread = known
            } else {
                thread = numbers.count
                numbers[interval.thread] = thread
            }
            return Interval(
                thread: thread, step: interval.step, start: interval.start - origin, end: interval.end - origin)
        }
    }

    /// The start of an interval: 0 when nothing records.
    @inline(__always)
    static func begin() -> UInt64 {
        recording.load(ordering: .relaxed) ? now() : 0
    }

    /// Ends the interval begun at `start` (``begin()``) as `step`.
    @inline(__always)
    static func end(_ start: UInt64, _ step: Step) {
        guard start != 0, let storage else { return }
        let index = recorded.add(1, ordering: .relaxed).oldValue
        guard index < capacity else { return }
        storage[index] = RawInterval(thread: pthread_self(), step: step, start: start, end: now())
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

extension [BakeTimeline.Interval] {
    /// The share of the time (from the first start to the last end) during which each number of threads was at work
    /// (``BakeTimeline/Step/isWork``), by number.
    package var threadsAtWork: [Double] {
        let work = filter(\.step.isWork)
        guard let first = work.map(\.start).min(), let last = work.map(\.end).max(), last > first else { return [] }
        let edges = (work.map { ($0.start, 1) } + work.map { ($0.end, -1) }).sorted { $0.0 < $1.0 }
        var shares = [Double](repeating: 0, count: Set(work.map(\.thread)).count + 1)
        var (atWork, since) = (0, first)
        for (time, change) in edges {
            shares[atWork] += Double(time - since)
            atWork += change
            since = time
        }
        return shares.map { $0 / Double(last - first) }
    }

    /// The share of the recording's time the recording thread spent in `step`.
    package func bakingThreadShare(_ step: BakeTimeline.Step) -> Double {
        guard let first = map(\.start).min(), let last = map(\.end).max(), last > first else { return 0 }
        let spent = filter { $0.thread == 0 && $0.step == step }.reduce(0) { $0 + ($1.end - $1.start) }
        return Double(spent) / Double(last - first)
    }
}
