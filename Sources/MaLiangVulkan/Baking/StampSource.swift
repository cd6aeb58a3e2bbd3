import Dispatch
import MaLiangCore

/// The stamps of a list of strokes, built on every core a window of strokes at a time and handed out in order: on
/// a fast device, turning samples into stamps is most of the CPU's share of baking. Made for a layer, it also finds
/// each stroke's tiles and covered pixels there on the same cores.
struct StampSource {
    /// One stroke's stamps, and with a layer the tiles they reach and the pixels they cover at its scale.
    struct Built {
        var stamps: [Stamp]
        var tiles: Set<TileKey> = []
        var coveredPixels = 0
        /// Whether the stamping kernels draw the stamps (``StampRun/draws(_:)``).
        var drawnByKernels = true
    }

    /// Samples built per window (bounds the stamps held at once), and strokes at most.
    static let windowSamples = 60_000
    static let windowStrokes = 512
    /// Windows built ahead at most, each half as large (three halves held at once where two whole windows were): with
    /// one, the cores that made it waited for the caller to take it before the next began, idle while the caller
    /// bins on the others.
    static let windowsAhead = 2

    let strokes: [Stroke]
    /// The layer's tiles, when they are to be found.
    let grid: TileGrid?
    /// Whether the next windows are built while this one is handed out (up to ``windowsAhead`` more held at once).
    let buildsAhead: Bool
    private var window: [Built] = []
    private var windowStart = 0
    /// The next windows, in order, being built on other cores.
    private var ahead: [WindowAhead] = []

    /// - Parameter buildsAhead: build the next windows on other cores while this one is used — for a caller whose
    ///   own work between windows leaves cores idle (baking for a GPU).
    init(_ strokes: [Stroke], layer: TileLayer? = nil, buildsAhead: Bool = false) {
        self.strokes = strokes
        grid = layer?.grid
        self.buildsAhead = buildsAhead
    }

    /// Stroke `index` built; call with increasing indices.
    mutating func built(at index: Int) -> Built {
        if index < windowStart || index >= windowStart + window.count { fill(from: index) }
        return window[index - windowStart]
    }

    /// The stamps of stroke `index`; call with increasing indices.
    mutating func stamps(at index: Int) -> [Stamp] { built(at: index).stamps }

    /// The strokes of the window starting at `start`.
    private func windowRange(from start: Int) -> Range<Int> {
        let (sampleLimit, strokeLimit) =
            buildsAhead
            ? (Self.windowSamples / Self.windowsAhead, Self.windowStrokes / Self.windowsAhead)
            : (Self.windowSamples, Self.windowStrokes)
        var end = start + 1
        var samples = strokes[start].samples.count
        while end < strokes.count, end - start < strokeLimit, samples < sampleLimit {
            samples += strokes[end].samples.count
            end += 1
        }
        return start..<end
    }

    private mutating func fill(from start: Int) {
        let range: Range<Int>
        if let next = ahead.first, next.range.lowerBound == start {
            range = next.range
            window = next.wait()
            ahead.removeFirst()
        } else {
            // Out of order: what was built ahead is of no use (it finishes on its own, holding only values).
            ahead = []
            range = windowRange(from: start)
            window = Self.build(Self.loaded(strokes[range]), grid: grid)
        }
        windowStart = start
        guard buildsAhead else { return }
        var next = ahead.last?.range.upperBound ?? range.upperBound
        while ahead.count < Self.windowsAhead, next < strokes.count {
            let built = WindowAhead(range: windowRange(from: next), strokes: strokes, grid: grid)
            ahead.append(built)
            next = built.range.upperBound
        }
    }

    /// The strokes with their samples read. Samples that live in the document file are read on this thread: the
    /// file is read by one thread only.
    static func loaded(_ strokes: ArraySlice<Stroke>) -> [(Stroke, StrokeSamples)] {
        strokes.map { ($0, $0.samples.loaded()) }
    }

    /// Builds each stroke, in parallel when there are several.
    static func build(_ list: [(Stroke, StrokeSamples)], grid: TileGrid?) -> [Built] {
        guard list.count > 1 else { return list.map { build($0.0, samples: $0.1, grid: grid) } }
        var results = [Built](repeating: Built(stamps: []), count: list.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: list.count) { index in
                let start = BakeTimeline.begin()
                output[index] = build(list[index].0, samples: list[index].1, grid: grid)
                BakeTimeline.end(start, .strokeStamps)
            }
        }
        return results
    }

    static func build(_ stroke: Stroke, samples: StrokeSamples, grid: TileGrid?) -> Built {
        var built = Built(stamps: stamps(of: stroke, samples: samples))
        built.drawnByKernels = StampRun.draws(built.stamps)
        if let grid {
            built.tiles = StampPainter.tiles(touchedBy: built.stamps, in: grid)
            built.coveredPixels = PaintBaker.coveredPixels(built.stamps, scale: grid.scale)
        }
        return built
    }

    static func stamps(of stroke: Stroke, samples: StrokeSamples) -> [Stamp] {
        var builder = stroke.makeBuilder()
        let columns = samples.columns
        // Room for them all at once: grown by doubling, a long stroke's array was copied and faulted in again
        // at each step (a third of a bake's page faults at radius 2).
        var stamps: [Stamp] = []
        stamps.reserveCapacity(builder.expectedStampCount(for: columns))
        builder.add(columns, into: &stamps)
        builder.finish(into: &stamps)
        return stamps
    }
}

/// A window of strokes being built on other cores.
private final class WindowAhead: @unchecked Sendable {
    let range: Range<Int>
    private let done = DispatchGroup()
    /// Written by the building task, read after `done` (the group orders the two).
    private var result: [StampSource.Built] = []

    /// Starts building `strokes[range]` (their samples read here, on the caller's thread). The task holds values
    /// only: a bake that stops early may drop its layer while the task still runs.
    init(range: Range<Int>, strokes: [Stroke], grid: TileGrid?) {
        self.range = range
        let list = StampSource.loaded(strokes[range])
        DispatchQueue.global().async(group: done) { [self] in
            result = StampSource.build(list, grid: grid)
        }
    }

    /// The window, once built.
    func wait() -> [StampSource.Built] {
        done.wait()
        return result
    }
}
