import Foundation
import MaLiangCore

/// Moving the view: pan, zoom within ``Limits/zoom``, turn, fit; and the window's size and scale.
extension EditingSession {
    /// The window changed size, scale or decorations.
    public func resize(_ metrics: WindowMetrics) -> Effects {
        var effects = Effects()
        guard metrics != window else { return effects }
        let scaleChanged = metrics.scale != window.scale
        if scaleChanged {
            // Keep the document's origin where it was in the window: buffer offsets grow with the scale.
            let factor = metrics.scale / window.scale
            view.offsetX *= factor
            view.offsetY *= factor
            effects.requests.append(.brushOutlineChanged)
        }
        window = metrics
        // The menu's items move with the window's size: the keyboard starts again from none.
        panels.menuFocus = nil
        snapToWholePixels()
        effects.redraw = true
        return effects
    }

    /// Puts the page on whole buffer pixels when the view is unturned at a whole zoom (1:1, 2:1, …): the paint
    /// then shows unfiltered, and the renderer copies its tiles instead of drawing them. Returns whether it did.
    @discardableResult
    func snapToWholePixels() -> Bool {
        guard view.rotation == 0, view.scale == view.scale.rounded() else { return false }
        view.offsetX = view.offsetX.rounded()
        view.offsetY = view.offsetY.rounded()
        return true
    }

    /// Moves the view by (dx, dy) buffer pixels.
    public func pan(byX dx: Double, y dy: Double) -> Effects {
        var effects = Effects()
        guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return effects }
        // Keep the document's origin within reach, whatever the gesture.
        let reach = Limits.coordinate * ViewTransform.zoomRange.upperBound
        let x = view.offsetX + dx + viewport.panRemainder.x
        let y = view.offsetY + dy + viewport.panRemainder.y
        view.offsetX = Limits.clamp(x, to: -reach...reach)
        view.offsetY = Limits.clamp(y, to: -reach...reach)
        viewport.panRemainder = (0, 0)
        if snapToWholePixels() {
            // Slow pans still move: what rounding held back is added to the next one.
            viewport.panRemainder = (x - view.offsetX, y - view.offsetY)
        }
        effects.redraw = true
        return effects
    }

    /// Zooms by `factor` about the buffer point (x, y), within ``Limits/zoom``.
    public func zoom(by factor: Double, aboutX x: Double, y: Double) -> Effects {
        var effects = Effects()
        guard factor.isFinite, factor > 0, x.isFinite, y.isFinite else { return effects }
        let target = Limits.clamp(view.scale * factor, to: Limits.zoom)
        let applied = target / view.scale
        guard applied != 1 else { return effects }
        view.offsetX = x - (x - view.offsetX) * applied
        view.offsetY = y - (y - view.offsetY) * applied
        view.scale = target
        effects.redraw = true
        effects.requests.append(.brushOutlineChanged)
        return effects
    }

    /// Turns the view by `angle` radians about the buffer point (x, y).
    public func rotate(by angle: Double, aboutX x: Double, y: Double) -> Effects {
        var effects = Effects()
        guard angle.isFinite, x.isFinite, y.isFinite, angle != 0 else { return effects }
        let c = cos(angle)
        let s = sin(angle)
        let dx = view.offsetX - x
        let dy = view.offsetY - y
        view.offsetX = x + c * dx - s * dy
        view.offsetY = y + s * dx + c * dy
        view.rotation = (view.rotation + angle).truncatingRemainder(dividingBy: 2 * .pi)
        effects.redraw = true
        return effects
    }

    /// Scroll-wheel or touchpad scrolling, in logical pixels; with `zooming` (Control held) the vertical amount
    /// zooms about the logical point (x, y) instead.
    public func scroll(dx: Double, dy: Double, zooming: Bool, atX x: Double, y: Double) -> Effects {
        if !zooming, openPanel?.contains(x: x, y: y) == true { return scrollPanel(by: dy) }
        let s = window.scale
        if zooming { return zoom(by: pow(1.0015, -dy * 10), aboutX: x * s, y: y * s) }
        return pan(byX: -dx * s, y: -dy * s)
    }

    /// Shows the document mirrored left to right, or no longer mirrored, about the middle of the canvas area: what
    /// is there stays there. The drawing does not change; pen, finger and mouse still land where they point.
    public func setMirrorView(_ mirrored: Bool) -> Effects {
        var effects = Effects()
        guard mirrored != view.mirrored else { return effects }
        view = view.flipped(aboutX: window.bufferWidth / 2)
        snapToWholePixels()
        effects.redraw = true
        return effects
    }

    /// Shows the document at one document pixel per screen pixel, not turned (still mirrored if it was), keeping
    /// what is at the centre of the canvas area there.
    public func actualPixelsView() -> Effects {
        let (centreX, centreY) = canvasCentre
        let (x, y) = view.invert(centreX, centreY)
        let mirrored = view.mirrored
        view = ViewTransform(
            scale: 1, rotation: 0, offsetX: centreX - (mirrored ? -x : x), offsetY: centreY - y, mirrored: mirrored)
        snapToWholePixels()
        var effects = Effects()
        effects.redraw = true
        effects.requests.append(.brushOutlineChanged)
        return effects
    }

    /// The middle of the canvas (the window below the toolbar), buffer pixels.
    private var canvasCentre: (x: Double, y: Double) {
        let toolbar = toolbarHeight * window.scale
        return (window.bufferWidth / 2, toolbar + max(window.bufferHeight - toolbar, 1) / 2)
    }

    /// Where the view stands, whatever the window's size and scale: kept with the drawing when the window closes.
    public var viewPlacement: ViewPlacement {
        let (x, y) = view.invert(canvasCentre.x, canvasCentre.y)
        return ViewPlacement(
            centerX: x, centerY: y, zoom: view.scale / window.scale, rotation: view.rotation, mirrored: view.mirrored)
    }

    /// Shows the drawing as `placement` has it — its point in the middle of the canvas, its zoom, turn and mirror —
    /// or, when it cannot be shown at this window's scale, whole.
    public func show(_ placement: ViewPlacement) -> Effects {
        let shown = placement.view(centeredAtX: canvasCentre.x, y: canvasCentre.y, scale: window.scale)
        guard placement.isValid, Limits.zoom.contains(shown.scale) else { return fitView() }
        view = shown
        snapToWholePixels()
        var effects = Effects()
        effects.redraw = true
        effects.requests.append(.brushOutlineChanged)
        return effects
    }

    /// Centres the document in the window's canvas area at a zoom that shows it whole (at most 1:1), unturned (still
    /// mirrored if it was).
    public func fitView() -> Effects {
        let mirrored = view.mirrored
        let toolbar = toolbarHeight * window.scale
        let width = window.bufferWidth
        let height = max(window.bufferHeight - toolbar, 1)
        let fit = min(width / document.size.width, height / document.size.height) * 0.95
        let zoom = Limits.clamp(min(fit, 1), to: Limits.zoom)
        view = ViewTransform(
            scale: zoom, rotation: 0, offsetX: (width - document.size.width * zoom) / 2,
            offsetY: toolbar + (height - document.size.height * zoom) / 2)
        if mirrored { view = view.flipped(aboutX: width / 2) }
        snapToWholePixels()
        var effects = Effects()
        effects.redraw = true
        effects.requests.append(.brushOutlineChanged)
        return effects
    }
}
