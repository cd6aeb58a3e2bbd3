import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec

/// A document the size of a long day's work (`maliang bench long-session FILE`): thousands of wandering pen strokes
/// of about 1,500 samples (pressure and tilt, a sample every 1.5 px), with glow, eraser and textured strokes among
/// them and placed images between them. Deterministic: the same seed makes the same drawing. The long-session and
/// opening tests make theirs with it, and `maliang-test-compositor --opening` times its opening.
struct LongSessionDocument {
    static let usage = "usage: maliang bench long-session FILE [--strokes N] [--samples N] [--images N]"

    var strokes = 5000
    var samplesPerStroke = 1500
    var images = 50
    var size = Size(width: 4096, height: 3072)

    /// What was written.
    struct Summary {
        var strokes = 0
        var chartlets = 0
        var samples = 0
    }

    /// `maliang bench long-session FILE [--strokes N] [--samples N] [--images N]`: writes the document (5,000 strokes
    /// of 1,500 samples and 50 images unless told) to FILE, which must not exist, and prints what it wrote and how
    /// long writing took.
    static func run(_ arguments: [String]) throws {
        var document = LongSessionDocument()
        var path: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--strokes", "--samples", "--images":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), (0...1_000_000).contains(value) else {
                    throw UsageError("\(argument) takes a count up to 1,000,000")
                }
                switch argument {
                case "--strokes": document.strokes = value
                case "--samples": document.samplesPerStroke = max(value, 1)
                default: document.images = value
                }
            default:
                guard path == nil else { throw UsageError(usage) }
                path = argument
            }
        }
        guard let path else { throw UsageError(usage) }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(path) exists: the long session's document is written to a new file")
        }
        let started = ContinuousClock.now
        let summary = try document.write(to: URL(fileURLWithPath: path))
        let elapsed = (ContinuousClock.now - started).components
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            String(
                format: "long session: %d strokes, %d images, %d samples written in %.2f s, file %.1f MiB",
                summary.strokes, summary.chartlets, summary.samples,
                Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, Double(size) / 1_048_576))
    }

    /// Writes the document to a new file at `url`, a hundred strokes per transaction.
    func write(to url: URL) throws -> Summary {
        let file = try DocumentFile.create(at: url, size: size)
        defer { file.close() }
        let document = file.document
        var random = SplitMix64(seed: 0x5EED)
        var summary = Summary()
        let imageIDs = try (0..<images).map { index -> String in
            let id = "image-\(index)"
            try file.write(document.addTexture(id: id, png: try Self.png(index: index)))
            return id
        }
        var batch: [DocumentChange] = []
        let imageEvery = max(strokes / max(images, 1), 1)
        for index in 0..<strokes {
            let stroke = Stroke(
                id: document.makeElementID(), brush: Self.brush(index), seed: UInt64(index) + 1,
                samples: path(&random))
            summary.samples += stroke.samples.count
            batch += document.append(.stroke(stroke))
            summary.strokes += 1
            if index % imageEvery == imageEvery - 1, summary.chartlets < images {
                let chartlet = Chartlet(
                    id: document.makeElementID(), textureID: imageIDs[summary.chartlets],
                    center: Point(
                        x: random.next(in: 100...(size.width - 100)), y: random.next(in: 100...(size.height - 100))),
                    size: Size(width: 96, height: 96), angle: random.next(in: -1...1))
                batch += document.append(.chartlet(chartlet))
                summary.chartlets += 1
            }
            if batch.count >= 100 {
                try file.write(batch)
                batch = []
            }
        }
        try file.write(batch)
        return summary
    }

    /// A wandering pen path: heading turning a little each sample, bouncing off the canvas edges.
    private func path(_ random: inout SplitMix64) -> StrokeSamples {
        var samples = StrokeSamples()
        samples.reserveCapacity(samplesPerStroke)
        var x = random.next(in: 50...(size.width - 50))
        var y = random.next(in: 50...(size.height - 50))
        var heading = random.next(in: 0...(2 * .pi))
        var turn = 0.0
        let phase = random.next(in: 0...6)
        for step in 0..<samplesPerStroke {
            turn = max(min(turn + random.next(in: -0.01...0.01), 0.05), -0.05)
            heading += turn
            x += cos(heading) * 1.5
            y += sin(heading) * 1.5
            if x < 10 || x > size.width - 10 { heading = .pi - heading }
            if y < 10 || y > size.height - 10 { heading = -heading }
            x = min(max(x, 10), size.width - 10)
            y = min(max(y, 10), size.height - 10)
            let t = Double(step) / Double(samplesPerStroke)
            samples.append(
                InputSample(
                    position: Point(x: x, y: y), pressure: 0.35 + 0.3 * sin(t * 9 + phase) + 0.3 * t,
                    tiltX: 20 * sin(t * 3), tiltY: -15, time: UInt64(step) * 5000, tool: .pen, deviceSerial: 7))
        }
        return samples
    }

    /// Mostly pens, with glow, eraser and textured strokes; stamps a few pixels apart.
    private static func brush(_ index: Int) -> AnyBrush {
        func spaced(_ name: String, size: Double, step: Double) -> AnyBrush {
            var brush = BrushPresets.brush(named: name) ?? .brush(Brush())
            var base = brush.base
            base.pointSize = size
            base.pointStep = step
            base.spacingRelativeToSize = false
            brush.base = base
            return brush
        }
        switch index % 10 {
        case 0: return spaced("glow", size: 22, step: 4)
        case 5: return spaced("eraser", size: 18, step: 4)
        case 1: return spaced("pencil", size: 5, step: 3)
        case 2: return spaced("marker", size: 14, step: 4)
        default: return spaced("pen", size: 6, step: 3)
        }
    }

    /// A 64×64 image of two colours, different for each index.
    private static func png(index: Int) throws -> Data {
        var bytes: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let on = (x / 8 + y / 8) % 2 == 0
                bytes += [UInt8((index * 37) % 256), on ? 200 : 40, UInt8((index * 91) % 256), 255]
            }
        }
        return try PNG.encode(PNGImage(width: 64, height: 64, pixels: .rgba8(bytes)))
    }
}

extension SplitMix64 {
    /// Uniform in `range` (the drawing is the same on every run).
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
