import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec

/// Placed images: inserted, selected, moved by dragging inside, scaled and turned by dragging a corner or with two
/// fingers, deleted. Each gesture is one undo step, and every placement stays within ``Limits``: what a gesture
/// makes, the file reads.
extension EditingSession {
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

    /// Largest side of an inserted image, document pixels (larger ones are scaled down to it).
    public static let insertedImageSide = 512.0
    /// Half the size of a corner handle, window pixels.
    static let handleReach = 24.0

    /// Places the PNG file at `url` (named with `--insert`, dropped on the window): read no further than an image
    /// may be large, so a huge file or a device is a message, never all of memory.
    public func insertImage(file url: URL, at center: Point? = nil) -> Effects {
        let png: Data
        do { png = try BoundedFile.read(url, limit: PNGLimits.standard.maximumBytes, what: "the image") } catch {
            var effects = Effects()
            effects.messages.append(StatusMessage(.error, "Cannot place \(url.path): \(error.message)"))
            return effects
        }
        return insertImage(png: png, at: center, name: url.path)
    }

    /// Places a PNG image centred on `center` (the middle of the view when nil) at its own size, at most
    /// ``insertedImageSide``, and selects it. The image and the chartlet reach the document — and the file — as
    /// one change. A bad image becomes a message.
    public func insertImage(png: Data, at center: Point? = nil, name: String = "the image") -> Effects {
        var effects = Effects()
        if let refusal = layerRefusal() {
            effects.messages.append(StatusMessage(.info, refusal))
            return effects
        }
        let header: (width: Int, height: Int)
        do { header = try ImageCheck.dimensions(of: png) } catch {
            effects.messages.append(StatusMessage(.error, "Cannot place \(name): \(error.message)"))
            return effects
        }
        let longest = Double(max(header.width, header.height))
        let fit = min(1, Self.insertedImageSide / longest)
        var textureID = ImageCheck.textureID(for: png)
        if let stored = document.textures[textureID], stored != png { textureID = UUID().uuidString }
        let chartlet = Chartlet(
            id: document.makeElementID(), textureID: textureID, center: center ?? centerOfView,
            size: Size(width: Double(header.width) * fit, height: Double(header.height) * fit), layer: currentLayer)
        effects.changes = document.insert(chartlet, image: png)
        if effects.changes.contains(where: { if case .inserted = $0 { true } else { false } }) {
            selection = chartlet.id
        } else {
            effects.messages.append(StatusMessage(.error, "Cannot place \(name): the drawing has no element ids left"))
        }
        effects.redraw = true
        return effects
    }

    /// Removes the selected image (one undo step).
    func deleteSelection() -> Effects {
        var effects = Effects()
        guard let selected = selection else { return effects }
        selection = nil
        chartletPreview = nil
        effects.changes = document.remove(selected)
        effects.redraw = true
        return effects
    }

    /// The topmost chartlet under a document point, on a layer shown and not locked.
    public func chartlet(at point: Point) -> Chartlet? {
        var found: (chartlet: Chartlet, position: Int)?
        for case .chartlet(let chartlet) in document.elements.reversed() where chartlet.contains(point) {
            guard let position = document.layerIndex(of: chartlet.layer), document.layers[position].isVisible,
                !document.layers[position].isLocked, position > (found?.position ?? -1)
            else { continue }
            found = (chartlet, position)
        }
        return found?.chartlet
    }

    /// Selects the chartlet under `point`, or nothing.
    func select(at point: Point) -> Effects {
        selection = chartlet(at: point)?.id
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    var selectedChartlet: Chartlet? { selection.flatMap { chartlet(withID: $0) } }

    /// The chartlet with `id`, if the document holds one.
    public func chartlet(withID id: ElementID) -> Chartlet? {
        guard case .chartlet(let chartlet) = document.element(id) else { return nil }
        return chartlet
    }

    /// Starts a drag when `point` is on the selected chartlet: inside moves it, near a corner scales and turns it.
    /// A press elsewhere clears the selection.
    func beginChartletDrag(at point: Point, effects: inout Effects) -> ChartletDrag? {
        guard let chartlet = selectedChartlet else { return nil }
        let (u, v) = chartlet.local(point)
        // A corner's reach never covers the middle of a small image, so it can always be moved.
        let handle = min(Self.handleReach / view.scale, min(chartlet.size.width, chartlet.size.height) / 4)
        let nearCorner =
            abs(abs(u) - chartlet.size.width / 2) < handle && abs(abs(v) - chartlet.size.height / 2) < handle
        guard nearCorner || chartlet.contains(point) else {
            selection = nil
            effects.redraw = true
            return nil
        }
        return ChartletDrag(mode: nearCorner ? .transform : .move, start: point, original: chartlet)
    }

    func continueChartletDrag(_ drag: ChartletDrag, to point: Point) -> Effects {
        var changed = drag.original
        switch drag.mode {
        case .move:
            changed.center = drag.original.center + (point - drag.start)
        case .transform:
            let before = drag.start - drag.original.center
            let after = point - drag.original.center
            let factor = before.length > 1 ? min(max(after.length / before.length, 0.02), 50) : 1
            changed.size = Size(width: drag.original.size.width * factor, height: drag.original.size.height * factor)
            changed.angle = drag.original.angle + atan2(after.y, after.x) - atan2(before.y, before.x)
        }
        chartletPreview = changed.clamped()
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Ends a drag: the preview becomes the document's placement, one undo step.
    func endChartletDrag() -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard let changed = chartletPreview else { return effects }
        chartletPreview = nil
        effects.changes = document.updateChartlet(changed.id) { $0 = changed }
        return effects
    }

    /// Applies a two-finger gesture to the selected chartlet when it started on it; nil when it did not.
    func transformSelectedChartlet(
        center: TouchTracker.Point, dx: Double, dy: Double, factor: Double, rotation: Double
    ) -> Effects? {
        guard let stored = selectedChartlet else { return nil }
        let current = chartletPreview ?? stored
        if !input.fingersOnChartlet {
            guard current.contains(documentPoint(x: center.x, y: center.y)) else { return nil }
            input.fingersOnChartlet = true
        }
        let before = documentPoint(x: center.x - dx, y: center.y - dy)
        let after = documentPoint(x: center.x, y: center.y)
        var changed = current
        changed.center = current.center + (after - before)
        let bounded = min(max(factor, 0.5), 2)
        changed.size = Size(width: current.size.width * bounded, height: current.size.height * bounded)
        changed.angle += rotation
        chartletPreview = changed.clamped()
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// The fingers left the image: the gesture becomes one undo step.
    func endChartletGesture() -> Effects {
        input.fingersOnChartlet = false
        return endChartletDrag()
    }
}

extension Chartlet {
    /// Whether a document point is on the image.
    func contains(_ point: Point) -> Bool {
        let (u, v) = local(point)
        return abs(u) <= size.width / 2 && abs(v) <= size.height / 2
    }

    /// A document point in the chartlet's own frame (origin at its centre, axes along its sides).
    func local(_ point: Point) -> (Double, Double) {
        let d = point - center
        let c = cos(-angle)
        let s = sin(-angle)
        return (c * d.x - s * d.y, s * d.x + c * d.y)
    }
}
