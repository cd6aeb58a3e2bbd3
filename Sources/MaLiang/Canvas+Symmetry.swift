import MaLiangCore
import MaLiangEditor

/// Symmetry: strokes paint mirrored or turned copies of themselves about a centre.
extension Canvas {
    /// The symmetry strokes are painted with from now on — drawn by ``draw(_:with:)`` or by input — or nil for
    /// none. Each stroke with its copies is one element and one undo step; strokes already drawn keep theirs. A
    /// centre beyond the coordinate limits is brought within them.
    ///
    /// ```swift
    /// canvas.symmetry = Symmetry(.radial(spokes: 8), center: Point(x: 400, y: 300))
    /// canvas.draw(petal)          // eight petals, one undo step
    /// canvas.symmetry = nil
    /// ```
    public var symmetry: Symmetry? {
        get { session.symmetry }
        set { apply(session.setSymmetry(newValue)) }
    }
}
