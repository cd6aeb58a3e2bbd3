import Foundation

/// A brush reduced to the numbers the per-stamp loop needs, computed once per stroke.
package struct StampRecipe {
    package enum Kind {
        case paint
        case glow(coreScale: Float, core: (Float, Float, Float, Float))
        case erase
        case chartlet(count: UInt16, random: Bool)
    }

    package var kind: Kind
    /// Diameter at full pressure, document pixels (zoom already applied).
    package var baseSize: Double
    /// Step in pixels, or a fraction of the size when `relativeStep`.
    package var step: Double
    package var relativeStep: Bool
    package var forceSensitive: Float
    package var curve: [Float]
    package var flow: Float
    package var pressureControlsFlow: Bool
    package var color: (Float, Float, Float, Float)
    package var rotation: Brush.Rotation
    package var tiltToSize: Double
    package var tiltToAngle: Bool
    package var barrelToAngle: Bool
    package var forceOnTap: Double
    /// The stamp every dab starts from: colour, flow and layer set, position, size and angle to fill in.
    package var template: Stamp
    /// A glow's core stamp template.
    package var coreTemplate: Stamp

    init(brush anyBrush: AnyBrush, canvasScale: Double) {
        let brush = anyBrush.base
        // MaLiang: without scaleWithCanvas the stroke keeps its on-screen size, so it is smaller in the document.
        let scale = canvasScale.isFinite && canvasScale > 0 ? canvasScale : 1
        let divisor = brush.scaleWithCanvas ? 1 : scale
        baseSize = Self.finite(brush.pointSize, default: 4, range: 0...100_000) / divisor
        relativeStep = brush.spacingRelativeToSize
        let rawStep = Self.finite(brush.pointStep, default: 1, range: 0...100_000)
        step = relativeStep ? rawStep : rawStep / divisor
        forceSensitive = Float(Self.finite(brush.forceSensitive, default: 0, range: 0...4))
        flow = Float(Self.finite(brush.flow, default: 1, range: 0...1))
        pressureControlsFlow = brush.pressureControlsFlow
        let c = brush.color
        color = (Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
        rotation = brush.rotation
        if case .fixed(let angle) = rotation, !angle.isFinite { rotation = .fixed(0) }
        tiltToSize = Self.finite(brush.tiltToSize, default: 0, range: 0...4)
        tiltToAngle = brush.tiltToAngle
        barrelToAngle = brush.barrelRotationToAngle
        forceOnTap = Self.finite(brush.forceOnTap, default: 1, range: 0...1)
        // The table costs a thousand curve evaluations: only brushes that read pressure pay for it.
        curve = forceSensitive != 0 || pressureControlsFlow ? brush.pressureCurve.table() : []
        let flowValue = flow
        func stamp(_ color: (Float, Float, Float, Float), _ layer: StampLayer) -> Stamp {
            Stamp(
                x: 0, y: 0, size: 0, angle: 0, red: color.0, green: color.1, blue: color.2, alpha: color.3,
                flow: flowValue, layer: layer)
        }
        template = stamp(color, .paint)
        coreTemplate = template
        switch anyBrush {
        case .brush: kind = .paint
        case .eraser:
            kind = .erase
            template = stamp((0, 0, 0, 1), .erase)
        case .glowing(let glowing):
            let core = glowing.coreColor
            let coreColor = (Float(core.red), Float(core.green), Float(core.blue), Float(core.alpha))
            kind = .glow(
                coreScale: Float(Self.finite(glowing.coreProportion, default: 0.25, range: 0...1)), core: coreColor)
            template = stamp(color, .glowHalo)
            coreTemplate = stamp(coreColor, .glowCore)
        case .chartlet(let chartlet):
            kind = .chartlet(
                count: UInt16(clamping: max(chartlet.textureIDs.count, 1)), random: chartlet.renderStyle == .random)
            // Images keep their own colours and are placed whole.
            template = stamp((1, 1, 1, 1), .chartlet)
            template.flow = 1
            // One image every pointSize × pointRate, whatever the brush's own step says.
            relativeStep = true
            step = Self.finite(chartlet.pointRate, default: 1.5, range: 0.01...100)
        }
    }

    package var usesPressureCurve: Bool { forceSensitive != 0 || pressureControlsFlow }
    package var usesTilt: Bool { tiltToSize != 0 || tiltToAngle }

    /// A dab's diameter at a pressure whose curve value is `curveValue`, leaning by (`tiltX`, `tiltY`) degrees.
    @inline(__always) func dabSize(curveValue: Float, tiltX: Double, tiltY: Double) -> Double {
        var size = baseSize
        if forceSensitive != 0 {
            size *= Double(forceSensitive == 1 ? curveValue : powf(curveValue, forceSensitive))
        }
        if tiltToSize != 0 {
            let leansBy = min((tiltX * tiltX + tiltY * tiltY).squareRoot(), 90)
            size *= 1 + tiltToSize * sin(leansBy * .pi / 180)
        }
        return size
    }

    /// Pixels to the next stamp after one of diameter `size`.
    @inline(__always) func stepAfter(size: Double) -> Double {
        max(relativeStep ? step * size : step, Brush.minimumStep, size * Brush.minimumRelativeStep)
    }

    /// The pressure curve's output for `pressure`, through the lookup table.
    @inline(__always) func curveValue(_ pressure: Double) -> Float {
        let last = curve.count - 1
        let position = Float(min(max(pressure, 0), 1)) * Float(last)
        let index = min(Int(position), last - 1)
        let fraction = position - Float(index)
        return curve[index] + (curve[index + 1] - curve[index]) * fraction
    }

    private static func finite(_ value: Double, default fallback: Double, range: ClosedRange<Double>) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
    }
}
