extension StrokeBuilder {
    /// The diameter of a dab at each of `samples` (before any transform), as a builder of `brush` stamps them:
    /// a pen's pressure, or the speed's for devices without one (the first sample taking the second's), through
    /// the brush's pressure curve and tilt; a tap, all in one place, is its one dab's size. What a format that
    /// keeps one width a point (a MaLiang folder) needs to keep a stroke's look. A sample the builder refuses
    /// takes the size before it.
    package static func dabSizes(of samples: some Sequence<InputSample>, brush: AnyBrush, canvasScale: Double = 1)
        -> [Double]
    {
        let recipe = StampRecipe(brush: brush, canvasScale: canvasScale)
        func size(_ pressure: Double, _ knot: Knot) -> Double {
            let curveValue: Float = recipe.usesPressureCurve ? recipe.curveValue(pressure) : 1
            return recipe.dabSize(curveValue: curveValue, tiltX: knot.axes[1], tiltY: knot.axes[2])
        }
        var simulated = SimulatedPressure()
        var latest: (knot: Knot, time: UInt64)?
        var moved = false
        /// Sizes from here on wait for the first speed (no pressure, nothing moved yet).
        var pendingFrom: Int?
        var tapPressure: Double?
        var sizes: [Double] = []
        for sample in samples {
            guard let valid = sample.validated() else {
                sizes.append(sizes.last ?? size(recipe.forceOnTap, Knot(sample)))
                continue
            }
            let knot = Knot(valid)
            let distance = latest.map { knot.distance(to: $0.knot) }
            let pressure = simulated.pressure(
                given: valid.pressure, time: valid.time, distance: distance, previousTime: latest?.time)
            if let penPressure = valid.pressure, !moved { tapPressure = max(tapPressure ?? 0, penPressure) }
            if pressure == nil && pendingFrom == nil { pendingFrom = sizes.count }
            let movesOn = latest != nil && distance ?? 0 >= 1e-9
            if movesOn, let pressure, let from = pendingFrom, let before = latest {
                for index in from..<sizes.count { sizes[index] = size(pressure, before.knot) }
                pendingFrom = nil
            }
            sizes.append(size(pressure ?? recipe.forceOnTap, knot))
            if latest == nil || movesOn {
                moved = moved || movesOn
                latest = (knot, valid.time)
            } else {
                latest?.time = valid.time
            }
        }
        if !moved, let first = latest {
            return sizes.map { _ in size(tapPressure ?? recipe.forceOnTap, first.knot) }
        }
        return sizes
    }
}
