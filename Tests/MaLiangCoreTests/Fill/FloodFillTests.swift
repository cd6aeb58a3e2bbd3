import Foundation
import Testing

@testable import MaLiangCore

/// The region a tap fills: bounded by lines, gaps closed, grown under soft edges, refused when open.
@Suite struct FloodFillTests {
    /// A transparent page with a ring of opaque black, its gap `gap` pixels wide at the right, 3 px thick.
    func ring(width: Int, height: Int, radius: Double, gap: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        for y in 0..<height {
            for x in 0..<width {
                let d = hypot(Double(x) - cx, Double(y) - cy)
                guard abs(d - radius) <= 1.5 else { continue }
                if gap > 0 && Double(x) > cx && abs(Double(y) - cy) < Double(gap) / 2 { continue }
                pixels[(y * width + x) * 4 + 3] = 255
            }
        }
        return pixels
    }

    @Test func aClosedRingFillsItsInsideAndGrowsUnderItsEdge() throws {
        let pixels = ring(width: 200, height: 160, radius: 50, gap: 0)
        let plain = try FloodFill.region(
            in: pixels, width: 200, height: 160, seedX: 100, seedY: 80,
            settings: FillSettings(gapClosing: 0, grow: 0)
        ).get()
        // Inside the ring's inner edge (radius 48.5): about π·48² pixels.
        #expect(abs(Double(plain.count) - Double.pi * 48.5 * 48.5) < 400, "\(plain.count)")
        #expect(plain.x >= 50 && plain.x + plain.width <= 150)
        let grown = try FloodFill.region(
            in: pixels, width: 200, height: 160, seedX: 100, seedY: 80, settings: FillSettings(gapClosing: 0, grow: 2)
        ).get()
        #expect(grown.width == plain.width + 4 && grown.count > plain.count)
    }

    @Test func aGapIsClosedOnlyWhenItIsNarrowEnough() throws {
        let pixels = ring(width: 200, height: 160, radius: 50, gap: 4)
        let closed = FloodFill.region(
            in: pixels, width: 200, height: 160, seedX: 100, seedY: 80, settings: FillSettings(gapClosing: 3, grow: 0))
        let region = try closed.get()
        #expect(region.width < 110 && region.count > 6_500, "\(region.width) \(region.count)")
        let open = FloodFill.region(
            in: pixels, width: 200, height: 160, seedX: 100, seedY: 80, settings: FillSettings(gapClosing: 0, grow: 0))
        #expect(open == .failure(.notClosed))
        // Outside the ring: open to every edge.
        #expect(
            FloodFill.region(in: pixels, width: 200, height: 160, seedX: 2, seedY: 2, settings: FillSettings())
                == .failure(.notClosed))
        #expect(
            FloodFill.region(in: pixels, width: 200, height: 160, seedX: 200, seedY: 2, settings: FillSettings())
                == .failure(.offPage))
    }
}
