/// Guesses where the pen is going, so the stroke being drawn can be shown a little ahead of the last sample and hide
/// the time input takes to reach the screen (as Rnote and Krita do). The guess is shown only: it is replaced by the
/// real samples as they come, dropped at pen-up, and never saved.
///
/// The pen's velocity is a least-squares fit over the samples of the last ``window`` (so one jittery sample does not
/// throw it), extrapolated in a straight line for ``horizon`` — at most ``maximumReach`` document pixels, and not at
/// all once the pen has stopped or the samples are too far apart in time to say anything.
public struct StrokePredictor: Sendable {
    /// How far ahead to guess, microseconds.
    public var horizon: UInt64
    /// Samples this recent (microseconds before the last) make the velocity.
    public var window: UInt64
    /// The farthest a guess may reach from the last sample, document pixels.
    public var maximumReach: Double
    /// Spacing of the guessed samples, microseconds.
    public var step: UInt64

    /// A predictor guessing `horizon` microseconds ahead. The defaults (8 ms ahead, velocity over 16 ms) halve
    /// how far a stroke shown to its last sample trails the pen on a real recording (`maliang bench predict`).
    public init(horizon: UInt64 = 8_000, window: UInt64 = 16_000, maximumReach: Double = 48, step: UInt64 = 4_000) {
        self.horizon = horizon
        self.window = window
        self.maximumReach = maximumReach
        self.step = max(step, 1)
    }

    /// The guessed samples after the last of `recent` (the stroke's latest samples, oldest first): empty when there
    /// is nothing to go on.
    public func predict(after recent: some BidirectionalCollection<InputSample>) -> [InputSample] {
        guard let last = recent.last, let velocity = velocity(of: recent), horizon > 0 else { return [] }
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        guard speed > 1e-6, speed.isFinite else { return [] }
        // Pixels per microsecond; the reach caps how far the guess goes, whatever the speed.
        let reachTime = min(Double(horizon), maximumReach / speed)
        var guesses: [InputSample] = []
        var offset = step
        while Double(offset) <= reachTime + 0.5 {
            guesses.append(guess(from: last, velocity: velocity, after: Double(offset)))
            offset += step
        }
        if guesses.isEmpty || Double(offset - step) < reachTime - 0.5 {
            guesses.append(guess(from: last, velocity: velocity, after: reachTime))
        }
        return guesses
    }

    private func guess(from last: InputSample, velocity: Point, after microseconds: Double) -> InputSample {
        var sample = last
        sample.position = Point(
            x: last.position.x + velocity.x * microseconds, y: last.position.y + velocity.y * microseconds)
        sample.time = last.time + UInt64(microseconds.rounded())
        return sample
    }

    /// Pixels per microsecond, fitted to the samples within the window before the last; nil with fewer than two,
    /// or when they do not span time.
    func velocity(of recent: some BidirectionalCollection<InputSample>) -> Point? {
        guard let last = recent.last else { return nil }
        var used: [InputSample] = []
        for sample in recent.reversed() {
            guard sample.time <= last.time, last.time - sample.time <= window else { break }
            used.append(sample)
        }
        guard used.count >= 2 else { return nil }
        let times = used.map { Double(last.time - $0.time) * -1 }
        let meanTime = times.reduce(0, +) / Double(times.count)
        let meanX = used.reduce(0) { $0 + $1.position.x } / Double(used.count)
        let meanY = used.reduce(0) { $0 + $1.position.y } / Double(used.count)
        var spread = 0.0
        var alongX = 0.0
        var alongY = 0.0
        for (sample, time) in zip(used, times) {
            let dt = time - meanTime
            spread += dt * dt
            alongX += dt * (sample.position.x - meanX)
            alongY += dt * (sample.position.y - meanY)
        }
        guard spread > 0 else { return nil }
        return Point(x: alongX / spread, y: alongY / spread)
    }
}
