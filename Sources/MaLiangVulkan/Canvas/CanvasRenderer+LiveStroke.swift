import CVulkan
import MaLiangCore

/// A stroke being drawn: its stamps go into its own layers as they come, shown above the paint at the stroke's
/// opacity. When the document receives the stroke, those layers are composited into the paint.
final class LiveStroke {
    let stroke: Stroke
    let wet: StrokeBaker.WetStroke

    init(stroke: Stroke, wet: StrokeBaker.WetStroke) {
        self.stroke = stroke
        self.wet = wet
    }

    var brush: AnyBrush { wet.brush }
}

extension CanvasRenderer {
    /// Starts showing a stroke in progress; one already shown is dropped. `stroke` gives the id the document will
    /// know it by, its brush, and the images of a chartlet brush (its samples are not read).
    public func beginLiveStroke(_ stroke: Stroke) {
        live = LiveStroke(stroke: stroke, wet: StrokeBaker.WetStroke(brush: stroke.brush, like: paint, pool: wetTiles))
    }

    /// Whether a stroke in progress is shown.
    public var isShowingLiveStroke: Bool { live != nil }

    /// Draws stamps of the stroke in progress.
    public func addLiveStamps(_ stamps: [Stamp]) throws(VulkanError) {
        guard let live, !stamps.isEmpty else { return }
        try context.submitAndWait { commands throws(VulkanError) in
            try baker.addStamps(stamps, to: live.wet, textureIDs: live.stroke.chartletTextureIDs, commands)
        }
        painter.arena.reset()
    }

    /// Stops showing the stroke in progress (it will not reach the document).
    public func cancelLiveStroke() { live = nil }

    /// Composites a finished live stroke into the paint, keeping the tiles' previous state for undo.
    func commit(_ live: LiveStroke) throws(VulkanError) {
        let touched = live.wet.touchedTiles
        strokeTiles[live.stroke.id, default: []].formUnion(touched)
        var forgotten: [GPUImage] = []
        try context.submitAndWait { commands throws(VulkanError) in
            if keepsUndoCopies { forgotten = try history.remember(live.stroke.id, tiles: touched, of: paint, commands) }
            try baker.composite(live.wet, onto: paint, commands)
        }
        // Copies the history let go are destroyed only now, after the commands that read them have run.
        withExtendedLifetime(forgotten) {}
    }
}
