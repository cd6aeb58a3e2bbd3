/// Pressure for devices that have none (touch, mouse), from the speed of the pointer — MaLiang's promise for
/// screens without 3D Touch.
///
/// MaLiang's formula: force = √(1000 / clamp(speed, 100, 5000)) with speed in points per second, which runs from
/// about 3.16 (slow) to 0.45 (fast). Dividing by √10 maps it into 0.14…1: slow strokes are heavy, fast ones thin.
/// The value is smoothed over samples so jittery timestamps do not make the width flicker.
struct SimulatedPressure {
    private var smoothed: Double?
    /// Weight of the newest sample in the running average.
    static let smoothing = 0.4

    static func force(forSpeed speed: Double) -> Double {
        let clamped = min(max(speed.isFinite ? speed : 5000, 100), 5000)
        return (1000 / clamped).squareRoot() / 10.0.squareRoot()
    }

    /// The pressure a sample is stamped with: its own, or without one the speed's since the stroke's previous
    /// sample, `distance` px away (nil for the first sample, whose pressure waits for the second's speed). The time
    /// of every sample seen counts, even one in the same place.
    mutating func pressure(given pressure: Double?, time: UInt64, distance: Double?, previousTime: UInt64?) -> Double? {
        if let pressure { return pressure }
        guard let distance, let previousTime else { return nil }
        let elapsed = time >= previousTime ? Double(time - previousTime) : 0
        return update(distance: distance, elapsedMicroseconds: elapsed)
    }

    /// Feeds the distance (px) and elapsed time (µs) since the previous sample; returns the pressure now.
    mutating func update(distance: Double, elapsedMicroseconds: Double) -> Double {
        // A zero or backwards time step gives no speed information: keep the previous estimate.
        guard elapsedMicroseconds > 0 else { return smoothed ?? 1 }
        let raw = Self.force(forSpeed: distance / (elapsedMicroseconds / 1_000_000))
        let next = smoothed.map { $0 + (raw - $0) * Self.smoothing } ?? raw
        smoothed = next
        return next
    }
}
