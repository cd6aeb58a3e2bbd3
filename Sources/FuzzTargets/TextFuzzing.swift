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

enum BrushFileFuzzing {
    /// A brush file read writes back to the same brush, and paints finite stamps.
    static func run(_ bytes: Data) -> Bool {
        guard let file = try? BrushFile(data: bytes) else { return false }
        guard let again = try? BrushFile(data: file.data()), again.name == file.name, again.slot == file.slot else {
            violated("a brush file read does not read again after writing")
        }
        let samples = (0..<8).map { (index: Int) -> InputSample in
            let step = Double(index)
            return InputSample(
                position: Point(x: step * 7, y: step.truncatingRemainder(dividingBy: 3) * 5), pressure: step / 7,
                tiltX: 30, tiltY: -20, rotation: step * 40, time: UInt64(index) * 8000)
        }
        var builder = StrokeBuilder(brush: again.brush, seed: 3)
        var stamps = builder.add(samples)
        builder.finish(into: &stamps)
        guard stamps.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.size.isFinite && $0.size >= 0 }) else {
            violated("a brush file's brush made a non-finite stamp")
        }
        return true
    }
}
