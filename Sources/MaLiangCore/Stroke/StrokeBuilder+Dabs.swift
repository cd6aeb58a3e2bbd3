import Foundation

extension StrokeBuilder {
    /// Appends the stamps of one dab; returns the dab's diameter (for relative spacing). Inlined into the walk,
    /// which calls it for every dab.
    @discardableResult @inline(__always)
    mutating func emitDab(at dab: Knot, into stamps: inout [Stamp]) -> Double {
        let curveValue: Float = recipe.usesPressureCurve ? recipe.curveValue(dab.axes[0]) : 1
        let size = recipe.dabSize(curveValue: curveValue, tiltX: dab.axes[1], tiltY: dab.axes[2])
        var angle: Float
        switch recipe.rotation {
        case .fixed(let fixed): angle = Float(fixed)
        case .random: angle = (nextRandomUnit() * 2 - 1) * .pi
        case .ahead: angle = Float(atan2(direction.y, direction.x))
        }
        if recipe.usesTilt {
            let tiltX = dab.axes[1]
            let tiltY = dab.axes[2]
            let leansBy = min((tiltX * tiltX + tiltY * tiltY).squareRoot(), 90)
            if recipe.tiltToAngle && leansBy > 5 { angle = Float(atan2(tiltY, tiltX)) }
        }
        if recipe.barrelToAngle { angle += Float(dab.axes[3] * .pi / 180) }

        guard size >= 0.01 else { return size }
        guard reserveStamps(recipe.stampsPerDab) else { return size }
        // Everything constant over the stroke is already in the template.
        var stamp = recipe.template
        stamp.x = Float(dab.position.x)
        stamp.y = Float(dab.position.y)
        stamp.size = Float(size)
        stamp.angle = angle
        if recipe.pressureControlsFlow { stamp.flow *= curveValue }
        switch recipe.kind {
        case .paint, .erase:
            stamps.append(stamp)
        case .glow(let coreScale, _):
            stamps.append(stamp)
            var core = recipe.coreTemplate
            core.x = stamp.x
            core.y = stamp.y
            core.size = stamp.size * coreScale
            core.angle = angle
            core.flow = stamp.flow
            stamps.append(core)
        case .chartlet(let count, let isRandom):
            stamp.textureSlot =
                isRandom ? UInt16(nextRandomUnit() * Float(count)) % count : nextChartletSlot(count: count)
            stamps.append(stamp)
        }
        return size
    }
}

extension StrokeBuilder {
    /// About how many stamps the samples of `columns` make: the path's length over the step after a dab of the brush's own size
    /// (dabs made smaller by pressure come closer together, so there may be more), for a caller to reserve room
    /// for them at once rather than grow the array by copying.
    package func expectedStampCount(for columns: SampleColumns) -> Int {
        // From the positions alone: building every sample only to measure the path was a tenth of making a large
        // brush's stamps.
        var length = 0.0
        var last: SIMD2<Double>?
        columns.xs.withUnsafeBufferPointer { xs in
            columns.ys.withUnsafeBufferPointer { ys in
                for index in xs.indices {
                    let position = SIMD2(Double(xs[index]), Double(ys[index]))
                    guard position.x.isFinite, position.y.isFinite else { continue }
                    if let last {
                        let delta = position - last
                        length += (delta * delta).sum().squareRoot()
                    }
                    last = position
                }
            }
        }
        let dabs = length / max(step(after: recipe.baseSize), Brush.minimumStep) + 2
        guard dabs.isFinite else { return 0 }
        let stamps = min(dabs, Double(Self.stampLimit)) * Double(recipe.stampsPerDab * (1 + copies.count))
        return min(Int(stamps), Self.stampLimit) + columns.count
    }

    mutating func nextRandomUnit() -> Float { random.nextUnitFloat() }

    /// Ordered chartlets cycle from the first image (MaLiang started at the second).
    mutating func nextChartletSlot(count: UInt16) -> UInt16 {
        defer { chartletIndex = (chartletIndex + 1) % count }
        return chartletIndex
    }

    /// Counts `count` more stamps against ``stampLimit``; `false` once the stroke is over the limit.
    mutating func reserveStamps(_ count: Int) -> Bool {
        // A symmetric stroke's copies count too.
        let count = count * (1 + copies.count)
        guard stampCount + count <= Self.stampLimit else {
            isTruncated = true
            return false
        }
        stampCount += count
        return true
    }

    /// Completes the stamps just made (`stamps[first...]`): the symmetry's copies appended, then all of them placed
    /// where a transform puts them. Called once a sample, and given only what it reads: called on the builder, it
    /// copied the whole builder (half a kilobyte) at every sample, even for a plain stroke where it does nothing.
    @inline(__always)
    static func finishBatch(
        from first: Int, in stamps: inout [Stamp], copies: [SymmetryCopy], placement: StampPlacement?
    ) {
        if !copies.isEmpty { appendCopies(copies, of: first, in: &stamps) }
        guard let placement, first < stamps.count else { return }
        for index in first..<stamps.count { placement.place(&stamps[index]) }
    }

    /// The path distance, in the stroke's own frame, from a dab of diameter `size` to the next: the brush's step
    /// in the document, made no wider along the direction the transform stretches most (no gaps where it
    /// stretches; for a proportional scale, exactly the scaled stroke's spacing).
    @inline(__always) func step(after size: Double) -> Double {
        guard let placement else { return recipe.stepAfter(size: size) }
        return recipe.stepAfter(size: size * placement.sizeScale) / placement.largestStretch
    }

    /// Appends each symmetry copy of `stamps[first...]` (the stamps just made), copy by copy.
    static func appendCopies(_ copies: [SymmetryCopy], of first: Int, in stamps: inout [Stamp]) {
        guard first < stamps.count else { return }
        let made = first..<stamps.count
        stamps.reserveCapacity(stamps.count + made.count * copies.count)
        for copy in copies {
            for index in made { stamps.append(copy.apply(stamps[index])) }
        }
    }
}

extension StampRecipe {
    package var stampsPerDab: Int {
        if case .glow = kind { return 2 }
        return 1
    }
}

/// A transform as the stamps of a transformed stroke need it.
package struct StampPlacement {
    package let transform: DocumentTransform
    package let sizeScale: Double
    package let largestStretch: Double

    init(_ transform: DocumentTransform) {
        self.transform = transform
        sizeScale = transform.sizeScale
        largestStretch = max(transform.largestStretch, 1e-9)
    }

    /// Moves a stamp: its centre through the transform, its diameter by the transform's scale, its angle the way
    /// the transform turns (and mirrors) a direction.
    func place(_ stamp: inout Stamp) {
        let t = transform
        let x = Double(stamp.x)
        let y = Double(stamp.y)
        stamp.x = Float(t.a * x + t.c * y + t.tx)
        stamp.y = Float(t.b * x + t.d * y + t.ty)
        stamp.size = Float(Double(stamp.size) * sizeScale)
        let cosine = Double(cos(stamp.angle))
        let sine = Double(sin(stamp.angle))
        stamp.angle = Float(atan2(t.b * cosine + t.d * sine, t.a * cosine + t.c * sine))
    }
}
