import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// The glow preset's bright core is an even line at every export scale, not a row of beads.
@Suite(.serialized) struct GlowBeadsTests {
    @Test(arguments: [1.0, 4.0])
    func theGlowsCoreIsEvenAlongAStraightStroke(scale: Double) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 200, height: 100))
        let canvas = try CanvasRenderer(document: document, context: context)
        let glow = try #require(BrushPresets.brush(named: "glow"))
        try canvas.apply(document.addStroke(glow, line(from: (20, 50), to: (180, 50), steps: 80)))
        let image = try canvas.export(scale: scale)
        // Rows across the core, from its middle to past its edge: along each, the middle of the stroke (away from
        // its ends) must keep one brightness.
        let coreRadius = 26 * 0.3 / 2
        var worst = (ripple: 0.0, offset: 0.0)
        for offset in stride(from: 0.0, through: coreRadius * 1.3, by: 0.25) {
            let y = Int(((50 + offset) * scale).rounded(.down))
            let values = (Int(60 * scale)..<Int(140 * scale)).map { x -> Double in
                let pixel = image.rgba(x: x, y: y)
                return (pixel.red + pixel.green + pixel.blue) / 3 * 255
            }
            let ripple = (values.max() ?? 0) - (values.min() ?? 0)
            if ripple > worst.ripple { worst = (ripple, offset) }
        }
        // Spaced as the halo was (0.1 of it), the core rippled by 5 levels at 1× and 7 at 4×; now by about 1.
        #expect(
            worst.ripple <= 3,
            "the core's brightness ripples by \(worst.ripple) levels \(worst.offset) px from its middle")
        assertClean(context)
    }
}
