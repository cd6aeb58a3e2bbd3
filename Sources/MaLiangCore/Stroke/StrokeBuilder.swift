/// Turns the input samples of one stroke into stamps, incrementally.
///
/// Feed samples as they arrive with ``add(_:into:)``; each call appends only the stamps that became certain.
/// Call ``finish(into:)`` at pen-up. The builder keeps a constant amount of state whatever the stroke's length:
/// stamps are streamed to the caller, never kept.
///
/// The path is MaLiang's midpoint quadratic Bézier — each sample is the control point of a curve joining the
/// midpoints to its neighbours — extended with straight halves at both ends, so the stroke starts at the first
/// sample and reaches the last. Stamps are spaced by arc length along that path, the leftover distance carried
/// across segments. Pressure, tilt and rotation follow the same curve.
public struct StrokeBuilder {
    /// Most stamps one stroke may produce; further stamps are dropped (see ``isTruncated``).
    public static let stampLimit = 20_000_000

    package let recipe: StampRecipe
    var random: SplitMix64
    private var simulated = SimulatedPressure()

    /// The last two distinct samples: the path is emitted up to the midpoint between them.
    private var previous: Knot?
    private var latest: Knot?
    /// Time (µs) of the latest sample, for simulated pressure.
    private var latestTime: UInt64 = 0
    /// Whether the first sample's pressure still waits for the second sample's speed (devices without pressure).
    private var firstPressurePending = false
    /// Largest pressure seen while the stroke has not moved: a tap's dab uses it.
    private var tapPressure: Double?
    /// Path distance from the end of what was walked to the next stamp; 0 before the first stamp.
    private var distanceToNextStamp = 0.0
    /// The last piece walked that had a length: its unit direction of travel (for `.ahead` rotation) is worked out
    /// where a dab needs it, not at every piece of the curve.
    private var travel = SIMD2<Double>(1, 0)
    var chartletIndex: UInt16 = 0
    private var finished = false
    /// The symmetry's copies besides the stroke itself (none without a symmetry).
    package let copies: [SymmetryCopy]
    /// Where a transformed stroke's stamps go (nil: where they are made).
    package let placement: StampPlacement?

    /// Samples used so far.
    public private(set) var acceptedSampleCount = 0
    /// Samples refused because their position was not finite or absurdly far (see ``InputSample/validated()``).
    public private(set) var rejectedSampleCount = 0
    /// Stamps made so far.
    public internal(set) var stampCount = 0
    /// Whether the stroke hit ``stampLimit`` and lost stamps.
    public internal(set) var isTruncated = false

    /// - Parameters:
    ///   - brush: the brush as saved with the stroke.
    ///   - seed: the stroke's saved seed for random angles and random chartlets.
    ///   - canvasScale: the view's zoom when the stroke started (for brushes that do not scale with the canvas).
    public init(brush: AnyBrush, seed: UInt64, canvasScale: Double = 1) {
        self.init(brush: brush, seed: seed, canvasScale: canvasScale, symmetry: nil)
    }

    /// A builder whose stamps each get `symmetry`'s copies (after it, in the order ``Symmetry/copies`` gives).
    public init(brush: AnyBrush, seed: UInt64, canvasScale: Double = 1, symmetry: Symmetry?) {
        self.init(brush: brush, seed: seed, canvasScale: canvasScale, symmetry: symmetry, transform: nil)
    }

    /// A builder whose stamps (the symmetry's copies among them) are moved by `transform`: their size follows its
    /// scale, their angle its turn and flip, and their spacing is kept in the document, so a scaled stroke is
    /// stamped again at full quality rather than stretched.
    public init(
        brush: AnyBrush, seed: UInt64, canvasScale: Double = 1, symmetry: Symmetry?, transform: DocumentTransform?
    ) {
        recipe = StampRecipe(brush: brush, canvasScale: canvasScale)
        random = SplitMix64(seed: seed)
        copies = Array(symmetry?.copies.dropFirst() ?? [])
        placement = transform.flatMap { $0.isIdentity ? nil : StampPlacement($0) }
    }

    /// Number of samples the builder holds: constant, whatever the stroke's length.
    package var retainedSampleCount: Int { (previous == nil ? 0 : 1) + (latest == nil ? 0 : 1) }

    /// Adds one sample; appends the stamps it makes certain to `stamps`.
    public mutating func add(_ sample: InputSample, into stamps: inout [Stamp]) {
        // A valid sample is taken as it is: validating copies it through an optional.
        take(sample.isValid ? WalkSample(sample) : sample.validated().map(WalkSample.init), into: &stamps)
    }

    /// Adds every sample of `columns` (a stroke's stored samples) as ``add(_:into:)`` would, one by one, reading
    /// each straight from the columns: building each as an ``InputSample`` (128 bytes, copied on) was a tenth of
    /// walking a large brush's stroke.
    package mutating func add(_ columns: SampleColumns, into stamps: inout [Stamp]) {
        for index in 0..<columns.count { take(WalkSample(columns, at: index), into: &stamps) }
    }

    /// Walks on to `sample` (nil: refused as invalid) unless the stroke is finished, and completes its stamps.
    @inline(__always)
    private mutating func take(_ sample: WalkSample?, into stamps: inout [Stamp]) {
        let first = stamps.count
        if !finished, let sample {
            accept(sample, into: &stamps)
        } else {
            rejectedSampleCount += 1
        }
        Self.finishBatch(from: first, in: &stamps, copies: copies, placement: placement)
    }

    /// Walks the path on to `sample` (validated).
    @inline(__always)
    private mutating func accept(_ sample: WalkSample, into stamps: inout [Stamp]) {
        acceptedSampleCount += 1
        var knot = sample.knot
        if let pressure = simulated.pressure(
            given: sample.pressure, time: sample.time, distance: latest.map { knot.distance(to: $0) },
            previousTime: latest.map { _ in latestTime })
        {
            knot.axes[0] = pressure
        } else {
            firstPressurePending = true
            knot.axes[0] = recipe.forceOnTap
        }
        latestTime = sample.time
        guard let last = latest else {
            latest = knot
            tapPressure = sample.pressure
            return
        }
        knot.unwrapRotation(after: last)
        if knot.distance(to: last) < 1e-9 {
            // Same place: only the axes changed (a pressure-only frame). Keep the newest values.
            latest?.axes = knot.axes
            if let pressure = sample.pressure { tapPressure = max(tapPressure ?? 0, pressure) }
            return
        }
        if let before = previous {
            // The curve from the previous midpoint, through the latest sample, to the new midpoint.
            walkQuadratic(from: before.midpoint(to: last), control: last, to: last.midpoint(to: knot), into: &stamps)
        } else {
            var first = last
            if firstPressurePending {
                // Devices without pressure: the first sample takes the speed-based pressure of the second.
                first.axes[0] = knot.axes[0]
                firstPressurePending = false
            }
            // The stroke starts exactly at the first sample.
            walkLine(from: first, to: first.midpoint(to: knot), into: &stamps)
            latest = first
        }
        previous = latest
        latest = knot
    }

    /// Adds several samples; returns the stamps they make certain.
    public mutating func add(_ samples: some Sequence<InputSample>) -> [Stamp] {
        var stamps: [Stamp] = []
        for sample in samples { add(sample, into: &stamps) }
        return stamps
    }

    /// Ends the stroke at pen-up: draws the rest of the path to the last sample, or a single dab for a tap.
    public mutating func finish(into stamps: inout [Stamp]) {
        guard !finished else { return }
        let first = stamps.count
        defer { Self.finishBatch(from: first, in: &stamps, copies: copies, placement: placement) }
        finished = true
        guard let last = latest else { return }
        if let before = previous {
            walkLine(from: before.midpoint(to: last), to: last, into: &stamps)
        } else {
            var tap = last
            tap.axes[0] = tapPressure ?? recipe.forceOnTap
            emitDab(at: tap, into: &stamps)
        }
    }

    /// The last stamps of the stroke, ending exactly at its last sample.
    public mutating func finish() -> [Stamp] {
        var stamps: [Stamp] = []
        finish(into: &stamps)
        return stamps
    }

    // MARK: - Walking the path

    /// Largest distance, in pixels, between the Bézier curve and the straight pieces it is walked along.
    static let flatness = 0.1

    private mutating func walkQuadratic(from start: Knot, control: Knot, to end: Knot, into stamps: inout [Stamp]) {
        // A quadratic's chord error over a parameter interval h is |p0 − 2c + p1|·h²/4.
        let bend = start.position - control.position * 2 + end.position
        let bendLength = (bend * bend).sum().squareRoot()
        let pieces = min(max(Int((bendLength / (4 * Self.flatness)).squareRoot().rounded(.up)), 1), 256)
        // Where the spacing is wider than the pieces, most pieces have no dab: the axes at a piece's ends are
        // worked out only for a piece a dab lands on (the same values, by the same formula, as at every end).
        func axes(at piece: Int) -> SIMD4<Double> {
            let t = Double(piece) / Double(pieces)
            let u = 1 - t
            return start.axes * (u * u) + control.axes * (2 * u * t) + end.axes * (t * t)
        }
        var from = start.position
        // The axes at `from`, when known: the previous piece's end where a dab landed on it.
        var fromAxes: SIMD4<Double>? = start.axes
        for piece in 1...pieces {
            let t = Double(piece) / Double(pieces)
            let u = 1 - t
            let to = start.position * (u * u) + control.position * (2 * u * t) + end.position * (t * t)
            let delta = to - from
            let length = (delta * delta).sum().squareRoot()
            if distanceToNextStamp <= length + 1e-9 {
                let toAxes = axes(at: piece)
                let ends = (
                    Knot(position: from, axes: fromAxes ?? axes(at: piece - 1)), Knot(position: to, axes: toAxes)
                )
                walkLine(from: ends.0, to: ends.1, delta: delta, length: length, into: &stamps)
                fromAxes = toAxes
            } else {
                if length > 0 { travel = delta }
                distanceToNextStamp -= length
                fromAxes = nil
            }
            from = to
        }
    }

    /// Unit direction of travel of the last piece walked that had a length (for `.ahead` rotation).
    var direction: SIMD2<Double> { travel / (travel * travel).sum().squareRoot() }

    /// Places stamps along a straight piece, continuing the spacing left over from the previous piece.
    private mutating func walkLine(from start: Knot, to end: Knot, into stamps: inout [Stamp]) {
        let delta = end.position - start.position
        walkLine(from: start, to: end, delta: delta, length: (delta * delta).sum().squareRoot(), into: &stamps)
    }

    /// ``walkLine(from:to:into:)`` with the piece's `delta` and `length` already worked out.
    @inline(__always)
    private mutating func walkLine(
        from start: Knot, to end: Knot, delta: SIMD2<Double>, length: Double, into stamps: inout [Stamp]
    ) {
        if length > 0 { travel = delta }
        // A stamp that lands within rounding error of the end belongs to this piece.
        let reach = length + 1e-9
        while distanceToNextStamp <= reach {
            let fraction = length > 0 ? min(distanceToNextStamp / length, 1) : 0
            let dab = Knot(
                position: start.position + delta * fraction,
                axes: start.axes + (end.axes - start.axes) * fraction)
            let size = emitDab(at: dab, into: &stamps)
            distanceToNextStamp += step(after: size)
        }
        distanceToNextStamp -= length
    }
}

/// What the walk reads of one valid sample.
struct WalkSample {
    /// Its position and axes (an axis the sample lacks is 0).
    var knot: Knot
    /// Its pressure, nil when the device gives none.
    var pressure: Double?
    var time: UInt64

    init(_ sample: InputSample) {
        knot = Knot(sample)
        pressure = sample.pressure
        time = sample.time
    }

    /// Sample `index` of `columns` as ``InputSample/validated()`` gives it (the columns' own subscript, then
    /// validated, makes the same values), or nil where its position is not valid.
    @inline(__always)
    init?(_ columns: SampleColumns, at index: Int) {
        let (x, y) = (Double(columns.xs[index]), Double(columns.ys[index]))
        guard InputSample.acceptsPosition(x: x, y: y) else { return nil }
        let axes = columns.axes(at: index)
        // Stored pressures and rotations are within range by their encoding; a tilt is clamped as validating does.
        let tiltX = axes.tiltX.map { min(max($0, -90), 90) } ?? 0
        let tiltY = axes.tiltY.map { min(max($0, -90), 90) } ?? 0
        pressure = axes.pressure
        knot = Knot(position: SIMD2(x, y), axes: SIMD4(pressure ?? 0, tiltX, tiltY, axes.rotation ?? 0))
        time = columns.time(at: index)
    }
}

/// A point on the stroke path with its interpolated axes.
struct Knot {
    var position: SIMD2<Double>
    /// pressure (0…1), tilt x (°), tilt y (°), barrel rotation (°, unwrapped along the stroke).
    var axes: SIMD4<Double>

    init(position: SIMD2<Double>, axes: SIMD4<Double>) {
        self.position = position
        self.axes = axes
    }

    init(_ sample: InputSample) {
        position = SIMD2(sample.position.x, sample.position.y)
        axes = SIMD4(sample.pressure ?? 0, sample.tiltX ?? 0, sample.tiltY ?? 0, sample.rotation ?? 0)
    }

    func distance(to other: Knot) -> Double {
        let d = other.position - position
        return (d * d).sum().squareRoot()
    }

    func midpoint(to other: Knot) -> Knot {
        Knot(position: (position + other.position) * 0.5, axes: (axes + other.axes) * 0.5)
    }

    /// Shifts the rotation by whole turns so it is within 180° of `previous`: 359° → 1° turns 2°, not −358°.
    mutating func unwrapRotation(after previous: Knot) {
        // The same rotation (none at all, mostly) needs no turn: a division and a rounding spared at every sample.
        guard axes[3] != previous.axes[3] else { return }
        let turns = ((previous.axes[3] - axes[3]) / 360).rounded()
        axes[3] += turns * 360
    }
}
