import Foundation
import MaLiang
import PNGCodec

/// Placed images: inserted from the command line, selected with the right mouse button (or the pen's lower
/// button), moved by dragging inside, scaled and turned by dragging a corner or with two fingers, deleted with
/// Delete. Each gesture is one undo step.
extension PaintingApp {
    struct ChartletDrag {
        enum Mode {
            case move
            /// Scale and turn about the centre, from the corner grabbed.
            case transform
        }

        var mode: Mode
        var start: Point
        var original: Chartlet
    }

    /// Inserts the PNG at `path` centred in the view at its own size (at most 512 document pixels), selected.
    public func insertImage(at path: String) throws {
        try insertImage(png: try Data(contentsOf: URL(fileURLWithPath: path)), at: centerOfView())
    }

    /// Inserts PNG data centred on `center` at its own size (at most 512 document pixels), selected.
    func insertImage(png: Data, at center: Point) throws {
        let header = try PNG.header(of: png)
        let id = try canvas.makeTexture(with: png)
        let longest = Double(max(header.width, header.height))
        let fit = min(1, 512 / longest)
        let chartlet = canvas.renderChartlet(
            at: center, size: Size(width: Double(header.width) * fit, height: Double(header.height) * fit),
            textureID: id)
        selectedChartlet = chartlet.id
        requestFrame()
    }

    func centerOfView() -> Point {
        guard let window else { return Point(x: document.size.width / 2, y: document.size.height / 2) }
        let (x, y) = view.invert(Double(window.bufferWidth) / 2, Double(window.bufferHeight) / 2)
        return Point(x: x, y: y)
    }

    /// The topmost chartlet under a document point.
    func chartlet(at point: Point) -> Chartlet? {
        for case .chartlet(let chartlet) in document.elements.reversed() where contains(chartlet, point) {
            return chartlet
        }
        return nil
    }

    func contains(_ chartlet: Chartlet, _ point: Point) -> Bool {
        let (u, v) = local(chartlet, point)
        return abs(u) <= chartlet.size.width / 2 && abs(v) <= chartlet.size.height / 2
    }

    /// A document point in the chartlet's own frame (origin at its centre, axes along its sides).
    func local(_ chartlet: Chartlet, _ point: Point) -> (Double, Double) {
        let dx = point.x - chartlet.center.x
        let dy = point.y - chartlet.center.y
        let c = cos(-chartlet.angle)
        let s = sin(-chartlet.angle)
        return (c * dx - s * dy, s * dx + c * dy)
    }

    /// Starts a drag when `point` is on the selected chartlet: inside moves it, near a corner scales and turns it.
    func beginChartletDrag(at point: Point) -> Bool {
        // Picking a colour wins: the press goes to the picker.
        guard !pickingColor, let id = selectedChartlet, let chartlet = selected(id) else { return false }
        let (u, v) = local(chartlet, point)
        let handle = 24 / view.scale
        let nearCorner =
            abs(abs(u) - chartlet.size.width / 2) < handle && abs(abs(v) - chartlet.size.height / 2) < handle
        guard nearCorner || contains(chartlet, point) else {
            selectedChartlet = nil
            requestFrame()
            return false
        }
        chartletDrag = ChartletDrag(mode: nearCorner ? .transform : .move, start: point, original: chartlet)
        return true
    }

    func continueChartletDrag(to point: Point) {
        guard let drag = chartletDrag else { return }
        var changed = drag.original
        switch drag.mode {
        case .move:
            changed.center = Point(
                x: drag.original.center.x + point.x - drag.start.x, y: drag.original.center.y + point.y - drag.start.y)
        case .transform:
            let before = drag.start - drag.original.center
            let after = point - drag.original.center
            let factor = before.length > 1 ? min(max(after.length / before.length, 0.02), 50) : 1
            changed.size = Size(width: drag.original.size.width * factor, height: drag.original.size.height * factor)
            changed.angle = drag.original.angle + atan2(after.y, after.x) - atan2(before.y, before.x)
        }
        canvas.chartletPreview = changed
        requestFrame()
    }

    /// Ends the drag: one undo step.
    func endChartletDrag() {
        guard chartletDrag != nil else { return }
        chartletDrag = nil
        if let changed = canvas.chartletPreview {
            canvas.chartletPreview = nil
            document.updateChartlet(changed.id) { $0 = changed }
        }
        requestFrame()
    }

    /// Selects the chartlet under `point`, if any; returns whether one was.
    func selectChartlet(at point: Point) -> Bool {
        selectedChartlet = chartlet(at: point)?.id
        requestFrame()
        return selectedChartlet != nil
    }

    func selected(_ id: ElementID) -> Chartlet? {
        for case .chartlet(let chartlet) in document.elements where chartlet.id == id { return chartlet }
        return nil
    }

    /// Applies a two-finger gesture to the selected chartlet when it started on it; returns whether it did.
    func transformSelectedChartlet(center: TouchTracker.Point, dx: Double, dy: Double, factor: Double, rotation: Double)
        -> Bool
    {
        guard let id = selectedChartlet, let stored = selected(id) else { return false }
        let current = canvas.chartletPreview ?? stored
        if !fingersOnChartlet {
            guard contains(current, documentPoint(surfaceX: center.x, surfaceY: center.y)) else { return false }
            fingersOnChartlet = true
        }
        let before = documentPoint(surfaceX: center.x - dx, surfaceY: center.y - dy)
        let after = documentPoint(surfaceX: center.x, surfaceY: center.y)
        var changed = current
        changed.center = Point(x: current.center.x + after.x - before.x, y: current.center.y + after.y - before.y)
        let bounded = min(max(factor, 0.5), 2)
        changed.size = Size(width: current.size.width * bounded, height: current.size.height * bounded)
        changed.angle += rotation
        canvas.chartletPreview = changed
        requestFrame()
        return true
    }

    /// The fingers left the image: the gesture becomes one undo step.
    func endTwoFingerChartletGesture() {
        fingersOnChartlet = false
        if let changed = canvas.chartletPreview {
            canvas.chartletPreview = nil
            document.updateChartlet(changed.id) { $0 = changed }
        }
        requestFrame()
    }
}
