import MaLiangCore

/// A stroke being drawn: its stamps go into its own layers as they come, shown above the paint at the stroke's
/// opacity. When the document receives the stroke, those layers are composited into the paint.
final class LiveStroke {
    let stroke: Stroke
    let wet: StrokeBaker.WetStroke
    /// The guessed continuation shown after the stroke, in layers of its own, redrawn with each guess.
    var prediction: StrokeBaker.WetStroke?

    init(stroke: Stroke, wet: StrokeBaker.WetStroke) {
        self.stroke = stroke
        self.wet = wet
    }

    var brush: AnyBrush { wet.brush }

    /// Its layers in drawing order: halo, body, then the guessed tail's halo and body.
    var layers: [TileLayer] { [wet.halo, wet.body] + (prediction.map { [$0.halo, $0.body] } ?? []) }
}

/// The stroke in progress on the device, as it is drawn.
///
/// On the top layer, plain, it is drawn above the paint by frames. On a layer that is not simply on top — under
/// another shown layer, or faded or blended — it is shown inside its layer: the tiles it reaches are composed again
/// with the layer's paint and the wet stroke together, so it appears under what covers it and at its layer's opacity
/// and blend as it is drawn, not only at pen-up.
final class LiveStrokePaint {
    private let resources: RenderResources
    private let paint: DocumentPaint
    /// The stroke shown, if any.
    private(set) var current: LiveStroke?
    /// Tiles composed with the stroke inside its layer, and those its guessed tail reaches now.
    private var composedTiles: Set<TileKey> = []
    private var predictionTiles: Set<TileKey> = []

    init(_ resources: RenderResources, paint: DocumentPaint) {
        self.resources = resources
        self.paint = paint
    }

    /// Starts showing a stroke in progress; one already shown is dropped. `stroke` gives the id the document will
    /// know it by, its brush, and the images of a chartlet brush (its samples are not read).
    func begin(_ stroke: Stroke) {
        if current != nil { cancel() }
        current = LiveStroke(
            stroke: stroke, wet: StrokeBaker.WetStroke(brush: stroke.brush, like: paint.paint, pool: resources.wetTiles)
        )
    }

    /// Draws stamps of the stroke in progress; with `prediction`, also replaces its guessed continuation (shown,
    /// never baked into the paint; empty drops it).
    func add(_ stamps: [Stamp], prediction: [Stamp]?) throws(VulkanError) {
        guard let current, !stamps.isEmpty || prediction != nil else { return }
        if let prediction {
            // The last guess's tiles go back to the pool (cleared where drawn before they are used again).
            current.prediction =
                prediction.isEmpty
                ? nil : StrokeBaker.WetStroke(brush: current.brush, like: paint.paint, pool: resources.wetTiles)
        }
        if paint.baker.stampsLiveOnHost(current.brush) {
            if !stamps.isEmpty { try paint.baker.stampLive(stamps, of: current.stroke, into: current.wet) }
            if let guess = current.prediction, let prediction, !prediction.isEmpty {
                try paint.baker.stampLive(prediction, of: current.stroke, into: guess)
            }
        } else {
            let baker = resources.strokeBaker
            try resources.context.submitAndWait { commands throws(VulkanError) in
                if !stamps.isEmpty {
                    try baker.addStamps(
                        stamps, to: current.wet, textureIDs: current.stroke.chartletTextureIDs, commands)
                }
                if let guess = current.prediction, let prediction, !prediction.isEmpty {
                    try baker.addStamps(prediction, to: guess, textureIDs: current.stroke.chartletTextureIDs, commands)
                }
            }
            resources.commandsRan()
        }
        try composeIntoLayer(reaching: stamps, prediction: prediction)
    }

    /// Stops showing the stroke in progress (it will not reach the document).
    func cancel() {
        current = nil
        forgetComposition()
        // Composing again only what the stroke reached; a failure here shows at the next change's update.
        try? paint.compositor.update()
    }

    /// The document now has the stroke drawn live: a kernel stamps it again, so that the paint is what reopening
    /// the document gives; the raster path composites the layers it was drawn in.
    func finish(as stroke: Stroke) throws(VulkanError) {
        guard let current, current.stroke.id == stroke.id else { return }
        self.current = nil
        forgetComposition()
        if paint.baker.usesKernel(for: stroke) {
            try paint.bake([stroke])
        } else {
            try paint.commit(current.wet, of: current.stroke)
        }
    }

    /// Drops the stroke without composing anything (the paint is being made again).
    func drop() {
        current = nil
        composedTiles = []
        predictionTiles = []
    }

    /// Whether the stroke in progress is shown composed into its layer.
    var isComposedIntoLayer: Bool {
        let document = paint.document
        guard let current, paint.compositor.composition != nil,
            let index = document.layerIndex(of: current.stroke.layer)
        else { return false }
        let covered = document.layers[(index + 1)...].contains { $0.isVisible && $0.opacity > 0 }
        return covered || !document.layers[index].isPlain
    }

    /// The stroke in progress to draw above the paint, if it is not composed into it.
    var shownAbove: LiveStroke? { isComposedIntoLayer ? nil : current }

    /// Composes again the tiles `stamps` (and the guessed tail's, old and new) reach, with the stroke in progress
    /// inside its layer.
    private func composeIntoLayer(reaching stamps: [Stamp], prediction: [Stamp]?) throws(VulkanError) {
        guard let current, let composition = paint.compositor.composition, isComposedIntoLayer else { return }
        let shown = paint.paint
        var keys = StampPainter.tiles(touchedBy: stamps, in: shown)
        if let prediction {
            keys.formUnion(predictionTiles)
            predictionTiles = StampPainter.tiles(touchedBy: prediction, in: shown)
            keys.formUnion(predictionTiles)
        }
        guard !keys.isEmpty else { return }
        composedTiles.formUnion(keys)
        let layerPaint = paint.layers.paint(of: current.stroke.layer)
        // The layer with the wet stroke on it, for these tiles only: short-lived tiles from the stroke pool.
        let wetted = TileLayer(like: shown, pool: resources.wetTiles)
        let isEraser = current.brush.isEraser
        let baker = resources.strokeBaker
        try resources.context.submitAndWait { commands throws(VulkanError) in
            for key in keys.sorted() {
                let source = layerPaint.tile(key)
                if isEraser && source == nil { continue }
                let tile = try wetted.makeTile(key, commands)
                wetted.markDirty(key, .whole)
                if let source {
                    commands.barrier()
                    commands.copyLevel0(from: source, to: tile)
                }
            }
            try baker.composite(current.wet, onto: wetted, onlyTiles: keys, commands)
            if let guess = current.prediction { try baker.composite(guess, onto: wetted, onlyTiles: keys, commands) }
        }
        try paint.compositor.compose(
            keys,
            of: paint.document.layers.map { layer in
                (layer.id == current.stroke.layer ? wetted : paint.layers.existingPaint(of: layer.id), layer)
            }, into: composition.composite, scratch: composition.scratch)
    }

    /// The stroke in progress is over (in its layer, or dropped): the tiles it was composed into are composed again
    /// from the layers alone at the next update.
    private func forgetComposition() {
        paint.compositor.recompose(composedTiles)
        paint.compositor.recompose(predictionTiles)
        composedTiles = []
        predictionTiles = []
    }
}
