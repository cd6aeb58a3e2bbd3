import MaLiangCore

extension CanvasRenderer {
    /// What turning strokes into stamps on the device costs and whether it agrees with the host (benchmarks).
    package struct ExpansionMeasurement {
        /// Seconds a pass of the strokes takes the device, walking `passes` copies of them at once.
        package var deviceSeconds: Double
        /// Seconds a pass takes the host to lay the strokes out for it (their polylines, on one core).
        package var layoutSeconds: Double
        /// Stamps a pass makes.
        package var stamps: Int
        /// Strokes whose stamps agree with the host's builder (same count, values within float rounding), of all.
        package var agreeing: Int
        package var strokes: Int
        /// The largest distance between a stamp's centre on the device and on the host, document pixels.
        package var largestOffset: Double
    }

    /// Expands `passes` copies of `strokes` on the device in one dispatch, timed by the device's clock, and compares
    /// one copy's stamps with the host builder's. Nil where the device cannot expand strokes.
    package func measureStrokeExpansion(_ strokes: [Stroke], passes: Int, rounds: Int = 5) throws(VulkanError)
        -> ExpansionMeasurement?
    {
        guard let expander = try StrokeExpander.make(context), context.measureGPUTime() else { return nil }
        let loaded = strokes.map { ($0, $0.samples.loaded()) }
        let repeated = Array(Array(repeating: loaded, count: passes).joined())
        let layingOut = ContinuousClock.now
        let (batch, included) = StrokeExpander.batch(repeated)
        let layoutSeconds = BakeHostTimes.seconds(since: layingOut) / Double(passes)
        let prepared = try expander.prepare(batch)
        context.gpuClock?.reset()
        for _ in 0..<rounds {
            try context.submitAndWait { commands throws(VulkanError) in try expander.record(prepared, commands) }
        }
        let deviceSeconds = (context.gpuClock?.busySeconds ?? 0) / Double(rounds * passes)
        var made = expander.stamps(of: prepared).makeIterator()
        let device = included.prefix(strokes.count).map { $0 ? made.next() ?? nil : nil }
        var measurement = ExpansionMeasurement(
            deviceSeconds: deviceSeconds, layoutSeconds: layoutSeconds, stamps: 0, agreeing: 0,
            strokes: strokes.count, largestOffset: 0)
        for ((stroke, samples), stamps) in zip(loaded, device) {
            let host = StampSource.stamps(of: stroke, samples: samples)
            measurement.stamps += host.count
            guard let stamps, stamps.count == host.count else { continue }
            var agrees = true
            for (made, expected) in zip(stamps, host) {
                let offset = Double(max(abs(made.x - expected.x), abs(made.y - expected.y)))
                measurement.largestOffset = max(measurement.largestOffset, offset)
                agrees =
                    agrees && offset <= 2e-3 && abs(made.size - expected.size) <= expected.size * 1e-4
                    && made.layer == expected.layer && made.textureSlot == expected.textureSlot
            }
            if agrees { measurement.agreeing += 1 }
        }
        return measurement
    }
}
