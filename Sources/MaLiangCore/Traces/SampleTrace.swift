import Foundation

/// A recording of input samples in this project's JSON Lines format: one sample per line,
///
///     {"stroke": 0, "x": 10.5, "y": 20, "pressure": 0.4, "tilt_x": 12, "tilt_y": -3, "rotation": 90,
///      "distance": 0, "time_us": 16000, "tool": "pen", "serial": 42}
///
/// `stroke` groups samples into strokes (a new value starts a new stroke); `x` and `y` are required; the other
/// fields may be left out. Blank lines and lines starting with `#` are ignored.
public enum SampleTrace {
    /// Reads the trace at `url`: a libmypaint recording or JSON Lines, told apart by their first line.
    public static func read(contentsOf url: URL) throws -> [[InputSample]] {
        try parse(String(contentsOf: url, encoding: .utf8))
    }

    /// Reads a trace from its text; a bad line is an error naming it.
    public static func parse(_ text: String) throws(MyPaintTrace.ParseError) -> [[InputSample]] {
        var strokes: [[InputSample]] = []
        var currentStroke: Int?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else {
                throw MyPaintTrace.ParseError(line: index + 1, reason: "not a JSON object")
            }
            func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
            guard let x = number("x"), let y = number("y") else {
                throw MyPaintTrace.ParseError(line: index + 1, reason: "a sample needs \"x\" and \"y\"")
            }
            let time = number("time_us") ?? 0
            guard time >= 0, time < 1e15 else {
                throw MyPaintTrace.ParseError(line: index + 1, reason: "time_us \(time) is outside 0…1e15")
            }
            let tool = (object["tool"] as? String).flatMap(ToolKind.init(rawValue:)) ?? .pen
            let sample = InputSample(
                position: Point(x: x, y: y), pressure: number("pressure"), tiltX: number("tilt_x"),
                tiltY: number("tilt_y"),
                rotation: number("rotation"), distance: number("distance"),
                time: UInt64(time), tool: tool,
                deviceSerial: (object["serial"] as? NSNumber)?.uint64Value)
            let stroke = (object["stroke"] as? NSNumber)?.intValue ?? 0
            if stroke != currentStroke {
                strokes.append([])
                currentStroke = stroke
            }
            strokes[strokes.count - 1].append(sample)
        }
        return strokes
    }
}
