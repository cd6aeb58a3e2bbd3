import MaLiangCore

extension CanvasRenderer {
    /// What turning strokes into stamps on the device costs and whether it agrees with the host (benchmarks).
    package struct ExpansionMeasurement {
        /// Seconds a pass of the strokes takes the device, walking many copies of them at once.
        package var deviceSeconds: Double
        /// Seconds a pass takes the host to lay the strokes out for it (their samples' columns and room, on one
        /// core).
        package var layoutSeconds: Double
        /// Stamps a pass makes.
        package var stamps: Int
        /// Strokes whose stamps agree with the host's builder (same count, values within float rounding), of all.
        package var agreeing: Int
        package var strokes: Int
        /// The largest distance between a stamp's centre on the device and on the host, document pixels.
        package var largestOffset: Double
        /// Copies of the strokes walked at once.
        package var passes: Int
        /// Where the first stroke that does not agree first differs, in words.
        package var firstDifference: String?
    }

    /// Expands up to `passes` copies of `strokes` on the device in one dispatch (as many as one batch holds), timed
    /// by the device's clock, and compares one copy's stamps with the host builder's. Nil where the device cannot
    /// expand strokes.
    package func measureStrokeExpansion(_ strokes: [Stroke], passes: Int, rounds: Int = 5) throws(VulkanError)
        -> ExpansionMeasurement?
    {
        guard let expander = try StrokeExpander.make(context), context.measureGPUTime() else { return nil }
        let loaded = strokes.map { ($0, $0.samples.loaded()) }
        let repeated = Array(Array(repeating: loaded, count: passes).joined())
        let layingOut = ContinuousClock.now
        let (batch, included) = expander.batch(repeated[...])
        let walked = included.count / max(strokes.count, 1)
        guard walked > 0 else { return nil }
        let layoutSeconds = BakeHostTimes.seconds(since: layingOut) / Double(included.count) * Double(strokes.count)
        let prepared = try expander.prepare(batch)
        context.gpuClock?.reset()
        for _ in 0..<rounds {
            try context.submitAndWait { commands throws(VulkanError) in try expander.record(prepared, commands) }
        }
        // A batch that stopped within a pass still walked its strokes.
        let deviceSeconds =
            (context.gpuClock?.busySeconds ?? 0) / Double(rounds) / Double(included.count)
            * Double(strokes.count)
        var made = expander.stamps(of: prepared).makeIterator()
        let device = included.prefix(strokes.count).map { $0 ? made.next() ?? nil : nil }
        var measurement = ExpansionMeasurement(
            deviceSeconds: deviceSeconds, layoutSeconds: layoutSeconds, stamps: 0, agreeing: 0,
            strokes: strokes.count, largestOffset: 0, passes: walked)
        for (index, ((stroke, samples), stamps)) in zip(loaded, device).enumerated() {
            let host = StampSource.stamps(of: stroke, samples: samples)
            measurement.stamps += host.count
            let difference = Self.firstDifference(stamps, host)
            if let stamps, stamps.count == host.count {
                for (made, expected) in zip(stamps, host) {
                    let offset = Double(max(abs(made.x - expected.x), abs(made.y - expected.y)))
                    measurement.largestOffset = max(measurement.largestOffset, offset)
                }
            }
            if let difference {
                measurement.firstDifference = measurement.firstDifference ?? "stroke \(index): \(difference)"
            } else {
                measurement.agreeing += 1
            }
        }
        return measurement
    }

    /// Where the device's stamps first differ from the host's beyond float rounding, in words; nil where they agree.
    private static func firstDifference(_ made: [Stamp]?, _ host: [Stamp]) -> String? {
        guard let made else { return "not walked to its end" }
        for (index, (stamp, expected)) in zip(made, host).enumerated() {
            let offset = max(abs(stamp.x - expected.x), abs(stamp.y - expected.y))
            guard
                offset > 2e-3 || abs(stamp.size - expected.size) > expected.size * 1e-4
                    || stamp.layer != expected.layer || stamp.textureSlot != expected.textureSlot
            else { continue }
            return "stamp \(index) of \(made.count) at (\(stamp.x), \(stamp.y)) size \(stamp.size), the host's of "
                + "\(host.count) at (\(expected.x), \(expected.y)) size \(expected.size)"
        }
        return made.count == host.count ? nil : "\(made.count) stamps, the host \(host.count)"
    }
}
