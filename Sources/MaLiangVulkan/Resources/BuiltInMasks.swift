import Foundation

/// The built-in brush masks, made by the project: deterministic noise and falloffs, 256×256, 0…255.
enum BuiltInMasks {
    static let all: [(String, [UInt8])] = [
        (paperID, paper()), ("pencil-grain", pencil()), ("chalk", chalk()), ("airbrush", airbrush()),
        ("marker", marker()),
    ]

    /// The paper's tooth under brushes with grain (``MaLiangCore/Brush/grain``), one texel a document pixel,
    /// repeating every 256.
    static let paperID = "paper"

    private static let size = BrushTextures.size

    /// Hash noise in 0…1, the same on every machine.
    private static func noise(_ x: Int, _ y: Int, _ seed: UInt32) -> Double {
        var h =
            UInt32(truncatingIfNeeded: x) &* 0x8DA6_B343 ^ UInt32(truncatingIfNeeded: y) &* 0xD816_3841 ^ seed
            &* 0xCB1A_B31F
        h = (h ^ (h >> 13)) &* 0x5BD1_E995
        h ^= h >> 15
        return Double(h & 0xFFFF) / 65535
    }

    /// Value noise smoothed over `cell` pixels.
    private static func smoothNoise(_ x: Int, _ y: Int, cell: Int, seed: UInt32) -> Double {
        let fx = Double(x) / Double(cell)
        let fy = Double(y) / Double(cell)
        let x0 = Int(fx.rounded(.down))
        let y0 = Int(fy.rounded(.down))
        let tx = fx - Double(x0)
        let ty = fy - Double(y0)
        let a = noise(x0, y0, seed) + (noise(x0 + 1, y0, seed) - noise(x0, y0, seed)) * tx
        let b = noise(x0, y0 + 1, seed) + (noise(x0 + 1, y0 + 1, seed) - noise(x0, y0 + 1, seed)) * tx
        return a + (b - a) * ty
    }

    /// Value noise over `cell` pixels that repeats every ``size`` pixels (`cell` divides it).
    private static func repeatingNoise(_ x: Int, _ y: Int, cell: Int, seed: UInt32) -> Double {
        let cells = size / cell
        let x0 = x / cell
        let y0 = y / cell
        let tx = Double(x % cell) / Double(cell)
        let ty = Double(y % cell) / Double(cell)
        func at(_ cx: Int, _ cy: Int) -> Double { noise(cx % cells, cy % cells, seed) }
        let a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * tx
        let b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * tx
        return a + (b - a) * ty
    }

    /// Paper tooth: fine and middling noise, stretched so that about a quarter is valley (near 0) and a quarter
    /// is peak (1).
    static func paper() -> [UInt8] {
        make { _, _, px, py in
            let tooth =
                0.5 * repeatingNoise(px, py, cell: 2, seed: 31) + 0.35 * repeatingNoise(px, py, cell: 4, seed: 37)
                + 0.15 * repeatingNoise(px, py, cell: 16, seed: 41)
            let t = min(max((tooth - 0.3) / 0.4, 0), 1)
            return t * t * (3 - 2 * t)
        }
    }

    private static func make(_ value: (_ x: Double, _ y: Double, _ px: Int, _ py: Int) -> Double) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: size * size)
        for py in 0..<size {
            for px in 0..<size {
                // Centre of the pixel in −1…1.
                let x = (Double(px) + 0.5) / Double(size) * 2 - 1
                let y = (Double(py) + 0.5) / Double(size) * 2 - 1
                mask[py * size + px] = UInt8((min(max(value(x, y, px, py), 0), 1) * 255).rounded())
            }
        }
        return mask
    }

    /// A firm disc broken by fine paper grain.
    static func pencil() -> [UInt8] {
        make { x, y, px, py in
            let r = (x * x + y * y).squareRoot()
            let disc = min(max((1 - r) * 12, 0), 1)
            let grain = 0.35 + 0.65 * smoothNoise(px, py, cell: 3, seed: 11)
            return disc * grain
        }
    }

    /// A ragged, dry dab with coarse gaps.
    static func chalk() -> [UInt8] {
        make { x, y, px, py in
            // A dry, broken rim: irregular, not scalloped.
            let edge =
                0.8 + 0.16 * smoothNoise(px, py, cell: 24, seed: 5) - 0.08 * smoothNoise(px, py, cell: 6, seed: 7)
            let r = (x * x + y * y).squareRoot()
            let body = min(max((edge - r) * 8, 0), 1)
            let gaps = smoothNoise(px, py, cell: 6, seed: 23) > 0.35 ? 1.0 : 0.25
            return body * gaps * (0.6 + 0.4 * smoothNoise(px, py, cell: 2, seed: 9))
        }
    }

    /// A Gaussian falloff for soft spraying.
    static func airbrush() -> [UInt8] {
        make { x, y, _, _ in
            let r2 = x * x + y * y
            return r2 >= 1 ? 0 : exp(-r2 * 4.5) * (1 - r2)
        }
    }

    /// A chisel tip: a flat rounded rectangle, wider than tall.
    static func marker() -> [UInt8] {
        make { x, y, _, _ in
            let dx = max(abs(x) - 0.75, 0)
            let dy = max(abs(y) - 0.25, 0)
            let outside = (dx * dx + dy * dy).squareRoot()
            return min(max((0.2 - outside) * 20, 0), 1)
        }
    }
}
