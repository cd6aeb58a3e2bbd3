import MaLiangCore

/// Composes the layers' paints into the one paint that frames and exports show. A document with one plain layer
/// shows that layer's paint as it is; otherwise the layers are composed, tile by tile, into
/// ``LayerComposition/composite``, following each layer's tile revisions and the changes that touch a layer as a
/// whole (order, visibility, opacity, blend): only the tiles that changed are composed again.
final class LayerCompositor {
    let resources: RenderResources
    private let document: Document
    private let layers: LayerPaints
    /// Where tiles of the file's kept paint come from before a tile is composed from every layer's.
    private let kept: KeptPaint
    /// The layers composed, while the document has more than one or its one is not shown as it is.
    private(set) var composition: LayerComposition?
    /// Whether layers are composed on the host (a CPU device: drawing is fragment-bound there) or by drawing.
    var composesOnHost: Bool
    /// Tiles composed so far (for tests of what an operation costs).
    private(set) var tilesComposed = 0

    /// Tiles composed per submission.
    static let tilesPerSubmission = 64
    /// The tiles the last window frame showed, and the finest level it sampled. On the host, a change that reaches
    /// more than ``composedAtOnce`` tiles (a layer faded or re-blended: all of its tiles) composes only these, and
    /// only from that level, and leaves the rest stale until a frame shows them, an export or the paint's keeping
    /// reads them (``composeStale(_:finestLevel:)``), or idle time comes (``composeSomeStale(_:)``).
    var focus: (keys: Set<TileKey>, finestLevel: Int)?
    static let composedAtOnce = 16
    /// Hears of tiles just composed on the host, while their texels are still there (each slot a tile's levels one
    /// after another, from the level given on): frames drawn on the host take them without reading them back.
    var composedOnHost:
        ((_ tiles: [(key: TileKey, slot: UnsafeRawPointer)], _ into: TileLayer, _ fromLevel: Int) -> Void)?

    init(_ resources: RenderResources, document: Document, layers: LayerPaints, kept: KeptPaint) {
        self.resources = resources
        self.document = document
        self.layers = layers
        self.kept = kept
        composesOnHost = resources.context.deviceType == "CPU"
    }

    /// What window frames and exports at one pixel per document pixel show: the layers composed, or the one plain
    /// layer's paint.
    var paint: TileLayer { composition?.composite ?? layers.paint(of: document.layers[0].id) }

    /// Whether the layers need composing: more than one, or one not shown exactly as its paint.
    var needsComposition: Bool { document.layers.count > 1 || !(document.layers.first?.isPlain ?? true) }

    /// Composes `tiles` again at the next update, whatever the revisions say.
    func recompose<Keys: Sequence<TileKey>>(_ tiles: Keys) { composition?.pending.formUnion(tiles) }

    /// Layer `id` is new (or back): every tile of it is composed at the next update.
    func forgetComposed(_ id: LayerID) { composition?.composed[id] = nil }

    /// Drops the composition (the paint is made again).
    func removeAll() {
        composition?.composite.removeAll()
        composition = nil
    }

    /// Brings the composed paint in line with the layers: made when the document needs it, dropped when it has one
    /// plain layer again, and only the tiles that changed composed again.
    func update() throws(VulkanError) {
        guard needsComposition else {
            if let composition {
                // A frame in flight may still sample the composed tiles.
                resources.context.waitIdle()
                composition.composite.removeAll()
                self.composition = nil
            }
            return
        }
        let composition: LayerComposition
        if let existing = self.composition {
            composition = existing
        } else {
            composition = LayerComposition(resources.makeLayer())
            self.composition = composition
        }
        var keys = composition.pending
        composition.pending = []
        for layer in document.layers {
            keys.formUnion(layers.paint(of: layer.id).keysChanged(after: composition.composed[layer.id] ?? 0))
        }
        // A tile is composed from every layer's: kept paint there comes in first.
        try kept.load(keys)
        for layer in document.layers { composition.composed[layer.id] = layers.paint(of: layer.id).latestRevision }
        guard !keys.isEmpty else { return }
        if composesOnHost, let focus, keys.count > Self.composedAtOnce {
            let now = keys.intersection(focus.keys)
            for key in keys.subtracting(now) { composition.stale[key] = TileLayer.mipLevels }
            try compose(now, into: composition, fromLevel: focus.finestLevel)
            return
        }
        try compose(keys, into: composition, fromLevel: 0)
    }

    /// Whether tiles of the composition are out of date (idle time has work).
    var hasStaleTiles: Bool { !(composition?.stale.isEmpty ?? true) }

    /// Composes the stale tiles among `keys` (every one when nil) that a frame sampling levels from `finestLevel`
    /// on would show out of date.
    func composeStale(_ keys: Set<TileKey>? = nil, finestLevel: Int = 0) throws(VulkanError) {
        guard let composition, !composition.stale.isEmpty else { return }
        let wanted = composition.stale.compactMap { key, right in
            right > finestLevel && (keys?.contains(key) ?? true) ? key : nil
        }
        try compose(Set(wanted), into: composition, fromLevel: finestLevel)
    }

    /// Composes up to `count` stale tiles fully, those of the last frame first; returns whether any are left.
    func composeSomeStale(_ count: Int) throws(VulkanError) -> Bool {
        guard let composition, !composition.stale.isEmpty else { return false }
        let shown = composition.stale.keys.filter { focus?.keys.contains($0) == true }
        let others = composition.stale.keys.filter { focus?.keys.contains($0) != true }
        try compose(Set((shown.sorted() + others.sorted()).prefix(count)), into: composition, fromLevel: 0)
        return !composition.stale.isEmpty
    }

    /// Composes `keys` of the layers into `composition` from `level` on (the finer levels left stale); from level 0
    /// where a layer's smaller levels there are not made yet.
    private func compose(_ keys: Set<TileKey>, into composition: LayerComposition, fromLevel level: Int)
        throws(VulkanError)
    {
        guard !keys.isEmpty else { return }
        let sources = document.layers.map { (paint: layers.existingPaint(of: $0.id), layer: $0) }
        var coarse: Set<TileKey> = []
        if level > 0, composesOnHost {
            coarse = keys.filter { key in sources.allSatisfy { $0.paint?.staleMipmaps.contains(key) != true } }
        }
        let whole = keys.subtracting(coarse)
        try compose(whole, of: sources, into: composition.composite, scratch: composition.scratch)
        for key in whole { composition.stale[key] = nil }
        guard !coarse.isEmpty else { return }
        try compose(coarse, of: sources, into: composition.composite, scratch: composition.scratch, fromLevel: level)
        for key in coarse { composition.stale[key] = level }
    }

    /// Composes tiles `keys` of `sources` (bottom first; a nil paint has nothing) into `target`: each shown layer
    /// with its opacity and blend mode over the ones under it, on transparency. On the host, `fromLevel` composes
    /// that level of the layers' tiles and the levels under it only (the finer ones are left as they were).
    func compose(
        _ keys: Set<TileKey>, of sources: [(paint: TileLayer?, layer: Layer)], into target: TileLayer,
        scratch: CompositionScratch, fromLevel: Int = 0
    ) throws(VulkanError) {
        let shown = sources.compactMap { source -> (paint: TileLayer, layer: Layer)? in
            guard let paint = source.paint, source.layer.isVisible, source.layer.opacity > 0 else { return nil }
            return (paint, source.layer)
        }
        tilesComposed += keys.count
        if composesOnHost {
            try composeOnHost(keys.sorted(), shown: shown, into: target, staging: scratch, fromLevel: fromLevel)
            return
        }
        let quads = QuadPainter(pipelines: resources.pipelines)
        let side = TileLayer.tileSize
        let whole = QuadPainter.Corners.rectangle(x: 0, y: 0, width: Double(side), height: Double(side))
        for group in keys.sorted().chunked(Self.tilesPerSubmission) {
            var emptied: [TileKey] = []
            try resources.context.submitAndWait { commands throws(VulkanError) in
                for key in group {
                    let present = shown.compactMap { paint, layer in paint.tile(key).map { ($0, layer) } }
                    guard !present.isEmpty else {
                        emptied.append(key)
                        continue
                    }
                    let tile = try target.makeTile(key, commands)
                    commands.barrier()
                    commands.beginRendering(tile, clear: (0, 0, 0, 0))
                    for (source, layer) in present {
                        if layer.blend == .normal {
                            try quads.draw(
                                source, corners: whole, targetWidth: side, targetHeight: side,
                                format: TileLayer.format, blend: .over, opacity: Float(layer.opacity), commands)
                            continue
                        }
                        // The other modes read what is under them: a copy of it, since a pass cannot read its own
                        // target.
                        commands.endRendering()
                        let under = try scratch.backdrop(commands)
                        commands.barrier()
                        commands.copyLevel0(from: tile, to: under)
                        commands.barrier()
                        commands.beginRendering(tile)
                        try quads.drawLayer(
                            source, over: under, blend: layer.blend, opacity: Float(layer.opacity), side: side,
                            commands)
                    }
                    commands.endRendering()
                }
                commands.barrier()
            }
            for key in emptied { target.replace(key, with: nil) }
            target.markChanged(group)
        }
    }
}
