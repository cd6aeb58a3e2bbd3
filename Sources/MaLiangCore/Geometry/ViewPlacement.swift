import Foundation

/// Where a view stands, whatever the window's size and scale: the drawing point at the middle of the canvas, the
/// zoom in drawing pixels per logical window pixel, the turn, and whether it is mirrored. A drawing keeps the one
/// it was last shown with, so it opens where it was left.
public struct ViewPlacement: Equatable, Sendable {
    /// The drawing point (document pixels) in the middle of the canvas.
    public var centerX: Double
    /// The drawing point's y, document pixels.
    public var centerY: Double
    /// Logical window pixels per drawing pixel.
    public var zoom: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    /// Whether the view shows the drawing mirrored left to right.
    public var mirrored: Bool

    /// A placement of the view: `centerX`, `centerY` in the middle, `zoom`, turned by `rotation`, mirrored or not.
    public init(centerX: Double, centerY: Double, zoom: Double, rotation: Double, mirrored: Bool) {
        self.centerX = centerX
        self.centerY = centerY
        self.zoom = zoom
        self.rotation = rotation
        self.mirrored = mirrored
    }

    /// Whether it can be shown: finite, its zoom within ``Limits/zoom`` (a view's target pixels per drawing
    /// pixel, which at a scale of up to 10 is a tenth of that per logical pixel), its middle within
    /// ``Limits/coordinate``, turned less than twice round.
    public var isValid: Bool {
        let zooms = (Limits.zoom.lowerBound / 10)...Limits.zoom.upperBound
        return [centerX, centerY, zoom, rotation].allSatisfy(\.isFinite) && zooms.contains(zoom)
            && abs(centerX) <= Limits.coordinate && abs(centerY) <= Limits.coordinate && abs(rotation) <= 4 * .pi
    }

    /// The view that shows `centerX`, `centerY` at target point (`x`, `y`), at `scale` target pixels per logical
    /// pixel.
    public func view(centeredAtX x: Double, y: Double, scale: Double) -> ViewTransform {
        var view = ViewTransform(scale: zoom * scale, rotation: rotation, offsetX: 0, offsetY: 0, mirrored: mirrored)
        let (shownX, shownY) = view.apply(centerX, centerY)
        view.offsetX = x - shownX
        view.offsetY = y - shownY
        return view
    }
}
