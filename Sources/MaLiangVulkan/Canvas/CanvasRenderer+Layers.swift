import CVulkan
import MaLiangCore

/// Layers: each has its own paint; strokes are stamped into their layer's. A document with one plain layer shows
/// that paint as it is; otherwise the layers are composed, tile by tile, into ``LayerComposition/composite``, which
/// is then ``paint``. Layer operations never stamp the document again: a new layer is empty, a copy copies tiles,
/// a deleted one keeps its tiles a while for undo, and order, visibility, opacity and blend only compose again the
/// tiles of that layer.
extension CanvasRenderer {
    /// Deleted layers whose paint is kept for undo (each may hold a canvas of tiles).
    static let removedLayersKept = 2
    /// Tiles composed per submission.
    static let composedTilesPerSubmission = 64

    /// What window frames and exports at one pixel per document pixel show: the layers composed, or the one
    /// plain layer's paint.
    var paint: TileLayer { composition?.composite ?? paintOf(document.layers[0].id) }

    /// Layer `id`'s paint, made empty when it has none yet.
    func paintOf(_ id: LayerID) -> TileLayer {
        if let existing = layerPaint[id] { return existing }
        let made = TileLayer(
            context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height, scale: 1)
        layerPaint[id] = made
        return made
    }

    /// The layer whose paint `paint` is, if it is one of the document's layers'.
    func layerID(of paint: TileLayer) -> LayerID? { layerPaint.first { $0.value === paint }?.key }

    /// Whether the layers need composing: more than one, or one not shown exactly as its paint.
    var needsComposition: Bool { document.layers.count > 1 || !(document.layers.first?.isPlain ?? true) }

    /// Drops every layer's paint and the composition.
    func removeAllPaint() {
        for layer in layerPaint.values { layer.removeAll() }
        layerPaint = [:]
        removedLayerPaint = []
        composition?.composite.removeAll()
        composition = nil
    }

    /// Stamps `strokes` into their layers' paint, a layer at a time (bottom first), as ``bake(_:into:onlyTiles:rememberNewest:progress:)``
    /// does into one.
    func bakeOnTheirLayers(
        _ strokes: [Stroke], onlyTiles: Set<TileKey>?, rememberNewest: Int, progress range: ClosedRange<Double>?
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
            try bake(
                group, into: paintOf(layer.id), onlyTiles: onlyTiles, rememberNewest: rememberNewest, progress: part)
        }
    }

    /// Follows a layer being added, deleted, moved or changed.
    func applyLayerChange(_ change: DocumentChange) throws(VulkanError) {
        switch change {
        case .layerInserted(let layer, _, let elements, let copyOf):
            try insertLayerPaint(layer.id, elements: elements, copyOf: copyOf)
        case .layerRemoved(let layer, _, _):
            // Its kept paint comes in first: the paint set aside for undo is all of it.
            try loadKeptTiles(on: [layer.id])
            guard let removed = layerPaint.removeValue(forKey: layer.id) else { return }
            composition?.pending.formUnion(removed.tiles.keys)
            composition?.composed[layer.id] = nil
            removedLayerPaint.append((layer.id, removed))
            if removedLayerPaint.count > Self.removedLayersKept {
                // Nothing samples a layer's own tiles while layers are composed: they can go now.
                removedLayerPaint.removeFirst().paint.removeAll()
            }
        case .layerMoved(let id, _, _):
            composition?.pending.formUnion(tileKeys(of: id))
        case .layerChanged(let before, let after):
            guard before.isVisible != after.isVisible || before.opacity != after.opacity || before.blend != after.blend
            else { return }
            composition?.pending.formUnion(tileKeys(of: after.id))
        default:
            break
        }
    }

    /// Where layer `id` has paint.
    private func tileKeys(of id: LayerID) -> [TileKey] { layerPaint[id].map { Array($0.tiles.keys) } ?? [] }

    private func insertLayerPaint(_ id: LayerID, elements: [Element], copyOf: LayerID?) throws(VulkanError) {
        composition?.composed[id] = nil
        if let index = removedLayerPaint.lastIndex(where: { $0.id == id }) {
            // A deleted layer back: its paint as it was.
            let restored = removedLayerPaint.remove(at: index).paint
            layerPaint[id] = restored
            composition?.pending.formUnion(restored.tiles.keys)
            return
        }
        let target = paintOf(id)
        let strokes = elements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
        if let copyOf, layerPaint[copyOf] != nil, copyOf != id {
            // A copy: the same pixels, copied tile for tile; its strokes reach the tiles the originals reach.
            try loadKeptTiles(on: [copyOf])
            let source = paintOf(copyOf)
            let keys = source.tiles.keys.sorted()
            for group in keys.chunked(Self.composedTilesPerSubmission) {
                try context.submitAndWait { commands throws(VulkanError) in
                    fullBarrier(commands)
                    for key in group {
                        guard let tile = source.tile(key) else { continue }
                        let copy = try target.makeTile(key, commands)
                        fullBarrier(commands)
                        copyLevel0(from: tile, to: copy, commands)
                    }
                    fullBarrier(commands)
                }
                target.markChanged(group)
            }
            let originals = document.elements(on: copyOf).compactMap { element -> ElementID? in
                if case .stroke = element { return element.id }
                return nil
            }
            for (original, copy) in zip(originals, strokes) {
                if let tiles = strokeTiles[original] {
                    strokeTiles[copy.id] = tiles
                } else {
                    strokeTilesComplete = false
                }
            }
        } else if !strokes.isEmpty {
            try bake(strokes, into: target, rememberNewest: 0)
        }
    }

    /// Brings the composed paint in line with the layers: made when the document needs it, dropped when it has
    /// one plain layer again, and only the tiles that changed composed again.
    func updateComposition() throws(VulkanError) {
        guard needsComposition else {
            if let composition {
                // A frame in flight may still sample the composed tiles.
                vkDeviceWaitIdle(context.device)
                composition.composite.removeAll()
                self.composition = nil
            }
            return
        }
        let composition: LayerComposition
        if let existing = self.composition {
            composition = existing
        } else {
            composition = LayerComposition(
                TileLayer(
                    context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height,
                    scale: 1))
            self.composition = composition
        }
        var keys = composition.pending
        composition.pending = []
        for layer in document.layers {
            keys.formUnion(paintOf(layer.id).keysChanged(after: composition.composed[layer.id] ?? 0))
        }
        // A tile is composed from every layer's: kept paint there comes in first.
        try loadKeptTiles(keys)
        for layer in document.layers { composition.composed[layer.id] = paintOf(layer.id).latestRevision }
        guard !keys.isEmpty else { return }
        try compose(
            keys, of: document.layers.map { (layerPaint[$0.id], $0) }, into: composition.composite,
            scratch: composition.scratch)
    }

    /// Composes tiles `keys` of `sources` (bottom first; a nil paint has nothing) into `target`: each shown layer
    /// with its opacity and blend mode over the ones under it, on transparency.
    func compose(
        _ keys: Set<TileKey>, of sources: [(paint: TileLayer?, layer: Layer)], into target: TileLayer,
        scratch: CompositionScratch
    ) throws(VulkanError) {
        let shown = sources.compactMap { source -> (paint: TileLayer, layer: Layer)? in
            guard let paint = source.paint, source.layer.isVisible, source.layer.opacity > 0 else { return nil }
            return (paint, source.layer)
        }
        work.tilesComposed += keys.count
        if composesOnHost {
            try composeOnHost(keys.sorted(), shown: shown, into: target, staging: scratch)
            return
        }
        let quads = QuadPainter(pipelines: pipelines)
        let side = TileLayer.tileSize
        let whole = QuadPainter.Corners.rectangle(x: 0, y: 0, width: Double(side), height: Double(side))
        for group in keys.sorted().chunked(Self.composedTilesPerSubmission) {
            var emptied: [TileKey] = []
            try context.submitAndWait { commands throws(VulkanError) in
                for key in group {
                    let present = shown.compactMap { paint, layer in paint.tile(key).map { ($0, layer) } }
                    guard !present.isEmpty else {
                        emptied.append(key)
                        continue
                    }
                    let tile = try target.makeTile(key, commands)
                    fullBarrier(commands)
                    beginRendering(commands, tile, clear: (0, 0, 0, 0))
                    for (source, layer) in present {
                        if layer.blend == .normal {
                            try quads.draw(
                                source, corners: whole, targetWidth: side, targetHeight: side,
                                format: TileLayer.format, blend: .over, opacity: Float(layer.opacity), commands)
                            continue
                        }
                        // The other modes read what is under them: a copy of it, since a pass cannot read its own
                        // target.
                        vkCmdEndRendering(commands)
                        let under = try scratch.backdrop(commands)
                        fullBarrier(commands)
                        copyLevel0(from: tile, to: under, commands)
                        fullBarrier(commands)
                        beginRendering(commands, tile)
                        try quads.drawLayer(
                            source, over: under, blend: layer.blend, opacity: Float(layer.opacity), side: side,
                            commands)
                    }
                    vkCmdEndRendering(commands)
                }
                fullBarrier(commands)
            }
            for key in emptied { target.replace(key, with: nil) }
            target.markChanged(group)
        }
    }

    /// The paint of every shown layer at `scale` output pixels per document pixel, stamped again from the strokes
    /// and composed (the paint of the one plain layer as it is): what exports at other scales show.
    func paint(atScale scale: Double, progress range: ClosedRange<Double>) throws(VulkanError) -> TileLayer {
        func layerAtScale() -> TileLayer {
            TileLayer(
                context, pipelines, documentWidth: document.size.width, documentHeight: document.size.height,
                scale: scale)
        }
        let strokes = document.elements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
        guard needsComposition else {
            let result = layerAtScale()
            try bake(strokes, into: result, progress: range)
            return result
        }
        var sources: [(paint: TileLayer?, layer: Layer)] = []
        let shownLayers = document.layers.filter { $0.isVisible && $0.opacity > 0 }
        let width = range.upperBound - range.lowerBound
        for (index, layer) in shownLayers.enumerated() {
            let paint = layerAtScale()
            let start = range.lowerBound + width * Double(index) / Double(shownLayers.count)
            let part = start...(start + width / Double(shownLayers.count))
            try bake(strokes.filter { $0.layer == layer.id }, into: paint, progress: part)
            sources.append((paint, layer))
        }
        let result = layerAtScale()
        try compose(
            Set(sources.flatMap { $0.paint?.tiles.keys.map { $0 } ?? [] }), of: sources, into: result,
            scratch: CompositionScratch(context))
        for source in sources { source.paint?.removeAll() }
        return result
    }
}
