import Testing

@testable import MaLiangWayland

/// Toolbar icons are exact shapes at any size: a rectangle keeps its square corners and straight sides (through the
/// brush engine it came out as a "D").
@Suite struct VectorIconTests {
    /// Premultiplied alpha of the icon's ink at (x, y) of a `pixels`-square rendering, as darkness 0…1.
    func darkness(_ rgba: [UInt8], pixels: Int, x: Int, y: Int) -> Double {
        1 - Double(rgba[(y * pixels + x) * 4]) / 255
    }

    @Test(arguments: [40, 60, 80, 120])
    func theFitIconsFrameHasStraightSidesAndSquareCornersAtAnySize(pixels: Int) throws {
        let rgba = try #require(VectorIcon.fit.render(pixels: pixels))
        #expect(rgba.count == pixels * pixels * 4)
        let unit = Double(pixels) / VectorIcon.units
        func at(_ x: Double, _ y: Double) -> Double {
            darkness(rgba, pixels: pixels, x: Int(x * unit), y: Int(y * unit))
        }
        // The inner rectangle runs from (14, 15) to (26, 25): every point along its top and right sides is ink,
        // including the corner; its middle is paper.
        for x in stride(from: 14.0, through: 26, by: 1) { #expect(at(x, 15) > 0.5, "top side at x \(x)") }
        for y in stride(from: 15.0, through: 25, by: 1) { #expect(at(26, y) > 0.5, "right side at y \(y)") }
        #expect(at(20, 20) < 0.1)
    }

    @Test func everyActionIconDraws() {
        let icons: [VectorIcon] = [
            .undo(), .undo(mirrored: true), .fit, .export, .close, .picker, .stickers, .dot(radius: 3, opacity: 1),
        ]
        for icon in icons {
            guard let rgba = icon.render(pixels: 48) else {
                Issue.record("an icon did not draw")
                continue
            }
            let ink = stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0] < 100 }.count
            #expect(ink > 20 && ink < 48 * 48 / 2)
        }
        #expect(VectorIcon.fit.render(pixels: 0) == nil)
    }
}
