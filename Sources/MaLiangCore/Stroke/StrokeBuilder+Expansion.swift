import Foundation

extension StrokeBuilder {
    /// Most stamps this builder can make of `samples` (the whole stroke, copies counted), for a device that walks the
    /// stroke elsewhere to make room for: the path is no longer than the line through the samples, no two dabs are
    /// closer than the step after the smallest dab the stroke's pressures allow, and each straight piece the path
    /// is walked along may add one dab.
    package func stampBound(of samples: SampleColumns) -> Double {
        var length = 0.0
        // The first and last lines, a tap, and a piece of slack for each curve's rounding.
        var pieces = 4.0
        var before: SIMD2<Double>?
        var last: SIMD2<Double>?
        for index in 0..<samples.count {
            let point = SIMD2(Double(samples.xs[index]), Double(samples.ys[index]))
            guard let latest = last else {
                last = point
                continue
            }
            let distance = ((point - latest) * (point - latest)).sum().squareRoot()
            // A sample in the same place makes no step (as the builder skips it).
            guard distance >= 1e-9 else { continue }
            length += distance
            if let before {
                // The curve through `latest` between the midpoints: bent by half the turn there.
                let bend = (before + point) * 0.5 - latest
                let bendLength = (bend * bend).sum().squareRoot()
                let curvePieces = Int((bendLength / (4 * Self.flatness)).squareRoot().rounded(.up))
                pieces += Double(min(max(curvePieces, 1), 256)) + 1
            }
            before = latest
            last = point
        }
        // A device's float functions may make a dab a little smaller than the host's: a percent of slack.
        let dabs = (length / step(after: smallestDabSize(of: samples)) + pieces) * 1.01 + 8
        return dabs * Double(recipe.stampsPerDab * (1 + copies.count))
    }

    /// The smallest dab `samples` can make: the brush's size at the lowest point of its pressure curve that the
    /// stroke's pressures reach (tilt only makes dabs larger). Pressures along the path are blends of the samples'
    /// (simulated ones, for samples without, run from √(1/50) to 1), a tap's or the first sample's `forceOnTap`.
    private func smallestDabSize(of samples: SampleColumns) -> Double {
        guard recipe.forceSensitive != 0 else { return recipe.baseSize }
        var low = recipe.forceOnTap
        var high = recipe.forceOnTap
        if samples.pressures.count < samples.count || samples.presence.constant.map({ $0 & 1 == 0 }) == true
            || samples.presence.varying.contains(where: { $0 & 1 == 0 })
        {
            low = min(low, SimulatedPressure.force(forSpeed: 5000))
            high = 1
        }
        for pressure in samples.pressures {
            let value = Double(pressure) / 65535
            low = min(low, value)
            high = max(high, value)
        }
        let curve = lowestCurveValue(from: low, to: high)
        let force = recipe.forceSensitive
        return recipe.baseSize * Double(force == 1 ? curve : powf(curve, force))
    }

    /// The lowest the pressure curve's lookup gives for a pressure in `low...high` (it is linear between entries).
    private func lowestCurveValue(from low: Double, to high: Double) -> Float {
        var lowest = min(recipe.curveValue(low), recipe.curveValue(high))
        let last = Float(recipe.curve.count - 1)
        let first = Int(Float(min(max(low, 0), 1)) * last) + 1
        let end = Int(Float(min(max(high, 0), 1)) * last)
        if first <= end { lowest = min(lowest, recipe.curve[first...end].min() ?? lowest) }
        return lowest
    }

    /// Where the stroke's random angles and images are drawn from next (the stroke's seed, before any stamp).
    package var randomState: UInt64 { random.state }
}
