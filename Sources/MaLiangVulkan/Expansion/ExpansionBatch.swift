import CStamping
import MaLiangCore

/// Strokes laid out for Shaders/expand.comp (the layouts of CStamping's mlexpand.h): per stroke a header — the
/// brush's numbers, where its samples, curve table and copies lie, where its stamps go — then every stroke's
/// samples, copied column by column as they are kept, its curve table and its symmetry copies.
struct ExpansionBatch {
    /// The header's flags (the shader's constants of the same names).
    enum Flag {
        static let glow: UInt32 = 1
        static let erase: UInt32 = 2
        static let chartlet: UInt32 = 3
        static let relativeStep: UInt32 = 1 << 2
        static let usesCurve: UInt32 = 1 << 3
        static let pressureControlsFlow: UInt32 = 1 << 4
        static let usesTilt: UInt32 = 1 << 5
        static let tiltToAngle: UInt32 = 1 << 6
        static let barrelToAngle: UInt32 = 1 << 7
        static let rotationShift: UInt32 = 8
        static let randomChartlets: UInt32 = 1 << 10
        static let placed: UInt32 = 1 << 11
    }

    private(set) var strokes: [MLExpandStroke] = []
    /// Per stroke, its xs and ys (float bits) and times.
    private(set) var sampleWords: [UInt32] = []
    /// Per stroke, its 16-bit columns, each starting a word and padded to a whole word: the shader reads words, and
    /// a last half alone in a word would lie past the buffer's end (read as 0 there).
    private(set) var halves: [UInt16] = []
    private(set) var curves: [Float] = []
    private(set) var copies: [MLSymmetryCopy] = []
    /// Room for stamps, in stamps: each stroke's bound.
    private(set) var stampCapacity = 0

    var strokeCount: Int { strokes.count }

    /// Adds the stroke a fresh `builder` makes of `samples`, with room for `bound` stamps (at least
    /// ``StrokeBuilder/stampBound(of:)``).
    mutating func add(_ samples: SampleColumns, of builder: StrokeBuilder, bound: Int) {
        let sampleBase = sampleWords.count
        for column in [samples.xs.map(\.bitPattern), samples.ys.map(\.bitPattern), samples.times] {
            sampleWords += column
        }
        /// A 16-bit column's first half, or absent.
        func append(_ column: [UInt16]) -> UInt32 {
            guard !column.isEmpty else { return UInt32.max }
            let first = UInt32(halves.count)
            halves += column
            if halves.count % 2 == 1 { halves.append(0) }
            return first
        }
        let pressureBase = append(samples.pressures)
        let tiltXBase = append(samples.tiltsX.map { UInt16(bitPattern: $0) })
        let tiltYBase = append(samples.tiltsY.map { UInt16(bitPattern: $0) })
        let rotationBase = append(samples.rotations)
        let presence = samples.presence
        let presenceBase = presence.varying.isEmpty ? UInt32.max : append(presence.varying.map { UInt16($0) })
        let recipe = builder.recipe
        let placement = builder.placement
        let transform = placement?.transform ?? .identity
        let template = recipe.template
        let core = recipe.coreTemplate
        let seed = builder.randomState
        let (flags, chartlets, coreScale, fixedAngle) = Self.flags(of: recipe, placed: placement != nil)
        strokes.append(
            MLExpandStroke(
                baseSize: recipe.baseSize, step: recipe.step, tiltToSize: recipe.tiltToSize, a: transform.a,
                b: transform.b, c: transform.c, d: transform.d, tx: transform.tx, ty: transform.ty,
                sizeScale: placement?.sizeScale ?? 1, largestStretch: placement?.largestStretch ?? 1,
                forceOnTap: recipe.forceOnTap, sampleBase: UInt32(sampleBase), sampleCount: UInt32(samples.count),
                baseTimeLow: UInt32(truncatingIfNeeded: samples.baseTime), baseTimeHigh: UInt32(samples.baseTime >> 32),
                pressureBase: pressureBase, tiltXBase: tiltXBase, tiltYBase: tiltYBase, rotationBase: rotationBase,
                presenceBase: presenceBase, presence: UInt32(presence.constant ?? 0), outputBase: UInt32(stampCapacity),
                capacity: UInt32(bound), curveBase: UInt32(curves.count),
                curveCount: UInt32(recipe.usesPressureCurve ? recipe.curve.count : 0), copyBase: UInt32(copies.count),
                copyCount: UInt32(builder.copies.count), flags: flags, chartletCount: UInt32(chartlets),
                seedLow: UInt32(truncatingIfNeeded: seed), seedHigh: UInt32(seed >> 32),
                forceSensitive: recipe.forceSensitive, flow: template.flow, fixedAngle: fixedAngle,
                coreScale: coreScale,
                red: template.red, green: template.green, blue: template.blue, alpha: template.alpha,
                coreRed: core.red, coreGreen: core.green, coreBlue: core.blue, coreAlpha: core.alpha,
                layer: UInt32(template.layer.rawValue), coreLayer: UInt32(core.layer.rawValue)))
        if recipe.usesPressureCurve { curves += recipe.curve }
        for copy in builder.copies {
            copies.append(
                MLSymmetryCopy(
                    centerX: copy.center.x, centerY: copy.center.y, cosine: copy.cosine, sine: copy.sine,
                    turn: copy.turn, mirrored: copy.mirrored ? 1 : 0, unused: 0))
        }
        stampCapacity += bound
    }

    /// The header's flags for `recipe`, with the numbers that go with them: images to choose from, the glow core's
    /// share of the size, the fixed angle.
    private static func flags(of recipe: StampRecipe, placed: Bool) -> (UInt32, UInt16, Float, Float) {
        var flags: UInt32 = 0
        var coreScale: Float = 0
        var chartlets: UInt16 = 1
        switch recipe.kind {
        case .paint: break
        case .erase: flags |= Flag.erase
        case .glow(let scale, _):
            flags |= Flag.glow
            coreScale = scale
        case .chartlet(let count, let isRandom):
            flags |= Flag.chartlet | (isRandom ? Flag.randomChartlets : 0)
            chartlets = count
        }
        var fixedAngle: Float = 0
        switch recipe.rotation {
        case .fixed(let angle): fixedAngle = Float(angle)
        case .random: flags |= 1 << Flag.rotationShift
        case .ahead: flags |= 2 << Flag.rotationShift
        }
        if recipe.relativeStep { flags |= Flag.relativeStep }
        if recipe.usesPressureCurve { flags |= Flag.usesCurve }
        if recipe.pressureControlsFlow { flags |= Flag.pressureControlsFlow }
        if recipe.usesTilt { flags |= Flag.usesTilt }
        if recipe.tiltToAngle { flags |= Flag.tiltToAngle }
        if recipe.barrelToAngle { flags |= Flag.barrelToAngle }
        if placed { flags |= Flag.placed }
        return (flags, chartlets, coreScale, fixedAngle)
    }
}
