import MaLiangCore
import MaLiangEditor

/// Zoom and scale: how the drawing sits in the canvas's area on screen.
extension Canvas {
    /// Tells the canvas the size of its area in logical pixels and the output's scale (2 on a HiDPI screen, 1.5 for
    /// fractional scaling): input positions are in logical pixels, frames are drawn at `width × scale` buffer pixels.
    public func resize(width: Double, height: Double, scale: Double = 1) {
        apply(session.resize(WindowMetrics(width: width, height: height, scale: scale, showsClose: false)))
    }

    /// Drawing pixels → buffer pixels of the canvas's area: zoom, rotation and offset.
    public var view: ViewTransform { session.view }

    /// The zoom: buffer pixels per drawing pixel (1 at 1:1 on a scale-1 screen).
    public var zoom: Double { session.view.scale }

    /// Zooms by `factor` about a point of the canvas's area (logical pixels), which stays where it is.
    public func zoom(by factor: Double, aboutX x: Double, y: Double) {
        apply(session.zoom(by: factor, aboutX: x, y: y))
    }

    /// Moves the drawing by logical pixels.
    public func pan(byX dx: Double, y dy: Double) { apply(session.pan(byX: dx, y: dy)) }

    /// Turns the view by `angle` radians about a point of the canvas's area (logical pixels).
    public func rotate(by angle: Double, aboutX x: Double, y: Double) {
        apply(session.rotate(by: angle, aboutX: x, y: y))
    }

    /// Whether the view shows the drawing mirrored left to right, to check proportions as a painter holds a picture
    /// to a mirror. The drawing is unchanged and input still lands where it points; setting it flips the view about
    /// the middle of the canvas's area, and zooming, panning, turning and ``fitDrawing()`` keep it.
    ///
    /// ```swift
    /// canvas.mirrorView.toggle()
    /// ```
    public var mirrorView: Bool {
        get { session.view.mirrored }
        set { apply(session.setMirrorView(newValue)) }
    }

    /// Shows the whole drawing, centred, at most 1:1.
    public func fitDrawing() { apply(session.fitView()) }

    /// The drawing point under a point of the canvas's area (logical pixels).
    public func drawingPoint(x: Double, y: Double) -> Point { session.documentPoint(x: x, y: y) }
}
