extension StrokeBuilder {
    /// Most stamps this builder can make of `samples` (the whole stroke, copies counted), for a device that walks the
    /// stroke elsewhere to make room for: the path is no longer than the line through the samples, and each
    /// straight piece it is walked along adds at most one dab to one every smallest step.
    package func stampBound(of samples: SampleColumns) -> Double {
        let smallestStep = Brush.minimumStep / (placement?.largestStretch ?? 1)
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
                pieces +=
                    Double(min(max(Int((bendLength / (4 * Self.flatness)).squareRoot().rounded(.up)), 1), 256)) + 1
            }
            before = latest
            last = point
        }
        return (length / smallestStep + pieces) * Double(recipe.stampsPerDab * (1 + copies.count))
    }

    /// Where the stroke's random angles and images are drawn from next (the stroke's seed, before any stamp).
    package var randomState: UInt64 { random.state }
}
