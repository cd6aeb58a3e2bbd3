import MaLiangCore
import MaLiangEditor

/// Choosing elements and changing them: move, scale, turn, flip, delete — each one undo step, stamped again from
/// the strokes' samples rather than resampled.
extension Canvas {
    /// What is selected: elements of one layer, and the box around them; nil when nothing is.
    public var selection: ElementSelection? { session.elementSelection }

    /// Selects the elements the closed `outline` (document pixels) takes on the current layer: those wholly inside
    /// it (`.enclosed`) or with any part inside it (`.touched`). A locked or hidden layer selects nothing.
    ///
    /// ```swift
    /// canvas.select(outline: [Point(x: 0, y: 0), Point(x: 400, y: 0), Point(x: 400, y: 300), Point(x: 0, y: 300)])
    /// canvas.transformSelection(.rotation(.pi / 6, about: canvas.selection!.center))
    /// ```
    public func select(outline: [Point], rule: SelectionSetting.Rule = .enclosed) {
        apply(session.select(outline: outline, rule: rule))
    }

    /// Selects the elements `ids` (those on the layer of the first found).
    public func select(_ ids: [ElementID]) { apply(session.select(ids)) }

    /// Selects every element of the current layer.
    public func selectAll() { apply(session.selectAll()) }

    /// Selects nothing.
    public func selectNone() { apply(session.selectNone()) }

    /// Moves, scales, turns or flips the selection by `transform` as one undo step. Strokes are stamped again under
    /// the transform (their dabs, spacing and grain at the new size); placed images take it as their placement. A
    /// transform that would take the selection past the coordinate limits moves it back inside as a whole; one no
    /// stroke can keep (scaled past 4096× either way) changes nothing.
    public func transformSelection(_ transform: DocumentTransform) { apply(session.transformSelection(transform)) }

    /// Deletes the selection as one undo step.
    public func deleteSelection() { apply(session.perform(.deleteSelection)) }
}
