import Foundation
import Testing

@testable import MaLiangCore

@Suite struct StrokeBuilderDynamicsTests {
    @Test func sizesFollowThePressureCurve() {
        let curve = PressureCurve(points: [
            .init(pressure: 0, value: 0.2), .init(pressure: 0.5, value: 0.3), .init(pressure: 1, value: 1),
        ])
        let brush = AnyBrush.brush(Brush(pointSize: 10, pointStep: 1, forceSensitive: 1, pressureCurve: curve))
        // Pressure rises linearly with x from 0 to 1 over 100 px; samples every 10 px.
        let samples = (0...10).map { i in pen(Double(i) * 10, 0, pressure: Double(i) / 10) }
        let result = stamps(brush, samples)
        #expect(result.count == 101)
        for stamp in result {
            let expected = 10 * curve.value(at: Double(stamp.x) / 100)
            // The curve is tabulated for the hot path: allow the table's interpolation error.
            #expect(abs(Double(stamp.size) - expected) < 0.01, "at x=\(stamp.x)")
        }
        #expect(result.first!.size < result.last!.size)
    }

    @Test func forceSensitivityZeroIgnoresPressure() {
        let result = stamps(.brush(Brush(pointSize: 7)), [pen(0, 0, pressure: 0.1), pen(50, 0, pressure: 0.9)])
        #expect(result.allSatisfy { $0.size == 7 })
    }

    @Test func exponentAppliesToTheCurveOutput() {
        let brush = AnyBrush.brush(Brush(pointSize: 10, forceSensitive: 2))
        let result = stamps(brush, [pen(0, 0, pressure: 0.5), pen(20, 0, pressure: 0.5)])
        #expect(result.allSatisfy { abs($0.size - 2.5) < 1e-3 })
    }

    @Test func pressureCanDriveFlow() {
        let brush = AnyBrush.brush(Brush(flow: 0.8, pressureControlsFlow: true))
        let result = stamps(brush, [pen(0, 0, pressure: 0.25), pen(20, 0, pressure: 0.25)])
        #expect(result.allSatisfy { abs($0.flow - 0.2) < 1e-3 })
    }

    @Test func aheadAnglesFollowTheTangent() {
        let diagonal = stamps(.brush(Brush(rotation: .ahead)), [pen(0, 0), pen(30, 40), pen(60, 80)])
        #expect(diagonal.allSatisfy { abs(Double($0.angle) - atan2(4.0, 3.0)) < 1e-5 })
        // On a circle the tangent is perpendicular to the radius.
        let samples = (0...30).map { i -> InputSample in
            let a = Double(i) * 6 * .pi / 180
            return pen(100 + 50 * cos(a), 100 + 50 * sin(a))
        }
        let circle = stamps(.brush(Brush(rotation: .ahead)), samples)
        for stamp in circle.dropFirst(20).dropLast(20) {
            let radial = atan2(Double(stamp.y) - 100, Double(stamp.x) - 100)
            var difference = Double(stamp.angle) - (radial + .pi / 2)
            difference = remainder(difference, 2 * .pi)
            #expect(abs(difference) < 0.08)
        }
    }

    @Test func randomAnglesAreReproducibleFromTheSeed() {
        let brush = AnyBrush.brush(Brush(rotation: .random))
        let samples = [pen(0, 0), pen(40, 10), pen(80, 0)]
        let first = stamps(brush, samples, seed: 42).map(\.angle)
        let again = stamps(brush, samples, seed: 42).map(\.angle)
        let other = stamps(brush, samples, seed: 43).map(\.angle)
        #expect(first == again)
        #expect(first != other)
        #expect(first.allSatisfy { abs($0) <= .pi })
        #expect(Set(first).count > first.count / 2)
    }

    @Test func fixedAngleAndBarrelRotationAdd() {
        var sample = pen(0, 0)
        sample.rotation = 90
        var end = pen(10, 0)
        end.rotation = 90
        let result = stamps(.brush(Brush(rotation: .fixed(0.5), barrelRotationToAngle: true)), [sample, end])
        #expect(result.allSatisfy { abs(Double($0.angle) - (0.5 + .pi / 2)) < 1e-5 })
    }

    @Test func barrelRotationInterpolatesAcrossTheWrap() {
        var a = pen(0, 0)
        a.rotation = 350
        var b = pen(10, 0)
        b.rotation = 10
        let result = stamps(.brush(Brush(barrelRotationToAngle: true)), [a, b])
        // From 350° to 370° (= 10°), never through 180°.
        let degrees = result.map { Double($0.angle) * 180 / .pi }
        #expect(degrees.allSatisfy { $0 >= 349.9 && $0 <= 370.1 })
    }

    @Test func tiltEnlargesAndTurnsTheStamp() {
        var a = pen(0, 0)
        a.tiltX = 0
        a.tiltY = 60
        var b = pen(10, 0)
        b.tiltX = 0
        b.tiltY = 60
        let result = stamps(.brush(Brush(pointSize: 10, tiltToSize: 1, tiltToAngle: true)), [a, b])
        #expect(result.allSatisfy { abs(Double($0.size) - 10 * (1 + sin(.pi / 3))) < 1e-3 })
        #expect(result.allSatisfy { abs(Double($0.angle) - .pi / 2) < 1e-5 })
    }

    @Test func scaleWithCanvasFollowsMaLiang() {
        let samples = [pen(0, 0), pen(20, 0)]
        let screenSized = stamps(.brush(Brush(pointSize: 8, pointStep: 2)), samples, canvasScale: 2)
        #expect(screenSized.allSatisfy { $0.size == 4 })
        #expect(screenSized.count == 21)
        let documentSized = stamps(
            .brush(Brush(pointSize: 8, pointStep: 2, scaleWithCanvas: true)), samples, canvasScale: 2)
        #expect(documentSized.allSatisfy { $0.size == 8 })
        #expect(documentSized.count == 11)
    }
}
