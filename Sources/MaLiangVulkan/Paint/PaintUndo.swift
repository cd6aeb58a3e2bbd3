import MaLiangCore

/// What taking strokes back needs without stamping the document again: copies of the tiles recent strokes changed
/// (``TileHistory``), and which tiles each stroke reached, so that a stroke whose copies are gone is taken back by
/// stamping again only the strokes that share its tiles.
final class PaintUndo {
    /// Whether copies are kept at all: a renderer that only exports keeps none.
    let keepsCopies: Bool
    var history = TileHistory()
    /// Tiles each baked stroke reached.
    private var strokeTiles: [ElementID: Set<TileKey>] = [:]
    /// Whether ``strokeTiles`` lists every stroke (not so while the paint comes from the file's kept paint).
    private var strokeTilesComplete = true

    init(keepsCopies: Bool) { self.keepsCopies = keepsCopies }

    /// Forgets everything (the paint is made again from the document).
    func removeAll() {
        history = TileHistory()
        strokeTiles = [:]
        strokeTilesComplete = true
    }

    /// Notes that `stroke` reached `tiles` (added to what it reached before).
    func note(_ stroke: ElementID, reached tiles: Set<TileKey>) { strokeTiles[stroke, default: []].formUnion(tiles) }

    /// The tiles `stroke` reached, when known.
    func tiles(reachedBy stroke: ElementID) -> Set<TileKey>? { strokeTiles[stroke] }

    func forget(_ stroke: ElementID) { strokeTiles[stroke] = nil }

    /// Every tile a stroke reached.
    var allReachedTiles: Set<TileKey> { Set(strokeTiles.values.flatMap { $0 }) }

    /// The paint came without stamping (kept paint): strokes' tiles are worked out when first needed.
    func strokesCameUnstamped() { strokeTilesComplete = false }

    /// A copied layer's strokes reach the tiles their originals do (an original not known leaves the list
    /// incomplete).
    func copyReach(from originals: [ElementID], to copies: [ElementID]) {
        for (original, copy) in zip(originals, copies) {
            if let tiles = strokeTiles[original] {
                strokeTiles[copy] = tiles
            } else {
                strokeTilesComplete = false
            }
        }
    }

    /// Notes the tiles every stroke of `document` reaches on a layer laid out as `grid`, for strokes the paint came
    /// to without stamping.
    func completeStrokeTiles(of document: Document, on grid: TileLayer) {
        guard !strokeTilesComplete else { return }
        let missing = document.elements.compactMap { element -> Stroke? in
            guard case .stroke(let stroke) = element, strokeTiles[stroke.id] == nil else { return nil }
            return stroke
        }
        var source = StampSource(missing, layer: grid)
        for (index, stroke) in missing.enumerated() { strokeTiles[stroke.id] = source.built(at: index).tiles }
        strokeTilesComplete = true
    }
}
