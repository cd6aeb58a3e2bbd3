import Testing

@testable import MaLiangWayland

/// The shadow's picture and the corners' cut, pixel by pixel.
struct ShadowPictureTests {
    @Test(arguments: [1.0, 1.5, 2.0])
    func theShadowFadesOutwardAndLeavesTheWindowClear(scale: Double) {
        let picture = ShadowPicture(width: 400, height: 300, scale: scale)
        #expect(picture.pixelWidth == Int(((400 + 48) * scale).rounded(.up)))
        #expect(picture.pixelHeight == Int(((300 + 48) * scale).rounded(.up)))
        var bytes = [UInt8](repeating: 255, count: picture.pixelWidth * picture.pixelHeight * 4)
        bytes.withUnsafeMutableBytes { picture.draw(into: $0) }
        func alpha(_ x: Double, _ y: Double) -> UInt8 {
            let column = Int(((x + 24) * scale).rounded(.down))
            let row = Int(((y + 24) * scale).rounded(.down))
            return bytes[(row * picture.pixelWidth + column) * 4 + 3]
        }
        // Black (premultiplied: colour 0), clear inside the window, darkest at its edge and fading away from it.
        #expect(stride(from: 0, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 0 && bytes[$0 + 2] == 0 })
        #expect(alpha(200, 150) == 0 && alpha(1, 150) == 0)
        let fall = [0.5, 3, 6, 12, 23.5].map { alpha(200, 300 + $0) }
        #expect(zip(fall, fall.dropFirst()).allSatisfy { $0 > $1 }, "\(fall)")
        #expect(fall.last ?? 255 < 3)
        // The same on the left and the right (the straight rows are drawn by their margins only).
        for y in [20.0, 150, 280] {
            #expect(alpha(-2, y) == alpha(401.5, y) || abs(Int(alpha(-2, y)) - Int(alpha(401.5, y))) <= 2)
            #expect(alpha(-2, y) > 10)
        }
        // Under the drop the bottom is darker than the top.
        #expect(alpha(200, 302) > alpha(200, -3))
    }

    @Test func theCornersCutOutsideTheArcOnly() {
        let radius = 12
        #expect(WindowCorners.cut(x: 0, y: 0, radius: radius) == 1)
        #expect(WindowCorners.cut(x: radius - 1, y: radius - 1, radius: radius) == 0)
        #expect(WindowCorners.cut(x: radius - 1, y: 0, radius: radius) < 0.6)
        // Symmetric about the diagonal, and less cut toward the inside.
        for x in 0..<radius {
            for y in 0..<radius {
                #expect(WindowCorners.cut(x: x, y: y, radius: radius) == WindowCorners.cut(x: y, y: x, radius: radius))
                if x + 1 < radius {
                    #expect(
                        WindowCorners.cut(x: x + 1, y: y, radius: radius)
                            <= WindowCorners.cut(x: x, y: y, radius: radius))
                }
            }
        }
    }
}
