import MaLiangCore

/// Strokes: drawn from code, or from the input events of the program's window.
extension Canvas {
    /// Draws a finished stroke through `samples` (drawing pixels) with `brush` (the current brush when nil), as one
    /// change.
    ///
    /// Pressure sets the size as the brush's ``MaLiangCore/Brush/forceSensitive`` says. Samples without pressure (a mouse, a
    /// finger) get MaLiang's simulated force: from the speed between samples, so give them real ``MaLiangCore/InputSample/time``
    /// values — slow is heavy, fast is thin.
    public func draw(_ samples: [InputSample], with brush: AnyBrush? = nil) {
        apply(session.addStroke(samples, brush: brush ?? currentBrush))
    }

    /// Handles one event of the program's pen, finger or mouse, in the canvas's own coordinates (logical pixels
    /// from its top-left; see ``resize(width:height:scale:)``).
    ///
    /// A pen or a mouse paints with ``currentBrush``, the pen's eraser end erases; its lower barrel button (or the
    /// middle mouse button) pans; one finger paints and two pinch, pan and turn the view; a pen near the surface
    /// makes touches palms. A stroke is one change, made at pen-up.
    public func handle(_ event: InputEvent) { apply(session.handle(event)) }

    /// Ends every contact as if lifted: a stroke in progress becomes a change. Call before the canvas goes away
    /// while a pen may be down (a window closing), so nothing drawn is lost.
    public func finishStrokes() { apply(session.finishContacts()) }

    /// Whether a stroke is being drawn now (a pen or a finger is down).
    public var isDrawing: Bool { session.isDrawing }
}
