import MaLiangCore

/// Strokes lifted off their layer while a selection gesture moves them: stamped once into a raster of their own,
/// which frames draw where the gesture has them, and their layer shown without them. The document is not touched
/// until the gesture ends; its changes then (or nothing, when the selection is put back) stamp the layer's tiles
/// again in drawing order.
struct LiftedStrokes {
    let ids: Set<ElementID>
    let layer: LayerID
    /// The layer's tiles the strokes reach, shown without them while lifted.
    let tiles: Set<TileKey>
    /// The strokes alone, at one document pixel per pixel.
    let raster: TileLayer
}

extension DocumentPaint {
    /// Lifts the strokes among `ids` (all on one layer) off their layer. Nothing when none is a stroke.
    ///
    /// Where no other stroke of the layer reaches a tile, the layer's paint there is the lifted strokes' alone,
    /// stamped in the same order: it is moved into the raster as it is. Only tiles they share are stamped twice
    /// (the strokes alone into the raster, the others again into the layer).
    func lift(_ ids: Set<ElementID>) throws(VulkanError) {
        try putDownLifted()
        let strokes = document.strokes.filter { ids.contains($0.id) }
        guard let layer = strokes.first?.layer else { return }
        undo.completeStrokeTiles(of: document, on: paint)
        var tiles: Set<TileKey> = []
        for stroke in strokes { tiles.formUnion(undo.tiles(reachedBy: stroke.id) ?? tilesReached(by: stroke)) }
        var shared: Set<TileKey> = []
        for stroke in document.strokes where stroke.layer == layer && !ids.contains(stroke.id) {
            shared.formUnion(undo.tiles(reachedBy: stroke.id)?.intersection(tiles) ?? tiles)
        }
        let raster = resources.makeLayer()
        let source = layers.paint(of: layer)
        let own = source.scale == raster.scale ? tiles.subtracting(shared) : []
        if kept.waits(own, on: layer) { try kept.load(own, on: [layer]) }
        try copyTiles(own, of: source, into: raster)
        let stamped = tiles.subtracting(own)
        if !stamped.isEmpty { try baker.bake(strokes, into: raster, onlyTiles: stamped) }
        lifted = LiftedStrokes(ids: ids, layer: layer, tiles: tiles, raster: raster)
        try rebuild(tiles, on: [layer])
        try compositor.update()
    }

    /// Puts lifted strokes back: their layer's tiles are stamped again with every stroke the document has there.
    func putDownLifted() throws(VulkanError) {
        markLiftedForRebuild()
        try finishChanges()
    }

    /// Lets the lifted strokes go and notes their tiles to be stamped again when the changes are finished (the
    /// changes that end a gesture reach the same tiles: they are stamped once).
    func markLiftedForRebuild() {
        guard let lifting = lifted else { return }
        lifted = nil
        reshaped[lifting.layer, default: []].formUnion(lifting.tiles)
        // A frame in flight may still draw the raster.
        resources.context.waitIdle()
        lifting.raster.removeAll()
    }
}
