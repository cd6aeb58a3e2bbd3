import MaLiangCore

/// Each layer's paint at one document pixel per pixel (made empty when first asked for), and the paint of the
/// latest deleted layers, kept for a quick undo (older ones are stamped again).
final class LayerPaints {
    private let resources: RenderResources
    private var paints: [LayerID: TileLayer] = [:]
    private var removed: [(id: LayerID, paint: TileLayer)] = []

    /// Deleted layers whose paint is kept for undo (each may hold a canvas of tiles).
    static let removedLayersKept = 2

    init(_ resources: RenderResources) { self.resources = resources }

    /// Layer `id`'s paint, made empty when it has none yet.
    func paint(of id: LayerID) -> TileLayer {
        if let existing = paints[id] { return existing }
        let made = resources.makeLayer()
        paints[id] = made
        return made
    }

    /// Layer `id`'s paint if it has one.
    func existingPaint(of id: LayerID) -> TileLayer? { paints[id] }

    /// The layer whose paint `paint` is, if it is one of the document's layers'.
    func layerID(of paint: TileLayer) -> LayerID? { paints.first { $0.value === paint }?.key }

    /// Where layer `id` has paint.
    func tileKeys(of id: LayerID) -> [TileKey] { paints[id].map { Array($0.tiles.keys) } ?? [] }

    /// Paint tiles allocated, every layer's.
    var tileCount: Int { paints.values.reduce(0) { $0 + $1.tiles.count } }

    /// Every layer's paint, by layer.
    var all: [LayerID: TileLayer] { paints }

    /// Takes layer `id`'s paint out, keeping it for an undo; returns it (nil when it had none).
    func remove(_ id: LayerID) -> TileLayer? {
        guard let paint = paints.removeValue(forKey: id) else { return nil }
        removed.append((id, paint))
        if removed.count > Self.removedLayersKept {
            // Nothing samples a layer's own tiles while layers are composed: they can go now.
            removed.removeFirst().paint.removeAll()
        }
        return paint
    }

    /// Puts a deleted layer's paint back as it was; nil when it is no longer kept.
    func restoreRemoved(_ id: LayerID) -> TileLayer? {
        guard let index = removed.lastIndex(where: { $0.id == id }) else { return nil }
        let paint = removed.remove(at: index).paint
        paints[id] = paint
        return paint
    }

    /// Drops every layer's paint, and the deleted layers' kept.
    func removeAll() {
        for paint in paints.values { paint.removeAll() }
        paints = [:]
        removed = []
    }
}
