import Foundation
import MaLiangCore
import Testing

@testable import MaLiangVulkan

/// Strokes expanded on the device make the stamps the host's builder makes, in its order, within float rounding:
/// every built-in brush and every brush setting that changes a stamp, symmetry, transforms, devices without
/// pressure, taps, pressure-only frames and refused samples.
@Suite(.serialized) struct StrokeExpansionTests {
    /// A wavy stroke of `count` samples: pressure, tilt and barrel rotation sweeping (the rotation past a whole turn),
    /// a pressure-only frame every 17th sample and a sample that is not finite in the middle.
    static func wavySamples(count: Int, pressure: Bool = true, from origin: (Double, Double) = (40, 300))
        -> [InputSample]
    {
        var samples: [InputSample] = []
        for index in 0..<count {
            let t = Double(index)
            let position = Point(x: origin.0 + t * 3.1, y: origin.1 + 120 * sin(t / 23))
            let sample = InputSample(
                position: position, pressure: pressure ? 0.1 + 0.9 * abs(sin(t / 31)) : nil,
                tiltX: 50 * sin(t / 40), tiltY: 40 * cos(t / 29),
                rotation: (t * 7).truncatingRemainder(dividingBy: 360),
                time: UInt64(index) * 5000 + UInt64(index % 5) * 700)
            samples.append(sample)
            if index % 17 == 5 {
                var pressed = sample
                pressed.pressure = pressure ? 0.95 : nil
                pressed.time += 900
                samples.append(pressed)
            }
            if index == count / 2 {
                samples.append(InputSample(position: Point(x: .nan, y: 3), pressure: 0.5, time: sample.time + 10))
            }
        }
        return samples
    }

    /// Loops drawn fast: samples 40 to 120 px apart turning sharply, so each curve is walked along many pieces.
    static func loopSamples(count: Int) -> [InputSample] {
        (0..<count).map { index in
            let t = Double(index)
            let radius = 60 + 40 * sin(t / 5)
            return InputSample(
                position: Point(x: 400 + radius * cos(t * 0.9) + t * 6, y: 300 + radius * sin(t * 0.9)),
                pressure: 0.3 + 0.6 * abs(cos(t / 7)), tiltX: 30 * sin(t / 3), tiltY: 20, rotation: t * 40,
                time: UInt64(index) * 6000)
        }
    }

    static let brushes: [(String, AnyBrush)] = {
        var list = BrushPresets.names.compactMap { name in BrushPresets.brush(named: name).map { (name, $0) } }
        list.append(
            (
                "curved pressure, absolute step",
                .brush(
                    Brush(
                        name: "curved", pointSize: 12, pointStep: 1.7, forceSensitive: 0.6,
                        pressureCurve: PressureCurve(points: [
                            .init(pressure: 0, value: 0.05), .init(pressure: 0.3, value: 0.7),
                            .init(pressure: 1, value: 1),
                        ]), pressureControlsFlow: true))
            ))
        list.append(
            (
                "tilt and barrel",
                .brush(
                    Brush(
                        name: "tilted", pointSize: 9, pointStep: 0.2, spacingRelativeToSize: true, tiltToSize: 0.8,
                        tiltToAngle: true, barrelRotationToAngle: true))
            ))
        list.append(
            (
                "ahead, not scaled with the canvas",
                .brush(
                    Brush(
                        name: "ahead", pointSize: 7, pointStep: 0.3, spacingRelativeToSize: true,
                        scaleWithCanvas: false,
                        rotation: .ahead))
            ))
        list.append(("images in order", .chartlet(ChartletBrush(textureIDs: ["a", "b", "c"]))))
        list.append(
            ("images at random", .chartlet(ChartletBrush(textureIDs: ["a", "b", "c", "d", "e"], renderStyle: .random))))
        return list
    }()

    /// Every brush on a wavy stroke, with pressure and without, and on fast loops.
    static func strokes() -> [(String, Stroke)] {
        var strokes: [(String, Stroke)] = []
        for (index, (name, brush)) in brushes.enumerated() {
            for pressure in [true, false] {
                let stroke = Stroke(
                    id: ElementID(Int64(strokes.count + 1)), brush: brush, seed: 0x5EED_0000 + UInt64(index),
                    canvasScale: 1.7, samples: wavySamples(count: 240, pressure: pressure))
                strokes.append(("\(name)\(pressure ? "" : ", no pressure")", stroke))
            }
            let loops = Stroke(
                id: ElementID(Int64(strokes.count + 1)), brush: brush, seed: 0x1_0000 + UInt64(index),
                samples: loopSamples(count: 60))
            strokes.append(("\(name), fast loops", loops))
        }
        return strokes
    }

    @Test func everyBrushMakesTheHostsStamps() throws {
        try expectSameStamps(Self.strokes())
    }

    @Test func symmetryTransformsAndTapsMakeTheHostsStamps() throws {
        let pencil = try #require(BrushPresets.brush(named: "pencil"))
        let glow = try #require(BrushPresets.brush(named: "glow"))
        let center = Point(x: 400, y: 300)
        var mirrored = Stroke(
            id: ElementID(1), brush: pencil, seed: 7, samples: Self.wavySamples(count: 120),
            symmetry: Symmetry(.both, center: center))
        var spokes = Stroke(
            id: ElementID(2), brush: glow, seed: 8, samples: Self.wavySamples(count: 120),
            symmetry: Symmetry(.radial(spokes: 7), center: center))
        spokes.transform = .rotation(0.7, about: center)
        var flipped = Stroke(id: ElementID(3), brush: pencil, seed: 9, samples: Self.wavySamples(count: 150))
        flipped.transform = DocumentTransform(a: -1.8, b: 0.3, c: 0.2, d: 0.6, tx: 900, ty: -40)
        mirrored.transform = .scale(x: 0.5, y: 0.5, about: center)
        let at = Point(x: 120, y: 80)
        let tap = Stroke(
            id: ElementID(4), brush: try #require(BrushPresets.brush(named: "pen")), seed: 10,
            samples: [0.2, 0.7, 0.4].enumerated().map {
                InputSample(position: at, pressure: $0.element, time: UInt64($0.offset) * 4000)
            })
        let lone = Stroke(
            id: ElementID(5), brush: glow, seed: 11, samples: [InputSample(position: at, time: 0)],
            symmetry: Symmetry(.radial(spokes: 3), center: center))
        let empty = Stroke(id: ElementID(6), brush: pencil, seed: 12, samples: [])
        try expectSameStamps([
            ("mirrored both ways, scaled", mirrored), ("seven spokes of glow, turned", spokes),
            ("flipped and sheared", flipped), ("a tap", tap), ("a lone sample with spokes", lone),
            ("no samples", empty),
        ])
    }

    @Test func aLongStrokeCarriesItsSpacingExactly() throws {
        // Samples 20 px apart, a dab every half pixel or so: about 48,000 stamps along 18,000 px, the carried distance
        // never drifting from the host's (and within the 65,535 turns lavapipe allows an invocation's loops).
        let samples = (0..<900).map { index in
            let t = Double(index)
            return InputSample(
                position: Point(x: 20 + t * 19, y: 400 + 60 * sin(t / 9)), pressure: 0.4 + 0.5 * abs(sin(t / 13)),
                time: UInt64(index) * 4000)
        }
        let stroke = Stroke(
            id: ElementID(1), brush: try #require(BrushPresets.brush(named: "pen")), seed: 1, samples: samples)
        try expectSameStamps([("a long pen stroke", stroke)])
    }

    @Test func aStrokeAloneInItsBatchReadsItsLastSample() throws {
        // An odd number of samples: the last pressure is the first half of a word of its own at the batch's end,
        // pressing hardest, so a dab's size there shows whether it was read.
        let samples = (0...90).map { step in
            let t = Double(step) / 90
            return InputSample(
                position: Point(x: 30 + 640 * t, y: 50 + 110 * sin(t * 5)), pressure: 0.2 + 0.8 * t,
                time: UInt64(step) * 8000)
        }
        for name in ["pen", "pencil"] {
            let stroke = Stroke(
                id: ElementID(1), brush: try #require(BrushPresets.brush(named: name)), seed: 3, samples: samples)
            try expectSameStamps([("\(name) alone, \(samples.count) samples", stroke)])
        }
    }

    @Test func aWalkThatDoesNotFinishIsReportedNotCutShort() throws {
        // 347,000 stamps: on lavapipe an invocation's loops end long before — and those of the strokes walked beside
        // it in the same vector —, so the strokes are the host's to stamp; a GPU walks them all.
        let long = Stroke(
            id: ElementID(1), brush: try #require(BrushPresets.brush(named: "pen")), seed: 1,
            samples: Self.wavySamples(count: 30_000, from: (10, 200)))
        let short = Stroke(
            id: ElementID(2), brush: try #require(BrushPresets.brush(named: "pen")), seed: 2,
            samples: Self.wavySamples(count: 50))
        let context = try validatedContext()
        let expander = try #require(try StrokeExpander.make(context))
        let strokes = [long, short]
        let expanded = try expander.expand(strokes)
        for (stroke, device) in zip(strokes, expanded) {
            let host = StampSource.stamps(of: stroke, samples: stroke.samples.loaded())
            if let device {
                // Whole, never cut short.
                #expect(device.count == host.count)
                #expect(zip(device, host).allSatisfy { Self.differences($0, $1).allSatisfy { $0.1 <= 1 } })
            } else {
                #expect(context.deviceType == "CPU", "\(context.deviceName) did not finish the walk")
            }
        }
        if context.deviceType == "CPU" { #expect(expanded[0] == nil) }
        assertClean(context)
    }

    @Test func strokesBeyondOneBatchsRoomAreWalkedInTheNext() throws {
        // Room for the largest stroke a batch: every brush's strokes walked over several batches (a few strokes
        // each), each stroke's stamps where the stroke is, as in one batch.
        let strokes = Self.strokes()
        let context = try validatedContext()
        let expander = try #require(try StrokeExpander.make(context))
        let bounds = strokes.map { $0.1.makeBuilder().stampBound(of: $0.1.samples.columns) }
        expander.stampsPerBatch = Int(bounds.max() ?? 0) + 1
        var batches = 0
        var start = 0
        while start < strokes.count {
            start += expander.batch(strokes[start...].map { ($0.1, $0.1.samples) }[...]).included.count
            batches += 1
        }
        #expect(batches >= strokes.count / 4, "\(strokes.count) strokes in \(batches) batches")
        try expectSameStamps(strokes, expander: expander)
    }

    private func expectSameStamps(
        _ strokes: [(String, Stroke)], expander given: StrokeExpander? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let context = try given.map { $0.context } ?? validatedContext()
        let expander = try given ?? #require(try StrokeExpander.make(context))
        let expanded = try expander.expand(strokes.map(\.1))
        for ((name, stroke), device) in zip(strokes, expanded) {
            let host = StampSource.stamps(of: stroke, samples: stroke.samples.loaded())
            guard let device else {
                Issue.record("\(name): not expanded on the device", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                device.count == host.count, "\(name): \(device.count) stamps, the host \(host.count)",
                sourceLocation: sourceLocation)
            #expect(
                !host.isEmpty || stroke.samples.isEmpty, "\(name): no stamps to compare", sourceLocation: sourceLocation
            )
            var worst: (index: Int, what: String, by: Float)?
            for (index, (made, expected)) in zip(device, host).enumerated() {
                for (what, difference) in Self.differences(made, expected) where difference > (worst?.by ?? 0) {
                    worst = (index, what, difference)
                }
                if made.layer != expected.layer || made.textureSlot != expected.textureSlot {
                    Issue.record(
                        "\(name): stamp \(index) is \(made), the host's \(expected)", sourceLocation: sourceLocation)
                    break
                }
            }
            if let worst {
                #expect(
                    worst.by <= 1,
                    "\(name): stamp \(worst.index)'s \(worst.what) is off by \(worst.by) of its tolerance",
                    sourceLocation: sourceLocation)
            }
        }
        assertClean(context, sourceLocation: sourceLocation)
    }

    /// How far `made` is from `expected` in each value, as a share of what float rounding allows it: positions to
    /// 2/1,000 px, sizes to a part in 10,000, angles to 10⁻⁴ rad (a whole turn apart is the same), colours to
    /// 10⁻⁶, flow (which follows the pressure where the dab falls, so a position's rounding) to 10⁻⁵.
    static func differences(_ made: Stamp, _ expected: Stamp) -> [(String, Float)] {
        var angle = abs(made.angle - expected.angle).truncatingRemainder(dividingBy: 2 * .pi)
        angle = min(angle, 2 * .pi - angle)
        return [
            ("x", abs(made.x - expected.x) / 2e-3), ("y", abs(made.y - expected.y) / 2e-3),
            ("size", abs(made.size - expected.size) / max(expected.size * 1e-4, 1e-6)), ("angle", angle / 1e-4),
            (
                "colour",
                max(
                    abs(made.red - expected.red), abs(made.green - expected.green), abs(made.blue - expected.blue),
                    abs(made.alpha - expected.alpha)) / 1e-6
            ),
            ("flow", abs(made.flow - expected.flow) / 1e-5),
        ]
    }
}
