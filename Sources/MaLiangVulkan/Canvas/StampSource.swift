import Dispatch
import MaLiangCore

/// The stamps of a list of strokes, built on every core a window of strokes at a time and handed out in order: on
/// a fast device, turning samples into stamps is most of the CPU's share of baking.
struct StampSource {
    /// Samples built per window (bounds the stamps held at once), and strokes at most.
    static let windowSamples = 60_000
    static let windowStrokes = 512

    let strokes: [Stroke]
    private var window: [[Stamp]] = []
    private var windowStart = 0

    init(_ strokes: [Stroke]) { self.strokes = strokes }

    /// The stamps of stroke `index`; call with increasing indices.
    mutating func stamps(at index: Int) -> [Stamp] {
        if index < windowStart || index >= windowStart + window.count { fill(from: index) }
        return window[index - windowStart]
    }

    private mutating func fill(from start: Int) {
        var end = start + 1
        var samples = strokes[start].samples.count
        while end < strokes.count, end - start < Self.windowStrokes, samples < Self.windowSamples {
            samples += strokes[end].samples.count
            end += 1
        }
        windowStart = start
        window = Self.build(strokes[start..<end])
    }

    /// Builds each stroke's stamps, in parallel when there are several. Samples that live in the document file
    /// are read first, on this thread: the file is read by one thread only.
    static func build(_ strokes: ArraySlice<Stroke>) -> [[Stamp]] {
        guard strokes.count > 1 else { return strokes.map { stamps(of: $0, samples: $0.samples) } }
        let list = strokes.map { ($0, $0.samples.loaded()) }
        var results = [[Stamp]](repeating: [], count: list.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: list.count) { index in
                output[index] = stamps(of: list[index].0, samples: list[index].1)
            }
        }
        return results
    }

    static func stamps(of stroke: Stroke, samples: StrokeSamples) -> [Stamp] {
        var builder = stroke.makeBuilder()
        var stamps = builder.add(samples)
        builder.finish(into: &stamps)
        return stamps
    }
}
