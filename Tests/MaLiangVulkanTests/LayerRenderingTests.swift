import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec
import Testing

/// Layers composed by the renderer, checked against the W3C compositing formulas worked out here from each layer
/// drawn alone; layer operations and their undo against documents drawn afresh.
@Suite(.serialized) struct LayerRenderingTests {
    static let size = Size(width: 120, height: 80)
    static let orange = Color(red: 0.95, green: 0.55, blue: 0.1)
    static let blue = Color(red: 0.15, green: 0.35, blue: 0.9)

    /// A horizontal band on the bottom layer (soft-edged, partly transparent) and a vertical one above it.
    static func bottomStrokes(_ layer: LayerID) -> [Stroke] {
        [
            Stroke(
                id: ElementID(1), brush: solidBrush(size: 30, opacity: 0.8, color: orange), seed: 1,
                samples: line(from: (10, 40), to: (110, 40)), layer: layer)
        ]
    }

    static func topStrokes(_ layer: LayerID) -> [Stroke] {
        [
            Stroke(
                id: ElementID(2), brush: solidBrush(size: 24, opacity: 0.9, color: blue), seed: 2,
                samples: line(from: (60, 5), to: (60, 75)), layer: layer)
        ]
    }

    /// A document of two layers: the band, and above it the upright band with `top`'s settings.
    static func twoLayers(top: Layer) throws -> Document {
        let document = try Document(size: size)
        document.addLayer(top)
        for stroke in bottomStrokes(.first) + topStrokes(top.id) { document.append(.stroke(stroke)) }
        return document
    }

    /// One layer's strokes alone, exported at `scale` without paper (16 bits, straight alpha).
    static func alone(_ strokes: [Stroke], scale: Double, context: VulkanContext) throws -> PNGImage {
        let document = try Document(size: size)
        for stroke in strokes {
            document.append(
                .stroke(Stroke(id: stroke.id, brush: stroke.brush, seed: stroke.seed, samples: stroke.samples)))
        }
        return try CanvasRenderer(document: document, context: context, undo: false).export(
            scale: scale, background: false, bitDepth: 16)
    }

    /// The W3C result of `source` (straight colour, opacity applied) over `backdrop` with `blend`, premultiplied.
    static func composed(
        _ source: (red: Double, green: Double, blue: Double, alpha: Double), opacity: Double,
        over backdrop: (red: Double, green: Double, blue: Double, alpha: Double), blend: LayerBlend
    ) -> [Double] {
        let sa = source.alpha * opacity
        let ba = backdrop.alpha
        let cs = [source.red, source.green, source.blue]
        let cb = [backdrop.red, backdrop.green, backdrop.blue]
        let mixed = zip(cs, cb).map { s, b -> Double in
            switch blend {
            case .normal: s
            case .multiply: s * b
            case .screen: s + b - s * b
            case .overlay: b < 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b)
            }
        }
        let color = (0..<3).map { sa * cs[$0] * (1 - ba) + ba * cb[$0] * (1 - sa) + sa * ba * mixed[$0] }
        return color + [sa + ba * (1 - sa)]
    }

    /// The largest difference, in 8-bit levels, between `image` and the layers composed by the formula.
    static func worstDifference(
        _ image: PNGImage, bottom: PNGImage, top: PNGImage, layer: Layer
    ) -> Double {
        var worst = 0.0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let want = composed(
                    top.at(x, y), opacity: layer.isVisible ? layer.opacity : 0, over: bottom.at(x, y),
                    blend: layer.blend)
                let got = image.at(x, y)
                let premultiplied = [got.red * got.alpha, got.green * got.alpha, got.blue * got.alpha, got.alpha]
                for channel in 0..<4 { worst = max(worst, abs(premultiplied[channel] - want[channel]) * 255) }
            }
        }
        return worst
    }

    /// On the host (how a CPU device composes) and by drawing (how a GPU does), each against the formulas.
    @Test(arguments: LayerBlend.allCases, [true, false])
    func everyBlendModeFollowsTheCompositingFormula(blend: LayerBlend, onHost: Bool) throws {
        let context = try validatedContext()
        let top = Layer(id: LayerID(2), name: "Top", opacity: 0.7, blend: blend)
        let document = try Document(size: Self.size)
        let canvas = try CanvasRenderer(document: document, context: context)
        canvas.composesOnHost = onHost
        try canvas.apply(document.addLayer(top))
        for stroke in Self.bottomStrokes(.first) + Self.topStrokes(top.id) {
            try canvas.apply(document.append(.stroke(stroke)))
        }
        let bottom = try Self.alone(Self.bottomStrokes(.first), scale: 1, context: context)
        let upper = try Self.alone(Self.topStrokes(top.id), scale: 1, context: context)
        let image = try canvas.export(background: false, bitDepth: 16)
        let worst = Self.worstDifference(image, bottom: bottom, top: upper, layer: top)
        #expect(worst < 1.5, "\(blend), on the host \(onHost): \(worst) levels off")
        // At another scale the layers are stamped again and composed the same way.
        let scaled = try canvas.export(scale: 2, background: false, bitDepth: 16)
        let scaledWorst = Self.worstDifference(
            scaled, bottom: try Self.alone(Self.bottomStrokes(.first), scale: 2, context: context),
            top: try Self.alone(Self.topStrokes(top.id), scale: 2, context: context), layer: top)
        #expect(scaledWorst < 1.5, "\(blend) at 2×: \(scaledWorst) levels off")
        // On white paper the crossing shows the mode: multiply darker than normal, screen lighter.
        let crossing = try canvas.export().at(60, 40)
        try canvas.apply(document.updateLayer(top.id) { $0.blend = .normal })
        let normal = try canvas.export().at(60, 40)
        switch blend {
        case .multiply: #expect(crossing.green < normal.green - 0.05 && crossing.blue < normal.blue - 0.05)
        case .screen: #expect(crossing.green > normal.green + 0.05 && crossing.red > normal.red + 0.05)
        case .overlay: #expect(crossing.red > normal.red + 0.05)
        case .normal: #expect(crossing == normal)
        }
        assertClean(context)
    }

    @Test(arguments: LayerBlend.allCases) func matchesTheGoldenImage(blend: LayerBlend) throws {
        let context = try validatedContext()
        let document = try Self.twoLayers(top: Layer(id: LayerID(2), name: "Top", opacity: 0.85, blend: blend))
        let image = try CanvasRenderer(document: document, context: context).export()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Golden/blend-\(blend.rawValue).png")
        if ProcessInfo.processInfo.environment["MALIANG_UPDATE_GOLDEN"] == "1" {
            try PNG.encode(image).write(to: url)
        }
        let golden = try PNG.decode(try Data(contentsOf: url), depth: .eight)
        guard case .rgba8(let a) = image.pixels, case .rgba8(let b) = golden.pixels, a.count == b.count else {
            Issue.record("blend-\(blend.rawValue): sizes differ")
            return
        }
        let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
        #expect((differences.max() ?? 0) <= 3, "\(blend): max \(differences.max() ?? 0)")
    }

    /// Each layer operation, and its undo, gives exactly what a document drawn afresh in that state gives.
    @Test func layerOperationsAndTheirUndoGiveTheDrawingOfThatState() throws {
        let context = try validatedContext()
        let document = try Self.twoLayers(top: Layer(id: LayerID(2), name: "Top"))
        let canvas = try CanvasRenderer(document: document, context: context)
        func fresh(_ layers: [Layer], _ strokes: [Stroke]) throws -> PNGImage {
            let reference = try Document(size: Self.size)
            reference.load(elements: strokes.map { .stroke($0) }, textures: [:], layers: layers)
            return try CanvasRenderer(document: reference, context: context, undo: false).export(bitDepth: 16)
        }
        let bottom = Layer(id: .first, name: "Layer 1")
        let top = Layer(id: LayerID(2), name: "Top")
        let both = try fresh([bottom, top], Self.bottomStrokes(.first) + Self.topStrokes(top.id))
        #expect(try canvas.export(bitDepth: 16) == both)

        // Hidden, then faded, then multiplied: each undone back to the one before.
        var hidden = top
        hidden.isVisible = false
        try canvas.apply(document.updateLayer(top.id) { $0.isVisible = false })
        #expect(
            try canvas.export(bitDepth: 16)
                == fresh([bottom, hidden], Self.bottomStrokes(.first) + Self.topStrokes(top.id)))
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == both)

        // Moved under: the band now covers the upright one.
        try canvas.apply(document.moveLayer(top.id, to: 0))
        let swapped = try fresh([top, bottom], Self.bottomStrokes(.first) + Self.topStrokes(top.id))
        #expect(try canvas.export(bitDepth: 16) == swapped)
        #expect(swapped != both)
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == both)

        // Deleted and back.
        try canvas.apply(document.removeLayer(top.id))
        #expect(try canvas.export(bitDepth: 16) == fresh([bottom], Self.bottomStrokes(.first)))
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == both)

        // A stroke undone on the lower layer while the upper one covers it.
        let extra = Stroke(
            id: document.makeElementID(), brush: solidBrush(size: 12, color: .black), seed: 5,
            samples: line(from: (20, 70), to: (100, 10)), layer: .first)
        try canvas.apply(document.append(.stroke(extra)))
        #expect(
            try canvas.export(bitDepth: 16)
                == fresh([bottom, top], Self.bottomStrokes(.first) + [extra] + Self.topStrokes(top.id)))
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == both)

        // Copied: the copy doubles the upright band (normal over itself), made by copying tiles, and its undo.
        guard let (copyID, changes) = document.duplicateLayer(top.id) else {
            Issue.record("no copy")
            return
        }
        try canvas.apply(changes)
        var copy = top
        copy.id = copyID
        copy.name = "Top copy"
        let copies = document.elements(on: copyID).compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
        #expect(copies.count == 1 && copies.allSatisfy { $0.id > extra.id })
        #expect(
            try canvas.export(bitDepth: 16)
                == fresh([bottom, top, copy], Self.bottomStrokes(.first) + Self.topStrokes(top.id) + copies))
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == both)

        // Every layer's strokes cleared and back.
        try canvas.apply(document.clear())
        #expect(try canvas.export(bitDepth: 16) == fresh([bottom, top], []))
        try canvas.apply(document.undo())
        #expect(try canvas.export(bitDepth: 16) == both)
        assertClean(context)
    }

    /// A stroke drawn on a layer under another shows under it while it is drawn, and one on a faded layer shows
    /// faded; what it showed goes when it is dropped, and at pen-up the paint is what a stored stroke gives.
    @Test func aStrokeInProgressShowsInsideItsLayer() throws {
        let context = try validatedContext()
        // The upper layer: an opaque white band across the middle.
        let document = try Document(size: Self.size)
        let canvas = try CanvasRenderer(document: document, context: context)
        let cover = Layer(id: document.makeLayerID(), name: "Cover")
        try canvas.apply(document.addLayer(cover))
        try canvas.apply(
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: solidBrush(size: 20, color: .white), seed: 1,
                        samples: line(from: (0, 40), to: (120, 40)), layer: cover.id))))
        let before = try canvas.render(view: ViewTransform(), width: 120, height: 80, background: false)
        // Black down the lower layer, drawn live.
        let samples = line(from: (60, 5), to: (60, 75))
        var stroke = Stroke(
            id: document.makeElementID(), brush: solidBrush(size: 10, color: .black), seed: 2, samples: [],
            layer: .first)
        var builder = stroke.makeBuilder()
        canvas.beginLiveStroke(stroke)
        var stamps: [Stamp] = []
        for sample in samples { if let stored = stroke.samples.append(sample) { builder.add(stored, into: &stamps) } }
        try canvas.addLiveStamps(stamps)
        let during = try canvas.render(view: ViewTransform(), width: 120, height: 80, background: false)
        #expect(during.at(60, 20).red < 0.05 && during.at(60, 20).alpha > 0.95, "the stroke shows where uncovered")
        #expect(during.at(60, 40).red > 0.95, "the stroke shows above the layer that covers it")
        // Dropped: the view is as before.
        canvas.cancelLiveStroke()
        #expect(try canvas.render(view: ViewTransform(), width: 120, height: 80, background: false) == before)
        // Drawn again and finished: the paint is the stored stroke's.
        canvas.beginLiveStroke(stroke)
        try canvas.addLiveStamps(stamps + builder.finish())
        try canvas.apply(document.append(.stroke(stroke)))
        let reference = try Document(size: Self.size)
        reference.load(elements: document.elements, textures: [:], layers: document.layers)
        #expect(
            try canvas.export(bitDepth: 16)
                == CanvasRenderer(document: reference, context: context, undo: false).export(bitDepth: 16))
        // On the top layer faded to half, a live stroke shows at half.
        try canvas.apply(document.updateLayer(cover.id) { $0.opacity = 0.5 })
        var faint = Stroke(
            id: document.makeElementID(), brush: solidBrush(size: 10, color: .black), seed: 3, samples: [],
            layer: cover.id)
        var faintBuilder = faint.makeBuilder()
        canvas.beginLiveStroke(faint)
        var faintStamps: [Stamp] = []
        for sample in line(from: (10, 70), to: (110, 70)) {
            if let stored = faint.samples.append(sample) { faintBuilder.add(stored, into: &faintStamps) }
        }
        try canvas.addLiveStamps(faintStamps)
        let faded = try canvas.render(view: ViewTransform(), width: 120, height: 80).at(30, 70)
        #expect(abs(faded.red - 0.5) < 0.03, "\(faded)")
        canvas.cancelLiveStroke()
        assertClean(context)
    }

    /// Layer operations and their undo stamp no stroke again, and compose only the tiles of the layer they change:
    /// the same work for a layer of 6 strokes over a page of 600 as over a page of 6.
    @Test(arguments: [6, 600]) func layerOperationsCostTheSameWhateverTheDocumentHolds(strokesBelow: Int) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 1024, height: 1024))
        for index in 0..<strokesBelow {
            let y = 20 + Double(index % 60) * 16
            document.addStroke(solidBrush(size: 8), line(from: (10, y), to: (1010, y), steps: 8), seed: UInt64(index))
        }
        let top = Layer(id: document.makeLayerID(), name: "Top")
        document.addLayer(top)
        for index in 0..<6 {
            let x = 100 + Double(index) * 20
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: solidBrush(size: 8, color: Self.blue), seed: 9,
                        samples: line(from: (x, 100), to: (x, 200)), layer: top.id)))
        }
        let canvas = try CanvasRenderer(document: document, context: context)
        let start = canvas.work
        var steps: [[DocumentChange]] = [
            document.updateLayer(top.id) { $0.isVisible = false }, document.undo(),
            document.updateLayer(top.id) { $0.opacity = 0.3 }, document.updateLayer(top.id) { $0.blend = .overlay },
            document.moveLayer(top.id, to: 0), document.undo(), document.undo(), document.undo(),
            document.removeLayer(top.id), document.undo(),
        ]
        if let (_, copied) = document.duplicateLayer(top.id) { steps.append(copied) }
        steps.append(document.undo())
        for changes in steps { try canvas.apply(changes) }
        #expect(canvas.work.strokesStamped == start.strokesStamped, "a layer operation stamped strokes again")
        // The top layer reaches one tile: each of the 12 steps composes that tile (a copy: its tile, twice over).
        #expect(canvas.work.tilesComposed - start.tilesComposed <= 13, "\(canvas.work)")
        assertClean(context)
    }

    /// The eraser erases only the layer it is used on.
    @Test func theEraserErasesOnlyItsLayer() throws {
        let context = try validatedContext()
        let document = try Self.twoLayers(top: Layer(id: LayerID(2), name: "Top"))
        let canvas = try CanvasRenderer(document: document, context: context)
        let eraser = BrushPresets.brush(named: "eraser") ?? solidBrush(size: 1)
        try canvas.apply(
            document.append(
                .stroke(
                    Stroke(
                        id: document.makeElementID(), brush: eraser, seed: 4,
                        samples: line(from: (0, 40), to: (120, 40), pressure: 1), layer: LayerID(2)))))
        let image = try canvas.export()
        // The upright band is erased where the eraser crossed it; the band under it is whole.
        let crossing = image.at(60, 40)
        #expect(crossing.red > 0.9 && crossing.blue < 0.3, "\(crossing)")
        #expect(image.at(60, 10).blue > 0.8 && image.at(60, 10).red < 0.3)
        assertClean(context)
    }

    /// A placed image hides with its layer and fades with it.
    @Test func chartletsShowAndHideWithTheirLayer() throws {
        let context = try validatedContext()
        let document = try Document(size: Self.size)
        let canvas = try CanvasRenderer(document: document, context: context)
        try canvas.apply(document.addLayer(Layer(id: LayerID(2), name: "Images")))
        try canvas.apply(
            document.addTexture(id: "red", png: try solidPNG(width: 4, height: 4, rgba: [255, 0, 0, 255])))
        try canvas.apply(
            document.append(
                .chartlet(
                    Chartlet(
                        id: document.makeElementID(), textureID: "red", center: Point(x: 60, y: 40),
                        size: Size(width: 40, height: 40), layer: LayerID(2)))))
        #expect(try canvas.export().at(60, 40).green < 0.05)
        try canvas.apply(document.updateLayer(LayerID(2)) { $0.opacity = 0.5 })
        let faded = try canvas.export().at(60, 40)
        #expect(abs(faded.green - 0.5) < 0.02 && faded.red > 0.98)
        try canvas.apply(document.updateLayer(LayerID(2)) { $0.isVisible = false })
        #expect(try canvas.export().at(60, 40).green > 0.98)
        assertClean(context)
    }
}
