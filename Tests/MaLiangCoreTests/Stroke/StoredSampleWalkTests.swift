import Foundation
import Testing

@testable import MaLiangCore

/// A stroke's stored samples walked straight from their columns (as a bake does) make exactly the stamps the same
/// samples make fed one by one, whatever axes they carry, for every kind of brush, with a symmetry and a transform.
@Suite struct StoredSampleWalkTests {
    /// Pressure, tilts that lean past the limit, a barrel turning through 360°, pressure-only frames in one place,
    /// and a stretch with no pressure at all (the speed's).
    static let samples: [InputSample] = (0..<240).map { step in
        let t = Double(step)
        let still = step % 17 == 3
        let position = Point(x: 30 + (still ? t - 1 : t) * 1.7, y: 60 + sin((still ? t - 1 : t) / 9) * 25)
        return InputSample(
            position: position, pressure: step >= 180 ? nil : 0.2 + Double(step % 30) / 40,
            tiltX: step % 3 == 0 ? nil : -95 + t * 0.8, tiltY: step % 5 == 0 ? nil : 40 - t * 0.3,
            rotation: step % 7 == 0 ? nil : (t * 13).truncatingRemainder(dividingBy: 360),
            distance: step % 2 == 0 ? 0.1 : nil, time: UInt64(step) * 7000 + (still ? 300 : 0),
            tool: step % 11 == 0 ? .eraser : .pen, deviceSerial: step % 13 == 0 ? 42 : nil)
    }

    static func bothWays(_ builder: StrokeBuilder, _ stored: StrokeSamples) -> (one: [Stamp], columns: [Stamp]) {
        var oneByOne = builder
        var one: [Stamp] = []
        for sample in stored { oneByOne.add(sample, into: &one) }
        oneByOne.finish(into: &one)
        var fromColumns = builder
        var columns: [Stamp] = []
        fromColumns.add(stored.columns, into: &columns)
        fromColumns.finish(into: &columns)
        #expect(fromColumns.acceptedSampleCount == oneByOne.acceptedSampleCount)
        #expect(fromColumns.rejectedSampleCount == oneByOne.rejectedSampleCount)
        return (one, columns)
    }

    /// The same stamps in the same order; else the first that differs (a whole stroke's stamps are too many to print).
    static func expectSame(_ made: (one: [Stamp], columns: [Stamp])) {
        #expect(made.columns.count == made.one.count)
        let shared = 0..<min(made.one.count, made.columns.count)
        if let index = shared.first(where: { made.one[$0] != made.columns[$0] }) {
            Issue.record("stamp \(index) differs: \(made.columns[index]), fed one by one \(made.one[index])")
        }
    }

    @Test(arguments: BrushPresets.names)
    func everyPresetMakesTheSameStamps(name: String) throws {
        let brush = try #require(BrushPresets.brush(named: name))
        let stored = StrokeSamples(Self.samples)
        let made = Self.bothWays(StrokeBuilder(brush: brush, seed: 5), stored)
        #expect(!made.one.isEmpty)
        Self.expectSame(made)
    }

    @Test func aSymmetricTransformedStrokeMakesTheSameStamps() {
        let brush = Brush(
            pointSize: 9, pointStep: 0.3, spacingRelativeToSize: true, tiltToSize: 0.5, tiltToAngle: true,
            barrelRotationToAngle: true)
        let builder = StrokeBuilder(
            brush: .brush(brush), seed: 3, canvasScale: 1.5,
            symmetry: Symmetry(.radial(spokes: 5), center: Point(x: 200, y: 100)),
            transform: .scale(x: 1.4, y: 0.8, about: Point(x: 10, y: 10)).then(.rotation(0.4, about: .zero)))
        let made = Self.bothWays(builder, StrokeSamples(Self.samples))
        #expect(made.one.count > Self.samples.count * 5)
        Self.expectSame(made)
    }

    /// Samples whose file cannot be read come back at no valid position: every one is refused, no stamp made.
    @Test func unreadableSamplesAreRefusedAlike() {
        let stored = StrokeSamples(SampleColumns(unreadable: 12))
        let made = Self.bothWays(StrokeBuilder(brush: .brush(Brush()), seed: 1), stored)
        #expect(made.one.isEmpty && made.columns.isEmpty)
    }
}
