import MaLiangCore

/// Layer operations never stamp the document again: a new layer is empty, a copy copies tiles, a deleted one keeps
/// its tiles a while for undo, and order, visibility, opacity and blend only compose again the tiles of that layer.
extension DocumentPaint {
    /// Follows a layer being added, deleted, moved or changed.
    func applyLayerChange(_ change: DocumentChange) throws(VulkanError) {
        switch change {
        case .layerInserted(let layer, _, let elements, let copyOf):
            try insertLayerPaint(layer.id, elements: elements, copyOf: copyOf)
        case .layerRemoved(let layer, _, _):
            // Its kept paint comes in first: the paint set aside for undo is all of it.
            try kept.load(on: [layer.id])
            guard let removed = layers.remove(layer.id) else { return }
            compositor.recompose(removed.tiles.keys)
            compositor.forgetComposed(layer.id)
        case .layerMoved(let id, _, _):
            compositor.recompose(layers.tileKeys(of: id))
        case .layerChanged(let before, let after):
            guard before.isVisible != after.isVisible || before.opacity != after.opacity || before.blend != after.blend
            else { return }
            compositor.recompose(layers.tileKeys(of: after.id))
        default:
            break
        }
    }

    private func insertLayerPaint(_ id: LayerID, elements: [Element], copyOf: LayerID?) throws(VulkanError) {
        compositor.forgetComposed(id)
        if let restored = layers.restoreRemoved(id) {
            // A deleted layer back: its paint as it was.
            compositor.recompose(restored.tiles.keys)
            return
        }
        let strokes = elements.compactMap { element -> Stroke? in
            if case .stroke(let stroke) = element { return stroke }
            return nil
        }
        if let copyOf, layers.existingPaint(of: copyOf) != nil, copyOf != id {
            try copyLayerPaint(copyOf, to: id)
            // The copy's strokes reach the tiles the originals reach.
            let originals = document.elements(on: copyOf).compactMap { element -> ElementID? in
                if case .stroke = element { return element.id }
                return nil
            }
            undo.copyReach(from: originals, to: strokes.map(\.id))
        } else if !strokes.isEmpty {
            try bake(strokes, on: id, rememberNewest: 0)
        }
    }

    /// The same pixels as layer `source`'s, copied tile for tile into layer `id`'s paint.
    private func copyLayerPaint(_ source: LayerID, to id: LayerID) throws(VulkanError) {
        try kept.load(on: [source])
        let from = layers.paint(of: source)
        try copyTiles(from.tiles.keys, of: from, into: layers.paint(of: id))
    }

    /// Copies tiles `keys` of `source` (those it has) into `target`, made there where missing, a group of tiles per
    /// submission.
    func copyTiles(_ keys: some Collection<TileKey>, of source: TileLayer, into target: TileLayer)
        throws(VulkanError)
    {
        for group in keys.sorted().chunked(LayerCompositor.tilesPerSubmission) {
            try resources.context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for key in group {
                    guard let tile = source.tile(key) else { continue }
                    let copy = try target.makeTile(key, commands)
                    commands.barrier()
                    commands.copyLevel0(from: tile, to: copy)
                }
                commands.barrier()
            }
            target.markChanged(group)
        }
    }
}
