import Foundation

/// A stylus recording in libmypaint's benchmark format: one event per line, `time x y pressure`, with time in
/// seconds, x/y in pixels and pressure 0…1, where 0 means the pen is up.
public struct MyPaintTrace: Sendable {
    /// The strokes: runs of consecutive events with pressure above 0.
    public var strokes: [[InputSample]]
    /// Events read, pen-up ones included.
    public var eventCount: Int

    /// Why a recording line cannot be read.
    public struct ParseError: Error, CustomStringConvertible {
        /// The line, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String
        /// The line and what is wrong.
        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads the recording at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(text: String(contentsOf: url, encoding: .utf8))
    }

    /// Reads a recording from its text.
    public init(text: String) throws {
        strokes = []
        eventCount = 0
        var current: [InputSample] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty || fields[0].hasPrefix("#") { continue }
            guard fields.count == 4, let values = Optional(fields.compactMap { Double($0) }), values.count == 4,
                values.allSatisfy(\.isFinite)
            else {
                throw ParseError(
                    line: index + 1, reason: "expected four numbers \"time x y pressure\", got \"\(line)\"")
            }
            // A time beyond about 31 years of recording is not a stylus recording (and would not fit in microseconds).
            guard values[0] >= 0, values[0] < 1e9 else {
                throw ParseError(line: index + 1, reason: "time \(values[0]) s is outside 0…1e9")
            }
            eventCount += 1
            if values[3] > 0 {
                current.append(
                    InputSample(
                        position: Point(x: values[1], y: values[2]), pressure: min(values[3], 1),
                        time: UInt64(values[0] * 1_000_000), tool: .pen))
            } else if !current.isEmpty {
                strokes.append(current)
                current = []
            }
        }
        if !current.isEmpty { strokes.append(current) }
    }

    /// Samples in all strokes.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.count } }
}
