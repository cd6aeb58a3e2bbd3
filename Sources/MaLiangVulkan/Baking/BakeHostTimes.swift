/// Where a bake's time goes on the host, for `maliang bench render`: waiting for strokes' stamps (made on other
/// cores windows ahead), binning them for the kernel (on a GPU, waiting for a batch binned on other cores while the
/// next was queued) and laying the work out, writing the binned work into upload memory, and waiting for
/// the device to finish the submission before (one runs while the next is prepared) or, at the end, the last, and
/// handing the commands to the device (ending and submitting them). Seconds on the baking thread.
package struct BakeHostTimes: Sendable {
    package var stamps = 0.0
    package var binning = 0.0
    /// Of `binning`: laying the binned chunks out together (``StampWork``), on one core.
    package var layout = 0.0
    /// The time the cores spent binning chunks, added up.
    package var binningOnCores = 0.0
    package var writing = 0.0
    package var deviceWait = 0.0
    package var submitting = 0.0

    package init() {}

    /// Adds `other`'s times to these.
    package mutating func add(_ other: BakeHostTimes) {
        stamps += other.stamps
        binning += other.binning
        layout += other.layout
        binningOnCores += other.binningOnCores
        writing += other.writing
        deviceWait += other.deviceWait
        submitting += other.submitting
    }

    /// Seconds since `start`.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
