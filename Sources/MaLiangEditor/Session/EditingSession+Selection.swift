import Foundation
import MaLiangCore

/// The selection tool: a lasso or a rectangle chooses elements of the current layer; the box around them moves
/// them (inside), scales them (a corner: proportional, free with Shift or a second finger anywhere), turns them (the
/// handle above; Shift or a second finger steps
/// by 15°), and two fingers move, scale and turn them together. Each gesture is one undo step, made when it ends.
extension EditingSession {
    /// How a contact is changing the selection.
    struct SelectionDrag {
        enum Kind {
            case move
            /// Scaling from corner `corner` (0…3: ``ElementSelection/corners(pending:)``'s order).
            case scale(corner: Int)
            case turn
        }

        var kind: Kind
        /// Where the contact pressed, document pixels.
        var start: Point
    }

    /// What the selection tool holds; nil: nothing.
    public var elementSelection: ElementSelection? { selecting.selection }

    /// Logical pixels from the box's top edge to its turning handle.
    public static let turnHandleDistance = 32.0
    /// Fewest document pixels an outline's points lie apart (a lasso keeps a point per this much travel).
    static let outlineSpacing = 2.0

    /// The selection tool, or back to painting (S, the toolbar's button). Leaving it keeps the selection for the
    /// next time, but no longer shows it.
    func toggleSelectTool() -> Effects {
        tool = tool == .select ? .paint : .select
        var effects = Effects()
        effects.redraw = true
        effects.messages.append(
            StatusMessage(
                .info,
                tool == .select
                    ? "Select: draw around strokes and images (R: rectangle or lasso, T: touched or enclosed)"
                    : "Painting"))
        return effects
    }

    /// The outline's shape or rule, the next one (R and T with the selection tool).
    func changeSelectionSetting(shape: Bool) -> Effects {
        var effects = Effects()
        effects.redraw = true
        if shape {
            selecting.setting.shape = selecting.setting.shape == .lasso ? .rectangle : .lasso
            effects.messages.append(
                StatusMessage(.info, selecting.setting.shape == .lasso ? "Lasso selection" : "Rectangle selection"))
        } else {
            selecting.setting.rule = selecting.setting.rule == .enclosed ? .touched : .enclosed
            effects.messages.append(
                StatusMessage(
                    .info,
                    selecting.setting.rule == .enclosed
                        ? "Takes what the outline encloses" : "Takes what the outline touches"))
        }
        return effects
    }

    // MARK: - Choosing

    /// Selects `ids` (those on one layer: the layer of the first found; the others are passed over) and shows the
    /// selection tool. None found: nothing is selected.
    public func select(_ ids: [ElementID]) -> Effects {
        let elements = Set(ids).sorted().compactMap { document.element($0) }
        guard let layer = elements.first?.layer else { return selectNone() }
        if let refusal = selectionRefusal(on: layer) { return refused(refusal) }
        return choose(elements.filter { $0.layer == layer }, on: layer)
    }

    /// Selects what the closed `outline` (document pixels) takes on the current layer, by `rule`.
    public func select(outline: [Point], rule: SelectionSetting.Rule) -> Effects {
        keepCurrentLayer()
        if let refusal = selectionRefusal(on: currentLayer) { return refused(refusal) }
        let finite = outline.filter(\.isFinite)
        return choose(
            ElementPicker.elements(in: finite, rule: rule, on: currentLayer, of: document), on: currentLayer)
    }

    /// Selects every element of the current layer (Ctrl+A).
    public func selectAll() -> Effects {
        keepCurrentLayer()
        if let refusal = selectionRefusal(on: currentLayer) { return refused(refusal) }
        return choose(document.elements(on: currentLayer), on: currentLayer)
    }

    /// Selects nothing (Escape).
    public func selectNone() -> Effects {
        var effects = Effects()
        if selecting.selection != nil || !selecting.outline.isEmpty { effects.redraw = true }
        selecting.selection = nil
        selecting.outline = []
        selecting.pending = nil
        return effects
    }

    private func choose(_ elements: [Element], on layer: LayerID) -> Effects {
        var effects = selectNone()
        effects.redraw = true
        tool = .select
        guard !elements.isEmpty, let frame = ElementPicker.bounds(of: elements) else {
            effects.messages.append(StatusMessage(.info, "Nothing selected"))
            return effects
        }
        selecting.selection = ElementSelection(ids: elements.map(\.id), layer: layer, frame: frame)
        let count = elements.count
        effects.messages.append(
            StatusMessage(
                .info,
                "\(count) \(count == 1 ? "element" : "elements") selected "
                    + "(drag to move, corners to scale, the handle to turn; Delete removes)"))
        return effects
    }

    /// Why the elements of `layer` cannot be selected (it is locked or hidden), as painting is refused.
    private func selectionRefusal(on layer: LayerID) -> String? {
        guard let found = document.layer(layer) else { return nil }
        if found.isLocked { return "“\(found.name)” is locked: unlock it on the layer panel to select on it" }
        if !found.isVisible { return "“\(found.name)” is hidden: show it on the layer panel to select on it" }
        return nil
    }

    private func refused(_ reason: String) -> Effects {
        var effects = Effects()
        effects.messages.append(StatusMessage(.info, reason))
        effects.redraw = true
        return effects
    }

    // MARK: - Changing

    /// Moves, scales, turns or flips the selection by `transform` (document pixels) as one undo step; kept within
    /// the document's limits as a whole (moved back inside, proportions kept), or refused with a message when it
    /// cannot be.
    public func transformSelection(_ transform: DocumentTransform) -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard var selection = selecting.selection else { return effects }
        let limited = keptWithinLimits(transform, for: selection)
        guard limited.isValid || limited.isIdentity else {
            effects.messages.append(StatusMessage(.error, "The selection cannot be changed that far"))
            return effects
        }
        let changes = document.transform(selection.ids, by: limited)
        if changes.isEmpty && !limited.isIdentity {
            effects.messages.append(StatusMessage(.error, "The selection cannot be scaled that far"))
            return effects
        }
        selection.placement = selection.placement.then(limited)
        selecting.selection = selection
        effects.changes = changes
        return effects
    }

    /// Flips the selection across the middle of its box (Shift+H left to right, Shift+V top to bottom).
    func flipSelection(horizontal: Bool) -> Effects {
        guard let selection = selecting.selection else { return Effects() }
        return transformSelection(selection.flip(horizontal: horizontal))
    }

    /// Deletes the selected elements as one undo step.
    func deleteSelectedElements() -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard let selection = selecting.selection else { return effects }
        selecting.selection = nil
        effects.changes = document.remove(selection.ids)
        return effects
    }

    /// `transform` moved back so the box stays within the coordinate limit.
    private func keptWithinLimits(_ transform: DocumentTransform, for selection: ElementSelection) -> DocumentTransform
    {
        let corners = selection.corners(pending: transform)
        let reach = Limits.coordinate
        guard corners.allSatisfy(\.isFinite) else { return .identity }
        guard let box = DocumentRect(covering: corners.lazy.map { ($0.x, $0.y, 0) }) else { return .identity }
        func shift(_ low: Double, _ high: Double) -> Double {
            if low < -reach { return -reach - low }
            if high > reach { return reach - high }
            return 0
        }
        let dx = shift(box.x, box.x + box.width)
        let dy = shift(box.y, box.y + box.height)
        return dx == 0 && dy == 0 ? transform : transform.then(.translation(dx: dx, dy: dy))
    }

    // MARK: - Contacts

    /// A press on the canvas with the selection tool: on the box's turning handle or a corner, inside it, or
    /// elsewhere (a new outline).
    func beginSelectionContact(_ event: InputEvent) -> (Contact, Effects) {
        let point = documentPoint(x: event.x, y: event.y)
        var effects = Effects()
        effects.redraw = true
        if let selection = selecting.selection {
            if let kind = grabbedHandle(of: selection, x: event.x, y: event.y, tool: event.tool) {
                return (.transformingSelection(SelectionDrag(kind: kind, start: point)), effects)
            }
            if Polygon(selection.corners()).contains(point) {
                return (.transformingSelection(SelectionDrag(kind: .move, start: point)), effects)
            }
        }
        effects.append(selectNone())
        selecting.outline = [point]
        return (.outliningSelection, effects)
    }

    func continueSelectionContact(_ event: InputEvent, contact: Contact) -> Effects {
        var effects = Effects()
        effects.redraw = true
        let point = documentPoint(x: event.x, y: event.y)
        switch contact {
        case .outliningSelection:
            guard point.isFinite, let first = selecting.outline.first else { return Effects() }
            switch selecting.setting.shape {
            case .lasso:
                if let last = selecting.outline.last, last.distance(to: point) < Self.outlineSpacing / view.scale {
                    return Effects()
                }
                selecting.outline.append(point)
            case .rectangle:
                selecting.outline = [first, point]
            }
        case .transformingSelection(let drag):
            guard let selection = selecting.selection, point.isFinite else { return Effects() }
            selecting.pending = dragTransform(drag, to: point, of: selection)
        default:
            break
        }
        return effects
    }

    func endSelectionContact(_ contact: Contact) -> Effects {
        switch contact {
        case .outliningSelection:
            let outline = selectionOutline
            selecting.outline = []
            if outline.count >= 3, let box = DocumentRect(covering: outline.lazy.map { ($0.x, $0.y, 0) }),
                max(box.width, box.height) * view.scale >= 4
            {
                return select(outline: outline, rule: selecting.setting.rule)
            }
            // A tap: the topmost element under it.
            guard let point = outline.first,
                let found = ElementPicker.element(
                    at: point, reach: 6 / view.scale, on: currentLayer, of: document)
            else { return selectNone() }
            return select([found.id])
        case .transformingSelection:
            return commitPendingSelection()
        default:
            return Effects()
        }
    }

    /// The outline being drawn as a closed polygon: the lasso's points, or the rectangle's four corners.
    public var selectionOutline: [Point] {
        let outline = selecting.outline
        guard selecting.setting.shape == .rectangle, outline.count == 2 else { return outline }
        let (a, b) = (outline[0], outline[1])
        return [a, Point(x: b.x, y: a.y), b, Point(x: a.x, y: b.y)]
    }

    /// A gesture on the selection ended: where it has the selection becomes one undo step.
    func commitPendingSelection() -> Effects {
        guard let pending = selecting.pending else { return Effects() }
        selecting.pending = nil
        return transformSelection(pending)
    }

    /// Two fingers that began on the selection move, scale and turn it; nil when they did not.
    func transformSelectionByFingers(
        center: TouchTracker.Point, dx: Double, dy: Double, factor: Double, rotation: Double
    ) -> Effects? {
        guard tool == .select, let selection = selecting.selection else { return nil }
        let pending = selecting.pending ?? .identity
        if !selecting.fingersOnSelection {
            let start = documentPoint(x: center.x - dx, y: center.y - dy)
            guard Polygon(selection.corners(pending: pending)).contains(start) else { return nil }
            selecting.fingersOnSelection = true
        }
        let before = documentPoint(x: center.x - dx, y: center.y - dy)
        let after = documentPoint(x: center.x, y: center.y)
        let bounded = min(max(factor, 0.5), 2)
        selecting.pending = pending.then(.translation(dx: after.x - before.x, dy: after.y - before.y))
            .then(.scale(x: bounded, y: bounded, about: after)).then(.rotation(rotation, about: after))
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// The fingers left the selection: the gesture becomes one undo step.
    func endSelectionGesture() -> Effects {
        selecting.fingersOnSelection = false
        return commitPendingSelection()
    }

    /// The corner or turning handle under a window point (logical pixels), if any.
    private func grabbedHandle(of selection: ElementSelection, x: Double, y: Double, tool: ToolKind)
        -> SelectionDrag.Kind?
    {
        let reach = Self.symmetryHandleReach(for: tool)
        let handles = selectionHandles(of: selection)
        if hypot(handles.turn.x - x, handles.turn.y - y) <= reach { return .turn }
        for (index, corner) in handles.corners.enumerated() where hypot(corner.x - x, corner.y - y) <= reach {
            return .scale(corner: index)
        }
        return nil
    }

    /// The box's corners and its turning handle in the window, logical pixels, as a gesture in progress has them.
    public func selectionHandles(of selection: ElementSelection) -> (
        corners: [(x: Double, y: Double)], turn: (x: Double, y: Double)
    ) {
        let corners = selection.corners(pending: selecting.pending ?? .identity).map { point in
            let (x, y) = view.apply(point.x, point.y)
            return (x: x / window.scale, y: y / window.scale)
        }
        // Above the top edge's middle, away from the box, a fixed distance on screen.
        let top = (x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2)
        let bottom = (x: (corners[2].x + corners[3].x) / 2, y: (corners[2].y + corners[3].y) / 2)
        var (ux, uy) = (top.x - bottom.x, top.y - bottom.y)
        let length = hypot(ux, uy)
        if length > 1e-9 { (ux, uy) = (ux / length, uy / length) } else { (ux, uy) = (0, -1) }
        let turn = (x: top.x + ux * Self.turnHandleDistance, y: top.y + uy * Self.turnHandleDistance)
        return (corners, turn)
    }

    /// Where a drag to `point` has the selection.
    private func dragTransform(_ drag: SelectionDrag, to point: Point, of selection: ElementSelection)
        -> DocumentTransform
    {
        switch drag.kind {
        case .move:
            return .translation(dx: point.x - drag.start.x, dy: point.y - drag.start.y)
        case .turn:
            let center = selection.center
            var angle =
                atan2(point.y - center.y, point.x - center.x)
                - atan2(
                    drag.start.y - center.y, drag.start.x - center.x)
            if input.freeTransform { angle = (angle / (.pi / 12)).rounded() * (.pi / 12) }
            return .rotation(angle, about: center)
        case .scale(let corner):
            guard let back = selection.placement.inverted else { return .identity }
            // In the box's own frame, from the opposite corner.
            let frame = selection.frame
            let xs = [frame.x, frame.x + frame.width, frame.x + frame.width, frame.x]
            let ys = [frame.y, frame.y, frame.y + frame.height, frame.y + frame.height]
            let anchor = Point(x: xs[(corner + 2) % 4], y: ys[(corner + 2) % 4])
            let start = back.apply(drag.start) - anchor
            let now = back.apply(point) - anchor
            func ratio(_ after: Double, _ before: Double) -> Double {
                abs(before) > 1e-6 ? min(max(after / before, 0.02), 50) : 1
            }
            var sx = ratio(now.x, start.x)
            var sy = ratio(now.y, start.y)
            if !input.freeTransform {
                // Proportional: the drag's reach along the diagonal.
                let along = (now.x * start.x + now.y * start.y) / max(start.x * start.x + start.y * start.y, 1e-12)
                sx = min(max(along, 0.02), 50)
                sy = sx
            }
            return back.then(.scale(x: sx, y: sy, about: anchor)).then(selection.placement)
        }
    }
}
