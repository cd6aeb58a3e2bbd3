import MaLiangCore

/// The document's paint: each layer's tiles and the layers composed, kept in line with the document through the
/// changes its editor makes. Strokes are stamped once; undo restores the tiles a stroke changed (bounded work,
/// whatever the document's length), and paint kept in the file comes in as it is needed instead of being stamped.
final class DocumentPaint {
    let resources: RenderResources
    let document: Document
    let layers: LayerPaints
    let compositor: LayerCompositor
    let kept: KeptPaint
    let undo: PaintUndo
    let baker: PaintBaker
    /// An export-only renderer stamps the paint only when something asks for it (an export at scale 1, a view): a
    /// small render of a huge document never needs it.
    private(set) var isPending = false
    /// Tiles of strokes moved or put back among others, by layer, to stamp again when the changes are finished.
    var reshaped: [LayerID: Set<TileKey>] = [:]
    /// Strokes a selection gesture has lifted off their layer, if any.
    var lifted: LiftedStrokes?

    /// Strokes of a loaded document whose tiles are copied for a quick undo (older ones are rebuilt when undone).
    static let rememberedOnLoad = 8

    /// Follows `document`. With `undo` (a window) its paint is made now — from `cache` when it was kept there for
    /// these strokes, else stamped — and undo is quick for strokes drawn from now on and the newest ones loaded;
    /// without it (an export) nothing is made until asked for, and no undo copies are kept.
    /// `progress` hears how far the first stamping of the document has come (returning false stops it).
    init(
        document: Document, resources: RenderResources, undo: Bool, stamping: StampingPath?, cache: PaintCache?,
        progress: ((Double) -> Bool)? = nil
    ) throws(VulkanError) {
        self.resources = resources
        self.document = document
        layers = LayerPaints(resources)
        kept = KeptPaint(resources, document: document, layers: layers, cache: cache)
        compositor = LayerCompositor(resources, document: document, layers: layers, kept: kept)
        self.undo = PaintUndo(keepsCopies: undo)
        baker = try PaintBaker(resources, stamping: stamping)
        if kept.adopt() {
            // Tiles come from the file as they are needed.
            self.undo.strokesCameUnstamped()
        } else if !undo {
            isPending = true
        } else {
            baker.progress = progress
            defer { baker.progress = nil }
            try bakeAll()
        }
        if !isPending { try compositor.update() }
    }

    /// What window frames and exports at one pixel per document pixel show.
    var paint: TileLayer { compositor.paint }

    /// Follows one change the document has just made (a stroke drawn live is the renderer's to finish). Call
    /// ``finishChanges()`` after the last of a list.
    func apply(_ change: DocumentChange) throws(VulkanError) {
        // The tiles a clear sets aside must be all of them.
        if case .cleared = change { try kept.load() }
        // Any change ends a lift: the document now says where the strokes are.
        markLiftedForRebuild()
        switch change {
        case .inserted(.stroke(let stroke), _):
            if isNewestOnItsLayer(stroke) {
                try bake([stroke])
            } else {
                // Back under later strokes (a deletion undone): stamped again in drawing order.
                reshape(nil, into: stroke)
            }
        case .removed(.stroke(let stroke), _):
            try unbake(stroke)
        case .updated(.stroke(let before), .stroke(let after), _):
            reshape(before, into: after)
        case .cleared:
            let forgotten = undo.history.stashForClear(layers.all.mapValues { $0.takeAll() })
            // A frame in flight may still sample an old clear's tiles: let it finish before they go.
            if !forgotten.isEmpty { resources.context.waitIdle() }
        case .restored:
            if let stash = undo.history.takeClearStash() {
                for (id, tiles) in stash { layers.paint(of: id).restoreAll(tiles) }
            } else {
                try rebuild(undo.allReachedTiles)
            }
        case .textureAdded(let id, _):
            resources.chartletImages.invalidate(id)
        case .backgroundChanged:
            break  // The paper is drawn from the document's colour at composite time.
        case .inserted(.chartlet, _), .removed(.chartlet, _), .updated:
            break  // Chartlets are drawn from the document at composite time.
        case .layerInserted, .layerRemoved, .layerMoved, .layerChanged:
            try applyLayerChange(change)
        }
    }

    /// After a list of changes: kept tiles that could not be read are stamped again, and the layers composed where
    /// they changed.
    func finishChanges() throws(VulkanError) {
        try rebuildReshaped()
        try repairKeptTiles()
        try compositor.update()
        resources.chartletImages.trim()
    }

    /// Drops every tile and stamps the whole document again (after a GPU failure left the paint in doubt).
    func reload() throws(VulkanError) {
        resources.context.waitIdle()
        undo.removeAll()
        kept.removeAll()
        removeAll()
        try bakeAll()
        try compositor.update()
    }

    /// Drops every layer's paint and the composition.
    func removeAll() {
        layers.removeAll()
        compositor.removeAll()
    }

    /// Stamps the paint if it was left for later (an export-only renderer), and brings it up to date.
    func bakeIfPending(progress range: ClosedRange<Double> = 0...1) throws(VulkanError) {
        try kept.load()
        try repairKeptTiles()
        if isPending {
            isPending = false
            try bakeAll(progress: range)
        }
        try compositor.update()
        try compositor.composeStale()
    }

    /// Kept tiles among `keys` (worked out once, only when some wait or the layers are composed on the host) come in
    /// and damaged ones are stamped again, then the layers are composed there — stale ones from `finestLevel`: what a
    /// frame showing those tiles needs first.
    func prepare(finestLevel: Int = 0, _ keys: () -> Set<TileKey>) throws(VulkanError) {
        let focuses = compositor.composesOnHost && compositor.composition != nil
        guard kept.hasWork || focuses else { return }
        let shown = keys()
        if kept.hasWork {
            try kept.load(shown)
            try repairKeptTiles()
            try compositor.update()
        }
        guard compositor.composesOnHost, compositor.composition != nil else { return }
        // What the frame shows is composed first: stale tiles of it now, and those of the next change first.
        compositor.focus = (shown, finestLevel)
        try compositor.composeStale(shown, finestLevel: finestLevel)
    }

    /// Keeps the paint in `cache` (nothing from an export-only renderer that never stamped).
    func keep(in cache: PaintCache) throws {
        guard !isPending else { return }
        try kept.keep(in: cache)
    }

    private func bakeAll(progress range: ClosedRange<Double> = 0...1) throws(VulkanError) {
        try bake(document.strokes, rememberNewest: undo.keepsCopies ? Self.rememberedOnLoad : 0, progress: range)
        // The layers of one stroke in progress need far fewer spare tiles than a whole document's loading did.
        resources.wetTiles.trim(to: 8)
    }

    /// Stamps `strokes` into their layers' paint, a layer at a time (bottom first), only within `onlyTiles` when
    /// given. The newest `rememberNewest` strokes keep copies of the tiles they change, for undo.
    func bake(
        _ strokes: [Stroke], onlyTiles: Set<TileKey>? = nil, rememberNewest: Int = .max,
        progress range: ClosedRange<Double>? = nil
    ) throws(VulkanError) {
        var byLayer: [LayerID: [Stroke]] = [:]
        for stroke in strokes { byLayer[stroke.layer, default: []].append(stroke) }
        var done = 0
        for layer in document.layers {
            guard let group = byLayer[layer.id] else { continue }
            let start = Double(done) / Double(max(strokes.count, 1))
            done += group.count
            let end = Double(done) / Double(strokes.count)
            let part = range.map { range in
                let width = range.upperBound - range.lowerBound
                return (range.lowerBound + width * start)...(range.lowerBound + width * end)
            }
            try bake(group, on: layer.id, onlyTiles: onlyTiles, rememberNewest: rememberNewest, progress: part)
        }
    }

    /// Stamps `strokes` into layer `id`'s paint, as ``bake(_:onlyTiles:rememberNewest:progress:)`` does.
    func bake(
        _ strokes: [Stroke], on id: LayerID, onlyTiles: Set<TileKey>? = nil, rememberNewest: Int = .max,
        progress range: ClosedRange<Double>? = nil
    ) throws(VulkanError) {
        let target = layers.paint(of: id)
        let observer = LayerBakeObserver(self, layer: id, target: target)
        try baker.bake(
            strokes, into: target, onlyTiles: onlyTiles, observer: observer,
            undoCopies: undo.keepsCopies ? rememberNewest : 0, progress: range)
    }

    /// Composites a stroke drawn live (`wet`, as it was shown) into its layer's paint, keeping the tiles' previous
    /// state for undo.
    func commit(_ wet: StrokeBaker.WetStroke, of stroke: Stroke) throws(VulkanError) {
        let touched = wet.touchedTiles
        undo.note(stroke.id, reached: touched)
        var forgotten: [GPUImage] = []
        let layer = layers.paint(of: stroke.layer)
        try resources.context.submitAndWait { commands throws(VulkanError) in
            if undo.keepsCopies {
                forgotten = try undo.history.remember(stroke.id, tiles: touched, of: layer, commands)
            }
            try resources.strokeBaker.composite(wet, onto: layer, commands)
        }
        // Copies the history let go are destroyed only now, after the commands that read them have run.
        withExtendedLifetime(forgotten) {}
    }

    /// Whether no stroke drawn after `stroke` is on its layer (it can be stamped on top).
    private func isNewestOnItsLayer(_ stroke: Stroke) -> Bool {
        for case .stroke(let other) in document.elements.reversed() where other.layer == stroke.layer {
            return other.id <= stroke.id
        }
        return true
    }

    /// Notes a stroke moved, scaled, turned or put back among others: the tiles it reached and reaches are
    /// stamped again in drawing order when the changes are finished (once for a whole selection).
    private func reshape(_ before: Stroke?, into after: Stroke) {
        if let before {
            let reached = undo.tiles(reachedBy: before.id) ?? tilesReached(by: before)
            reshaped[before.layer, default: []].formUnion(reached)
            undo.forget(before.id)
        }
        let reaches = tilesReached(by: after)
        undo.note(after.id, reached: reaches)
        reshaped[after.layer, default: []].formUnion(reaches)
    }

    /// Stamps again the tiles of reshaped strokes. Copies kept for undo may hold their old paint: they are let go,
    /// and later undos rebuild instead.
    private func rebuildReshaped() throws(VulkanError) {
        guard !reshaped.isEmpty else { return }
        let pending = reshaped
        reshaped = [:]
        let forgotten = undo.history.dropSnapshots()
        if !forgotten.isEmpty { resources.context.waitIdle() }
        for (layer, tiles) in pending where document.layer(layer) != nil { try rebuild(tiles, on: [layer]) }
    }

    /// Takes a stroke's paint away: restores the tiles it changed, or rebuilds them when their copies are gone.
    private func unbake(_ stroke: Stroke) throws(VulkanError) {
        let layer = layers.paint(of: stroke.layer)
        let reached = undo.tiles(reachedBy: stroke.id)
        undo.forget(stroke.id)
        if let saved = undo.history.takeSnapshot(of: stroke.id) {
            try resources.context.submitAndWait { commands throws(VulkanError) in
                for (key, copy) in saved { try layer.restore(key, from: copy, commands) }
            }
        } else {
            // A stroke whose paint came from the file was never stamped here: its tiles are worked out now.
            try rebuild(reached ?? tilesReached(by: stroke), on: [stroke.layer])
        }
    }

    /// The paint tiles `stroke`'s stamps reach.
    func tilesReached(by stroke: Stroke) -> Set<TileKey> {
        StampPainter.tiles(touchedBy: StampSource.stamps(of: stroke, samples: stroke.samples.loaded()), in: paint)
    }

    /// Clears `tiles` of the paint of `ids` (every layer's when nil) and stamps again every stroke on them that
    /// reaches them, in order.
    func rebuild(_ tiles: Set<TileKey>, on ids: Set<LayerID>? = nil) throws(VulkanError) {
        guard !tiles.isEmpty else { return }
        undo.completeStrokeTiles(of: document, on: paint)
        let ids = ids ?? Set(document.layers.map(\.id))
        kept.forget(tiles, on: ids)
        for id in ids {
            for key in tiles { layers.paint(of: id).replace(key, with: nil) }
        }
        let hidden = lifted?.ids ?? []
        let strokes = document.strokes.filter { stroke in
            guard ids.contains(stroke.layer), !hidden.contains(stroke.id),
                let touched = undo.tiles(reachedBy: stroke.id)
            else { return false }
            return !touched.isDisjoint(with: tiles)
        }
        try bake(strokes, onlyTiles: tiles)
    }

    /// Stamps again, from the strokes that reach them, the kept tiles that could not be read.
    private func repairKeptTiles() throws(VulkanError) {
        for (layer, tiles) in kept.takeDamaged() where document.layer(layer) != nil {
            try rebuild(tiles, on: [layer])
        }
    }
}

/// Baking into one layer of the document's paint: kept paint under a stroke comes in first, the tiles it reaches
/// are noted, and the newest strokes' tiles are copied for undo.
private final class LayerBakeObserver: BakeObserver {
    private unowned let paint: DocumentPaint
    private let layer: LayerID
    private let target: TileLayer

    init(_ paint: DocumentPaint, layer: LayerID, target: TileLayer) {
        self.paint = paint
        self.layer = layer
        self.target = target
    }

    func willStamp(_ stroke: Stroke, reaching tiles: Set<TileKey>) throws(VulkanError) {
        if paint.kept.waits(tiles, on: layer) { try paint.kept.load(tiles, on: [layer]) }
    }

    func stamps(_ stroke: Stroke, reaching tiles: Set<TileKey>) { paint.undo.note(stroke.id, reached: tiles) }

    func copyForUndo(_ tiles: Set<TileKey>, before stroke: Stroke, _ commands: CommandRecorder) throws(VulkanError)
        -> [GPUImage]
    {
        try paint.undo.history.remember(stroke.id, tiles: tiles, of: target, commands)
    }
}

extension Document {
    /// The strokes among the elements, in drawing order.
    var strokes: [Stroke] {
        elements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
    }
}
