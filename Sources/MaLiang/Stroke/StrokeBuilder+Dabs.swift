import Foundation

extension StrokeBuilder {
    /// Appends the stamps of one dab; returns the dab's diameter (for relative spacing).
    @discardableResult
    mutating func emitDab(at dab: Knot, into stamps: inout [Stamp]) -> Double {
        let curveValue: Float = recipe.usesPressureCurve ? recipe.curveValue(dab.axes[0]) : 1
        var size = recipe.baseSize
        if recipe.forceSensitive != 0 {
            size *= Double(recipe.forceSensitive == 1 ? curveValue : powf(curveValue, recipe.forceSensitive))
        }
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
            size *= 1 + recipe.tiltToSize * sin(leansBy * .pi / 180)
            if recipe.tiltToAngle && leansBy > 5 { angle = Float(atan2(tiltY, tiltX)) }
        }
        if recipe.barrelToAngle { angle += Float(dab.axes[3] * .pi / 180) }

        guard size >= 0.01 else { return size }
        guard reserveStamps(recipe.stampsPerDab) else { return size }
        let flow = recipe.pressureControlsFlow ? recipe.flow * curveValue : recipe.flow
        let x = Float(dab.position.x)
        let y = Float(dab.position.y)
        let (r, g, b, a) = recipe.color
        switch recipe.kind {
        case .paint:
            stamps.append(
                Stamp(x: x, y: y, size: Float(size), angle: angle, red: r, green: g, blue: b, alpha: a, flow: flow))
        case .erase:
            stamps.append(
                Stamp(
                    x: x, y: y, size: Float(size), angle: angle, red: 0, green: 0, blue: 0, alpha: 1, flow: flow,
                    layer: .erase))
        case .glow(let coreScale, let core):
            stamps.append(
                Stamp(
                    x: x, y: y, size: Float(size), angle: angle, red: r, green: g, blue: b, alpha: a, flow: flow,
                    layer: .glowHalo))
            stamps.append(
                Stamp(
                    x: x, y: y, size: Float(size) * coreScale, angle: angle, red: core.0, green: core.1, blue: core.2,
                    alpha: core.3, flow: flow, layer: .glowCore))
        case .chartlet(let count, let isRandom):
            let slot = isRandom ? UInt16(nextRandomUnit() * Float(count)) % count : nextChartletSlot(count: count)
            stamps.append(
                Stamp(
                    x: x, y: y, size: Float(size), angle: angle, red: 1, green: 1, blue: 1, alpha: 1, flow: 1,
                    textureSlot: slot, layer: .chartlet))
        }
        return size
    }
}

extension StrokeBuilder {
    mutating func nextRandomUnit() -> Float { random.nextUnitFloat() }

    /// Ordered chartlets cycle from the first image (MaLiang started at the second).
    mutating func nextChartletSlot(count: UInt16) -> UInt16 {
        defer { chartletIndex = (chartletIndex + 1) % count }
        return chartletIndex
    }

    /// Counts `count` more stamps against ``stampLimit``; `false` once the stroke is over the limit.
    mutating func reserveStamps(_ count: Int) -> Bool {
        guard stampCount + count <= Self.stampLimit else {
            isTruncated = true
            return false
        }
        stampCount += count
        return true
    }
}

extension StampRecipe {
    var stampsPerDab: Int {
        if case .glow = kind { return 2 }
        return 1
    }
}
