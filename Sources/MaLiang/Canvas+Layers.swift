import MaLiangCore
import MaLiangEditor

/// Layers: strokes and images a program adds go on ``currentLayer``; each operation is one change that ``undo()``
/// takes back, saved with the drawing. Exports show the layers composed; MaLiang folders get them flattened.
extension Canvas {
    /// The layers, bottom first (at least one).
    public var layers: [Layer] { data.layers }

    /// The layer strokes and images go on; setting it to a layer the drawing lacks changes nothing.
    public var currentLayer: LayerID {
        get { session.currentLayer }
        set { apply(session.selectLayer(newValue)) }
    }

    /// Adds an empty layer above the current one and makes it current; returns its id (nil at the most a drawing
    /// holds, `Document.maximumLayers`).
    @discardableResult
    public func addLayer() -> LayerID? {
        let count = data.layers.count
        apply(session.addLayer())
        return data.layers.count > count ? session.currentLayer : nil
    }

    /// Copies the current layer, with everything on it, just above it; the copy becomes current.
    public func duplicateCurrentLayer() { apply(session.duplicateCurrentLayer()) }

    /// Deletes the current layer and everything on it (never the last one).
    public func deleteCurrentLayer() { apply(session.deleteCurrentLayer()) }

    /// Moves the current layer one place up (toward the top) or down.
    public func moveCurrentLayer(up: Bool) { apply(session.moveCurrentLayer(up: up)) }

    /// Changes layer `id`: its name, whether it shows, whether it is locked, its opacity (0…1) and blend mode —
    /// what the closure sets. One change for ``undo()``.
    public func updateLayer(_ id: LayerID, _ change: (inout Layer) -> Void) {
        apply(session.updateLayer(id, change))
    }
}
