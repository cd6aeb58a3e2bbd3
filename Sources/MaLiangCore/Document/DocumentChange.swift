import Foundation

/// What an edit, undo or redo changed in a document: the app and the renderer apply exactly this, and the store
/// writes exactly this, so no one needs to look at the whole document.
public enum DocumentChange: Hashable, Sendable {
    /// An element now stands at `index` of ``Document/elements``.
    case inserted(Element, index: Int)
    /// The element that stood at `index` is gone.
    case removed(Element, index: Int)
    /// The element at `index` changed (a chartlet moved, turned or resized).
    case updated(before: Element, after: Element, index: Int)
    /// Every element is gone (they are listed, in order).
    case cleared([Element])
    /// The elements of an undone clear are back, in order.
    case restored([Element])
    /// An image is stored under `id` (before any element that uses it).
    case textureAdded(id: String, png: Data)
    /// The paper's colour is `after` (it was `before`).
    case backgroundChanged(before: Color, after: Color)
    /// A layer now stands at `index` of ``Document/layers`` with `elements` on it: a new layer (none), a deleted
    /// one back (its elements as they were) or a copy of layer `copyOf` (its elements under new ids, in the same
    /// order).
    case layerInserted(Layer, index: Int, elements: [Element], copyOf: LayerID?)
    /// The layer that stood at `index` is gone, and `elements` with it.
    case layerRemoved(Layer, index: Int, elements: [Element])
    /// Layer `id` moved from `from` to `to` in ``Document/layers``.
    case layerMoved(LayerID, from: Int, to: Int)
    /// A layer's name, visibility, lock, opacity or blend changed (its id and place did not).
    case layerChanged(before: Layer, after: Layer)
}
