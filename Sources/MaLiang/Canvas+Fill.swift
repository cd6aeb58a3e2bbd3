import Foundation
import MaLiangCore
import MaLiangEditor

/// Fill: the closed region under a point, in the current colour.
extension Canvas {
    /// Fills the closed region at `point` (document pixels) with `color` (the current brush's when nil), as the
    /// current layer shows it
    /// (or as every shown layer does, when `settings` says so), as one undo step; returns how many pixels it
    /// filled. Lines within `settings.tolerance` of the tapped colour do not stop it, gaps up to
    /// `settings.gapClosing` pixels wide are closed, and the fill grows `settings.grow` pixels under the lines' soft
    /// edges. Throws, changing nothing, when the point is off the page, the region reaches every edge of the page
    /// (nothing encloses it), or the current layer is locked or hidden.
    ///
    /// ```swift
    /// let gold = Color(red: 0.9, green: 0.7, blue: 0.2)
    /// try canvas.fill(at: Point(x: 400, y: 300), color: gold, settings: FillSettings(gapClosing: 8))
    /// ```
    @discardableResult
    public func fill(at point: Point, color: Color? = nil, settings: FillSettings = FillSettings()) throws -> Int {
        let layer = session.currentLayer
        let region: FillRegion
        switch try renderer.fillRegion(at: point, layer: layer, settings: settings) {
        case .success(let success): region = success
        case .failure(let refusal): throw CanvasError("nothing filled: \(refusal)")
        }
        let effects = session.addFill(region, color: color ?? currentBrush.base.color, on: layer)
        apply(effects)
        guard !effects.changes.isEmpty else {
            throw CanvasError(effects.messages.first?.text ?? "nothing filled")
        }
        return region.count
    }
}
