import Foundation
import MaLiangCore

/// `maliang bench predict TRACE`: how far the live stroke's guess reaches ahead of the last sample, and how far it
/// lands from where the recording's pen really was at that moment — beside how far behind the pen a stroke shown
/// only up to its last sample would be.
enum PredictionBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw UsageError("usage: maliang bench predict TRACE") }
        let trace = try MyPaintTrace(contentsOf: URL(fileURLWithPath: arguments[0]))
        report(trace, StrokePredictor())
        // Other settings, for comparison: how the error trades against the reach.
        for (horizon, window) in [
            (4_000, 16_000), (8_000, 24_000), (16_000, 16_000), (16_000, 24_000), (24_000, 24_000),
        ] {
            report(trace, StrokePredictor(horizon: UInt64(horizon), window: UInt64(window)), brief: true)
        }
    }

    static func report(_ trace: MyPaintTrace, _ predictor: StrokePredictor, brief: Bool = false) {
        var reaches: [Double] = []
        var aheadMilliseconds: [Double] = []
        var errors: [Double] = []
        var lags: [Double] = []
        var withoutGuess = 0
        for samples in trace.strokes {
            for end in 1..<samples.count {
                let recent = samples[max(0, end - 15)...end]
                guard let last = recent.last else { continue }
                guard let farthest = predictor.predict(after: recent).last else {
                    withoutGuess += 1
                    continue
                }
                // Where the pen really was when the guess says; guesses past the stroke's end are not judged.
                guard let actual = position(in: samples, at: farthest.time) else { continue }
                reaches.append(distance(farthest.position, last.position))
                aheadMilliseconds.append(Double(farthest.time - last.time) / 1000)
                errors.append(distance(farthest.position, actual))
                lags.append(distance(last.position, actual))
            }
        }
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(Int(Double(sorted.count - 1) * p), sorted.count - 1)]
        }
        if brief {
            print(
                String(
                    format: "  %2.0f ms ahead, velocity over %2.0f ms: reach p50 %.1f px; error p50 %.2f, p90 %.2f px; "
                        + "without a guess p50 %.2f, p90 %.2f px", Double(predictor.horizon) / 1000,
                    Double(predictor.window) / 1000, percentile(reaches, 0.5), percentile(errors, 0.5),
                    percentile(errors, 0.9), percentile(lags, 0.5), percentile(lags, 0.9)))
            return
        }
        print(
            "prediction over \(trace.sampleCount) samples: \(errors.count) guesses judged, \(withoutGuess) samples "
                + "with no guess (pen still or starting)")
        print(
            String(
                format: "reach: median %.1f px (%.1f ms ahead), max %.1f px", percentile(reaches, 0.5),
                percentile(aheadMilliseconds, 0.5), reaches.max() ?? 0))
        print(
            String(
                format: "error of the guess against the recording: p50 %.2f px, p90 %.2f px, p99 %.2f px",
                percentile(errors, 0.5), percentile(errors, 0.9), percentile(errors, 0.99)))
        print(
            String(
                format: "without a guess (shown to the last sample) the pen is then p50 %.2f px, p90 %.2f px, "
                    + "p99 %.2f px away", percentile(lags, 0.5), percentile(lags, 0.9), percentile(lags, 0.99)))
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The recording's pen position at `time`, between the samples around it; nil after the stroke's end.
    static func position(in samples: [InputSample], at time: UInt64) -> Point? {
        guard let after = samples.firstIndex(where: { $0.time >= time }) else { return nil }
        guard after > 0 else { return samples[after].position }
        let a = samples[after - 1]
        let b = samples[after]
        let span = Double(b.time - a.time)
        let t = span > 0 ? Double(time - a.time) / span : 1
        return Point(
            x: a.position.x + (b.position.x - a.position.x) * t, y: a.position.y + (b.position.y - a.position.y) * t)
    }
}
