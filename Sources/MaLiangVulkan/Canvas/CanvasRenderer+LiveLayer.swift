import CVulkan
import MaLiangCore

/// A stroke in progress on a layer that is not simply on top — one under another shown layer, or one faded or
/// blended — is shown inside its layer: the tiles it reaches are composed again with the layer's paint and the wet
/// stroke together, so it appears under what covers it and at its layer's opacity and blend as it is drawn, not
/// only at pen-up. On the top layer, plain, it is drawn above the paint as it always was (no composing).
extension CanvasRenderer {
    /// Whether the stroke in progress is shown composed into its layer.
    var composesLiveStroke: Bool {
        guard let live, composition != nil, let index = document.layerIndex(of: live.stroke.layer) else {
            return false
        }
        let covered = document.layers[(index + 1)...].contains { $0.isVisible && $0.opacity > 0 }
        return covered || !document.layers[index].isPlain
    }

    /// The stroke in progress to draw above the paint, if it is not composed into it.
    var liveShownAbove: LiveStroke? { composesLiveStroke ? nil : live }

    /// Composes again the tiles `stamps` (and the guessed tail's, old and new) reach, with the stroke in progress
    /// inside its layer.
    func composeLiveStroke(reaching stamps: [Stamp], prediction: [Stamp]?) throws(VulkanError) {
        guard let live, let composition, composesLiveStroke else { return }
        var keys = StampPainter.tiles(touchedBy: stamps, in: paint)
        if let prediction {
            keys.formUnion(composition.livePredictionTiles)
            composition.livePredictionTiles = StampPainter.tiles(touchedBy: prediction, in: paint)
            keys.formUnion(composition.livePredictionTiles)
        }
        guard !keys.isEmpty else { return }
        composition.liveTiles.formUnion(keys)
        let current = paintOf(live.stroke.layer)
        // The layer with the wet stroke on it, for these tiles only: short-lived tiles from the stroke pool.
        let wetted = TileLayer(like: paint, pool: wetTiles)
        let isEraser: Bool
        if case .eraser = live.brush { isEraser = true } else { isEraser = false }
        try context.submitAndWait { commands throws(VulkanError) in
            for key in keys.sorted() {
                let source = current.tile(key)
                if isEraser && source == nil { continue }
                let tile = try wetted.makeTile(key, commands)
                wetted.markDirty(key, .whole)
                if let source {
                    fullBarrier(commands)
                    copyLevel0(from: source, to: tile, commands)
                }
            }
            try baker.composite(live.wet, onto: wetted, onlyTiles: keys, commands)
            if let guess = live.prediction { try baker.composite(guess, onto: wetted, onlyTiles: keys, commands) }
        }
        try compose(
            keys,
            of: document.layers.map { layer in
                (layer.id == live.stroke.layer ? wetted : layerPaint[layer.id], layer)
            }, into: composition.composite, scratch: composition.scratch)
    }

    /// The stroke in progress is over (in its layer, or dropped): the tiles it was composed into are composed
    /// again from the layers alone at the next update.
    func forgetLiveComposition() {
        guard let composition else { return }
        composition.pending.formUnion(composition.liveTiles)
        composition.pending.formUnion(composition.livePredictionTiles)
        composition.liveTiles = []
        composition.livePredictionTiles = []
    }
}
