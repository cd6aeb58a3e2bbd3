/// A tiny, fast, seedable random generator (SplitMix64), so a stroke's random angles are the same on every
/// render. The algorithm is fixed: changing it would change how saved strokes look.
package struct SplitMix64: RandomNumberGenerator {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 24 bits of resolution.
    mutating func nextUnitFloat() -> Float { Float(next() >> 40) * (1.0 / 16_777_216.0) }
}
