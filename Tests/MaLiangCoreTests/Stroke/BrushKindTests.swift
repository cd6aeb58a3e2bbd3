import Foundation
import Testing

@testable import MaLiangCore

@Suite struct BrushKindTests {
    @Test func glowingBrushPutsCoreAndHaloAtTheSamePlace() {
        let glow = GlowingBrush(
            brush: Brush(pointSize: 20, color: Color(red: 1, green: 0, blue: 0)), coreProportion: 0.25)
        let result = stamps(.glowing(glow), [pen(0, 0), pen(10, 0)])
        let halos = result.filter { $0.layer == .glowHalo }
        let cores = result.filter { $0.layer == .glowCore }
        #expect(halos.count == 11 && cores.count == 11)
        for (halo, core) in zip(halos, cores) {
            #expect(halo.x == core.x && halo.y == core.y)
            #expect(halo.size == 20 && core.size == 5)
            #expect(halo.red == 1 && halo.green == 0)
            #expect(core.red == 1 && core.green == 1 && core.blue == 1)
        }
        // No alpha above 1 (MaLiang's opacity-10 hack).
        #expect(result.allSatisfy { $0.alpha <= 1 && $0.flow <= 1 })
    }

    @Test func eraserStampsErase() {
        let result = stamps(.eraser(Eraser()), [pen(0, 0), pen(4, 0)])
        #expect(!result.isEmpty && result.allSatisfy { $0.layer == .erase && $0.size == 20 })
    }

    @Test func orderedChartletsCycleFromTheFirstImage() {
        let brush = ChartletBrush(textureIDs: ["a", "b", "c"], brush: Brush(pointSize: 10))
        let result = stamps(.chartlet(brush), [pen(0, 0), pen(100, 0)])
        // One image every 10 × 1.5 = 15 px.
        #expect(result.map(\.x) == [0, 15, 30, 45, 60, 75, 90])
        #expect(result.map(\.textureSlot) == [0, 1, 2, 0, 1, 2, 0])
        #expect(result.allSatisfy { $0.layer == .chartlet })
    }

    @Test func randomChartletsAreSeeded() {
        let brush = AnyBrush.chartlet(ChartletBrush(textureIDs: ["a", "b", "c", "d"], renderStyle: .random))
        let samples = [pen(0, 0), pen(600, 0)]
        let slots = stamps(brush, samples, seed: 5).map(\.textureSlot)
        #expect(slots == stamps(brush, samples, seed: 5).map(\.textureSlot))
        #expect(Set(slots).count > 1 && slots.allSatisfy { $0 < 4 })
    }

    @Test func brushesRoundTripThroughJSON() throws {
        let brushes: [AnyBrush] = [
            .brush(Brush(name: "ink", rotation: .ahead, tiltToAngle: true)),
            .glowing(GlowingBrush()),
            .eraser(Eraser()),
            .chartlet(ChartletBrush(textureIDs: ["x"], renderStyle: .random)),
            .brush(
                Brush(pressureCurve: PressureCurve(points: [.init(pressure: 0.3, value: 0.1)]), rotation: .fixed(1.25))),
        ]
        for brush in brushes {
            let data = try JSONEncoder().encode(brush)
            #expect(try JSONDecoder().decode(AnyBrush.self, from: data) == brush)
        }
        let json = String(decoding: try JSONEncoder().encode(AnyBrush.brush(Brush())), as: UTF8.self)
        #expect(json.contains("\"point_size\":4"))
        #expect(json.contains("\"kind\":\"brush\""))
    }

    @Test func maLiangDefaults() {
        let brush = Brush()
        #expect(brush.opacity == 0.3 && brush.pointSize == 4 && brush.pointStep == 1)
        #expect(brush.forceSensitive == 0 && brush.color == .black && !brush.scaleWithCanvas)
        #expect(brush.forceOnTap == 1 && brush.rotation == .fixed(0) && brush.textureID == nil)
        var glow = GlowingBrush()
        #expect(glow.coreProportion == 0.25 && glow.coreColor == .white)
        glow.pointSize = 12
        #expect(glow.brush.pointSize == 12)
    }
}
