import CVulkan
import MaLiang

/// A stroke being drawn: its stamps go into its own wet layers as samples arrive, shown above the paint at the
/// stroke's opacity, and are baked into the paint at pen-up.
final class LiveStroke {
    var builder: StrokeBuilder
    let wet: StrokeBaker.WetStroke
    var stroke: Stroke
    /// Set once the stroke is in the document, so the change notice does not bake it a second time.
    var committed: ElementID?

    init(builder: StrokeBuilder, wet: StrokeBaker.WetStroke, stroke: Stroke) {
        self.builder = builder
        self.wet = wet
        self.stroke = stroke
    }
}

extension Canvas {
    /// Starts a stroke; a stroke still in progress is cancelled.
    public func beginStroke(brush: AnyBrush, seed: UInt64, canvasScale: Double = 1) {
        cancelStroke()
        let stroke = Stroke(
            id: document.makeElementID(), brush: brush, seed: seed, canvasScale: canvasScale, samples: [])
        let wet = StrokeBaker.WetStroke(
            brush: brush, like: paint, documentWidth: document.size.width, documentHeight: document.size.height,
            pool: wetTiles)
        live = LiveStroke(builder: stroke.makeBuilder(), wet: wet, stroke: stroke)
    }

    /// Whether a stroke is in progress.
    public var isDrawing: Bool { live != nil }

    /// Adds samples to the stroke in progress and stamps what they make certain; returns the document rectangle
    /// that changed (x, y, width, height), or nil.
    @discardableResult
    public func continueStroke(with samples: [InputSample]) throws(VulkanError) -> (Double, Double, Double, Double)? {
        guard let live else { return nil }
        var stamps: [Stamp] = []
        for sample in samples {
            guard let valid = sample.validated() else { continue }
            live.stroke.samples.append(valid)
            live.builder.add(valid, into: &stamps)
        }
        return try stamp(stamps, into: live)
    }

    /// Ends the stroke at pen-up: bakes it into the paint and adds it to the document (one undo step). Returns the
    /// stroke, or nil when it had no samples.
    @discardableResult
    public func endStroke() throws(VulkanError) -> Stroke? {
        guard let live else { return nil }
        var stamps: [Stamp] = []
        live.builder.finish(into: &stamps)
        try stamp(stamps, into: live)
        guard !live.stroke.samples.isEmpty else {
            self.live = nil
            return nil
        }
        try context.submitAndWait { commands throws(VulkanError) in
            let touched = live.wet.touchedTiles
            strokeTiles[live.stroke.id, default: []].formUnion(touched)
            try history.remember(live.stroke.id, tiles: touched, of: paint, commands)
            try baker.composite(live.wet, onto: paint, commands)
        }
        live.committed = live.stroke.id
        document.append(.stroke(live.stroke))
        self.live = nil
        return live.stroke
    }

    /// Drops the stroke in progress (a gesture took over, the tool went away): nothing reaches the document.
    public func cancelStroke() { live = nil }

    @discardableResult
    private func stamp(_ stamps: [Stamp], into live: LiveStroke) throws(VulkanError) -> (
        Double, Double, Double, Double
    )? {
        guard !stamps.isEmpty else { return nil }
        try context.submitAndWait { commands throws(VulkanError) in
            try baker.addStamps(stamps, to: live.wet, textureIDs: live.stroke.chartletTextureIDs, commands)
        }
        painter.arena.reset()
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for stamp in stamps {
            let reach = Double(stamp.size) * 0.7072 + 1
            minX = min(minX, Double(stamp.x) - reach)
            maxX = max(maxX, Double(stamp.x) + reach)
            minY = min(minY, Double(stamp.y) - reach)
            maxY = max(maxY, Double(stamp.y) + reach)
        }
        return (minX, minY, maxX - minX, maxY - minY)
    }
}
