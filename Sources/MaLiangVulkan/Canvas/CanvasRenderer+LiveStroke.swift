import CVulkan
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

extension CanvasRenderer {
    /// Starts showing a stroke in progress; one already shown is dropped. `stroke` gives the id the document will
    /// know it by, its brush, and the images of a chartlet brush (its samples are not read).
    public func beginLiveStroke(_ stroke: Stroke) {
        if live != nil { cancelLiveStroke() }
        live = LiveStroke(stroke: stroke, wet: StrokeBaker.WetStroke(brush: stroke.brush, like: paint, pool: wetTiles))
    }

    /// Whether a stroke in progress is shown.
    public var isShowingLiveStroke: Bool { live != nil }

    /// Draws stamps of the stroke in progress; with `prediction`, also replaces its guessed continuation (shown,
    /// never baked into the paint; empty drops it).
    public func addLiveStamps(_ stamps: [Stamp], prediction: [Stamp]? = nil) throws(VulkanError) {
        guard let live, !stamps.isEmpty || prediction != nil else { return }
        if let prediction {
            // The last guess's tiles go back to the pool (cleared where drawn before they are used again).
            live.prediction =
                prediction.isEmpty ? nil : StrokeBaker.WetStroke(brush: live.brush, like: paint, pool: wetTiles)
        }
        try context.submitAndWait { commands throws(VulkanError) in
            if !stamps.isEmpty {
                try baker.addStamps(stamps, to: live.wet, textureIDs: live.stroke.chartletTextureIDs, commands)
            }
            if let guess = live.prediction, let prediction, !prediction.isEmpty {
                try baker.addStamps(prediction, to: guess, textureIDs: live.stroke.chartletTextureIDs, commands)
            }
        }
        painter.arena.reset()
        try composeLiveStroke(reaching: stamps, prediction: prediction)
    }

    /// Stops showing the stroke in progress (it will not reach the document).
    public func cancelLiveStroke() {
        live = nil
        forgetLiveComposition()
        // Composing again only what the stroke reached; a failure here shows at the next change's update.
        try? updateComposition()
    }

    /// Composites a finished live stroke into its layer's paint, keeping the tiles' previous state for undo.
    func commit(_ live: LiveStroke) throws(VulkanError) {
        let touched = live.wet.touchedTiles
        strokeTiles[live.stroke.id, default: []].formUnion(touched)
        var forgotten: [GPUImage] = []
        let layer = paintOf(live.stroke.layer)
        try context.submitAndWait { commands throws(VulkanError) in
            if keepsUndoCopies { forgotten = try history.remember(live.stroke.id, tiles: touched, of: layer, commands) }
            try baker.composite(live.wet, onto: layer, commands)
        }
        // Copies the history let go are destroyed only now, after the commands that read them have run.
        withExtendedLifetime(forgotten) {}
    }
}
