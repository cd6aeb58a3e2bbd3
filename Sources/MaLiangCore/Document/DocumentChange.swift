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
}
