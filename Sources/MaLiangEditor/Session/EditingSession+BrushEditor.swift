import Foundation
import MaLiangCore
import MaLiangStore

/// The keys the brush editor takes while a name is being typed.
public enum BrushEditorKey: Equatable, Sendable {
    case text(String)
    case backspace, enter, escape
}

/// What a contact on the brush editor keeps doing as it moves.
enum BrushEditorDrag: Equatable {
    /// Setting a slider's value.
    case slider(BrushSetting)
    /// Moving point `index` of the pressure curve; `original` is the curve's points when the drag began. A point
    /// between the ends dragged well outside the box is taken off the curve (back inside, it returns).
    case curvePoint(index: Int, original: [PressureCurve.ControlPoint])
}

extension EditingSession {
    /// How far outside the curve's box (logical pixels) a dragged point comes off the curve.
    static let curvePointRemovalDistance = 32.0
    /// Most points a pressure curve is given in the editor.
    static let mostCurvePoints = 8

    /// The open brush editor, placed for the current window.
    public var brushEditor: BrushEditorPanel {
        BrushEditorPanel(
            layout: toolbar, windowWidth: window.width, windowHeight: window.height, fit: panels.fit)
    }

    /// The name shown for the brush chosen now: the saved brush it was set from, or the built-in brush's.
    public var currentBrushName: String { style.savedNames[style.preset] ?? BrushStyle.presets[style.preset] }

    /// Whether the brush chosen now differs from the saved or built-in brush it came from.
    public var isCurrentBrushChanged: Bool { style.current != origin(ofSlot: style.preset) }

    /// The saved brushes the editor lists: those standing in for the brush chosen now, by name.
    public var savedBrushesShown: [BrushFile] {
        let slot = BrushStyle.presets[style.preset]
        return savedBrushes.filter { $0.slot == slot }.sorted {
            $0.name.localizedStandardCompare($1.name) == .orderedAscending
        }
    }

    /// The saved brushes on the editor's current page, and whether there are more pages.
    public var savedBrushesPage: (brushes: [BrushFile], paged: Bool) {
        let all = savedBrushesShown
        guard all.count > brushEditor.savedShown else { return (all, false) }
        // The last place of a page turns the page.
        let perPage = brushEditor.savedShown - 1
        let pages = (all.count + perPage - 1) / perPage
        let page = panels.savedPage % pages
        return (Array(all.dropFirst(page * perPage).prefix(perPage)), true)
    }

    private func origin(ofSlot index: Int) -> AnyBrush {
        if let name = style.savedNames[index], let file = savedBrushes.first(where: { $0.name == name }) {
            var brush = file.brush
            brush.base.color = .black
            return brush
        }
        return BrushStyle.builtIn(BrushStyle.presets[index])
    }

    func toggleBrushEditor() -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard panels.isOpen(.brushEditor) || style.preset != BrushStyle.stickersIndex else {
            effects.messages.append(
                StatusMessage(.info, "The stickers place the drawing’s images: choose a brush to edit it"))
            return effects
        }
        panels.savedPage = 0
        if panels.toggle(.brushEditor) { effects.requests.append(.reloadSavedBrushes) }
        return effects
    }

    /// With the brush editor open, a press below the strip belongs to it: on the panel it sets the brush (and a
    /// slider or a curve point follows the contact); anywhere else it closes the editor and does nothing more. Nil
    /// when the press goes on as usual.
    func pressWithBrushEditorOpen(_ event: InputEvent) -> Effects? {
        guard panels.isOpen(.brushEditor), !ToolbarLayout.contains(y: event.y) else { return nil }
        var effects = Effects()
        effects.redraw = true
        guard let part = brushEditor.part(atX: event.x, y: event.y) else {
            closeBrushEditor()
            input.contacts[event.device] = .onPanel
            return effects
        }
        let before = style.current
        let point = brushEditor.unit(x: event.x, y: event.y)
        let (drag, pressed) = pressBrushEditor(part, x: point.x, y: point.y)
        input.contacts[event.device] =
            drag.map { .editingBrush($0) } ?? (part == .background ? .scrollingPanel(y: event.y) : .onPanel)
        effects.append(pressed)
        if style.current.base.pointSize != before.base.pointSize { effects.requests.append(.brushOutlineChanged) }
        return effects
    }

    func closeBrushEditor() { panels.close(.brushEditor) }

    /// A press on `part` of the editor at (x, y), panel units.
    private func pressBrushEditor(_ part: BrushEditorPanel.Part, x: Double, y: Double) -> (BrushEditorDrag?, Effects) {
        var effects = Effects()
        effects.redraw = true
        var brush = style.current
        switch part {
        case .slider(let setting):
            return (.slider(setting), dragBrushEditor(.slider(setting), unitX: x, y: y, outline: false))
        case .curve:
            var points = brush.base.pressureCurve.points
            let panel = brushEditor
            let nearest = points.indices.min { a, b in
                distance(panel.location(of: points[a]), (x, y)) < distance(panel.location(of: points[b]), (x, y))
            }
            if let nearest, distance(panel.location(of: points[nearest]), (x, y)) <= 12 {
                return (.curvePoint(index: nearest, original: points), effects)
            }
            guard points.count < Self.mostCurvePoints else {
                effects.messages.append(
                    StatusMessage(.info, "A pressure curve has at most \(Self.mostCurvePoints) points"))
                return (nil, effects)
            }
            let added = panel.curvePoint(atX: x, y: y)
            guard !points.contains(where: { abs($0.pressure - added.pressure) < 0.02 }) else { return (nil, effects) }
            points.append(added)
            points.sort { $0.pressure < $1.pressure }
            let index = points.firstIndex(of: added) ?? 0
            brush.base.pressureCurve = PressureCurve(points: points)
            style.current = brush
            return (.curvePoint(index: index, original: points), effects)
        case .stamp(let index):
            guard BrushStamp.textures.indices.contains(index) else { break }
            brush.base.textureID = BrushStamp.textures[index]
            style.current = brush
        case .rotation(let choice):
            brush.base.rotation = choice.rotation(keeping: brush.base.rotation)
            style.current = brush
        case .toggle(let toggle):
            var base = brush.base
            toggle.toggle(in: &base)
            brush.base = base
            style.current = brush
        case .button(let button):
            effects.append(pressBrushEditorButton(button))
        case .saved(let index):
            effects.append(chooseSavedBrush(at: index))
        case .title:
            panels.brushNameDraft = currentBrushName
        case .preview, .background:
            break
        }
        return (nil, effects)
    }

    /// The contact pressing the editor moved to (x, y), window pixels.
    func dragBrushEditor(_ drag: BrushEditorDrag, x: Double, y: Double) -> Effects {
        let point = brushEditor.unit(x: x, y: y)
        return dragBrushEditor(drag, unitX: point.x, y: point.y, outline: true)
    }

    /// The contact pressing the editor moved to (x, y), panel units; with `outline`, the pen's outline is redrawn
    /// when the size changed (a press does that itself).
    private func dragBrushEditor(_ drag: BrushEditorDrag, unitX x: Double, y: Double, outline: Bool) -> Effects {
        var effects = Effects()
        var brush = style.current
        switch drag {
        case .slider(let setting):
            let track = brushEditor.track(setting)
            var base = brush.base
            setting.set(setting.value(atPosition: (x - track.x) / track.width), in: &base)
            if outline, base.pointSize != brush.base.pointSize { effects.requests.append(.brushOutlineChanged) }
            brush.base = base
        case .curvePoint(let index, let original):
            guard original.indices.contains(index) else { return effects }
            let panel = brushEditor
            var points = original
            let isEnd = index == 0 || index == original.count - 1
            if !isEnd, panel.distanceOutsideCurve(x: x, y: y) > Self.curvePointRemovalDistance {
                points.remove(at: index)
            } else {
                var moved = panel.curvePoint(atX: x, y: y)
                if index == 0 {
                    moved.pressure = 0
                } else if index == original.count - 1 {
                    moved.pressure = 1
                } else {
                    // A point stays between its neighbours, so dragging never reorders the curve.
                    moved.pressure = min(
                        max(moved.pressure, original[index - 1].pressure + 0.01), original[index + 1].pressure - 0.01)
                }
                points[index] = moved
            }
            brush.base.pressureCurve = PressureCurve(points: points)
        }
        style.current = brush
        effects.redraw = true
        return effects
    }

    private func pressBrushEditorButton(_ button: BrushEditorPanel.Button) -> Effects {
        var effects = Effects()
        let index = style.preset
        switch button {
        case .reset:
            style.setSlot(index, origin(ofSlot: index))
            effects.messages.append(StatusMessage(.info, "“\(currentBrushName)” is as it was"))
        case .save:
            guard let name = style.savedNames[index] else {
                panels.brushNameDraft = suggestedBrushName()
                return effects
            }
            effects.append(saveCurrentBrush(as: name))
        case .saveAsNew:
            panels.brushNameDraft = suggestedBrushName()
        case .delete:
            guard let name = style.savedNames[index] else {
                effects.messages.append(
                    StatusMessage(.info, "“\(currentBrushName)” is built in: only a saved brush can be deleted"))
                return effects
            }
            savedBrushes.removeAll { $0.name == name }
            style.savedNames[index] = nil
            effects.requests.append(.deleteBrush(name: name))
            effects.messages.append(StatusMessage(.info, "Deleted the brush “\(name)”"))
        }
        return effects
    }

    /// A name no saved brush has: the brush's own, numbered.
    private func suggestedBrushName() -> String {
        let stem = BrushStyle.presets[style.preset]
        let taken = Set(savedBrushes.map(\.name))
        var number = 1
        while taken.contains("\(stem) \(number)") { number += 1 }
        return "\(stem) \(number)"
    }

    /// Keeps the brush chosen now under `name`, replacing a saved brush of that name.
    func saveCurrentBrush(as name: String) -> Effects {
        var effects = Effects()
        let index = style.preset
        let file: BrushFile
        do {
            file = try BrushFile(name: name, slot: BrushStyle.presets[index], brush: style.current)
        } catch {
            effects.messages.append(StatusMessage(.error, "The brush could not be saved: it \(error)"))
            return effects
        }
        if let other = savedBrushes.first(where: { $0.name == name && $0.slot != file.slot }) {
            effects.messages.append(
                StatusMessage(.error, "A brush for the \(other.slot) is called “\(name)” already: choose another name"))
            return effects
        }
        savedBrushes.removeAll { $0.name == name }
        savedBrushes.append(file)
        style.savedNames[index] = name
        effects.requests.append(.saveBrush(file))
        effects.messages.append(StatusMessage(.info, "Saved the brush “\(name)”"))
        effects.redraw = true
        return effects
    }

    /// Takes saved brush `index` of the editor's list (or turns the list's page) into the chosen brush's place.
    private func chooseSavedBrush(at index: Int) -> Effects {
        let effects = Effects()
        let (brushes, paged) = savedBrushesPage
        if paged && index == brushEditor.savedShown - 1 {
            panels.savedPage += 1
            return effects
        }
        guard brushes.indices.contains(index) else { return effects }
        let file = brushes[index]
        style.setSlot(style.preset, file.brush)
        style.savedNames[style.preset] = file.name
        return effects
    }

    /// A key while the brush editor is open; nil when it does not take it (it goes on to the shortcuts). It takes
    /// text only while a name is being typed, and Escape, which ends the typing or closes the editor.
    public func brushEditorKey(_ key: BrushEditorKey) -> Effects? {
        guard panels.isOpen(.brushEditor) else { return nil }
        var effects = Effects()
        effects.redraw = true
        guard let draft = panels.brushNameDraft else {
            guard key == .escape else { return nil }
            closeBrushEditor()
            return effects
        }
        switch key {
        case .text(let text):
            let printable = text.filter {
                !$0.isNewline && $0 != "/" && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 }
            }
            panels.brushNameDraft = String((draft + printable).prefix(BrushFile.longestName))
        case .backspace:
            panels.brushNameDraft = String(draft.dropLast())
        case .enter:
            let name = draft.trimmingCharacters(in: .whitespaces)
            panels.brushNameDraft = nil
            effects.append(saveCurrentBrush(as: name))
        case .escape:
            panels.brushNameDraft = nil
        }
        return effects
    }

    private func distance(_ a: (x: Double, y: Double), _ b: (Double, Double)) -> Double {
        ((a.x - b.0) * (a.x - b.0) + (a.y - b.1) * (a.y - b.1)).squareRoot()
    }
}

extension EditingSession {
    /// Takes in a brush file someone shared (dropped on the window): it is kept among the saved brushes — the shell
    /// writes it into the brushes folder — and set in its toolbar brush's place, which is chosen. A file that is
    /// not a brush, or whose name a brush of another kind has, is said and changes nothing.
    public func installBrush(file url: URL) -> Effects {
        var effects = Effects()
        effects.redraw = true
        let data: Data
        do { data = try BoundedFile.read(url, limit: BrushFile.largestFile, what: "the brush file") } catch {
            effects.messages.append(StatusMessage(.error, "Cannot add the brush: \(error.message)"))
            return effects
        }
        let file: BrushFile
        do { file = try BrushFile(data: data) } catch {
            effects.messages.append(StatusMessage(.error, "Cannot add the brush: \(url.lastPathComponent) \(error)"))
            return effects
        }
        if let other = savedBrushes.first(where: { $0.name == file.name && $0.slot != file.slot }) {
            effects.messages.append(
                StatusMessage(
                    .error, "A brush for the \(other.slot) is called “\(file.name)” already: rename one of them first"))
            return effects
        }
        guard let index = BrushStyle.presets.firstIndex(of: file.slot) else { return effects }
        savedBrushes.removeAll { $0.name == file.name }
        savedBrushes.append(file)
        style.preset = index
        style.setSlot(index, file.brush)
        style.savedNames[index] = file.name
        effects.requests.append(.saveBrush(file))
        effects.requests.append(.brushOutlineChanged)
        effects.messages.append(StatusMessage(.info, "Added the brush “\(file.name)” for the \(file.slot), chosen now"))
        return effects
    }
}
