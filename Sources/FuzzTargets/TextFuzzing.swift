import Foundation
import MaLiangCore
import TestCompositor

enum TraceFuzzing {
    static func run(_ bytes: Data) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        var accepted = false
        if let trace = try? MyPaintTrace(text: text) {
            for samples in trace.strokes { check(samples) }
            accepted = true
        }
        if let strokes = try? SampleTrace.parse(text) {
            for samples in strokes { check(samples) }
            accepted = true
        }
        return accepted
    }

    /// Whatever a trace holds, the engine makes finite stamps of it.
    private static func check(_ samples: [InputSample]) {
        var builder = StrokeBuilder(brush: .brush(Brush()), seed: 1)
        var stamps = builder.add(samples.prefix(10_000))
        builder.finish(into: &stamps)
        guard stamps.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.size.isFinite }) else {
            violated("a trace made a non-finite stamp")
        }
    }
}

enum ScriptFuzzing {
    static func run(_ bytes: Data) -> Bool {
        (try? Script(text: String(decoding: bytes, as: UTF8.self))) != nil
    }
}
