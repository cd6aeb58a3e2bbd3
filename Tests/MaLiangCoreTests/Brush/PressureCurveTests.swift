import Testing

@testable import MaLiangCore

@Suite struct PressureCurveTests {
    @Test func linearIsTheIdentity() {
        for p in stride(from: 0.0, through: 1, by: 0.05) { #expect(abs(PressureCurve.linear.value(at: p) - p) < 1e-12) }
    }

    @Test func passesThroughItsPointsAndStaysMonotone() {
        let curve = PressureCurve(points: [
            .init(pressure: 0, value: 0), .init(pressure: 0.2, value: 0.6), .init(pressure: 1, value: 1),
        ])
        #expect(abs(curve.value(at: 0.2) - 0.6) < 1e-12)
        var last = -1.0
        for p in stride(from: 0.0, through: 1, by: 0.001) {
            let value = curve.value(at: p)
            #expect(value >= last - 1e-12 && value <= 1)
            last = value
        }
    }

    @Test func cleansUpBadPoints() {
        let curve = PressureCurve(points: [
            .init(pressure: 0.5, value: 2), .init(pressure: .nan, value: 0), .init(pressure: 0.5, value: 0.1),
        ])
        #expect(curve.points.map(\.pressure) == [0, 0.5, 1])
        #expect(curve.points.allSatisfy { $0.value == 1 })
        #expect(curve.value(at: .nan) == 1)
    }
}
