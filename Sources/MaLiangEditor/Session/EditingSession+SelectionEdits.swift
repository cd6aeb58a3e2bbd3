import Foundation
import MaLiangCore
import MaLiangStore

/// What the selection tool does to what it holds besides moving it: copy, cut and paste (through the clipboard,
/// between windows too), duplicate, recolour, and sending it to the layer above or below. Each one undo step.
extension EditingSession {
    /// How far a duplicate lands from its original, logical pixels on screen.
    static let duplicateOffset = 24.0

    /// The selected elements, in drawing order.
    private var selectedElements: [Element] {
        (selecting.selection?.ids ?? []).compactMap { document.element($0) }
    }

    private func nothingSelected(_ what: String) -> Effects {
        var effects = Effects()
        effects.messages.append(StatusMessage(.info, "Nothing selected to \(what) (S, then draw around it)"))
        return effects
    }

    /// Ctrl+C and Ctrl+X: the selection onto the clipboard (the shell offers it to every program: ours as strokes,
    /// others as a PNG image); a cut then deletes it, one undo step. Ctrl+C with nothing selected copies the
    /// picture in view, for other programs.
    func copySelection(cut: Bool) -> Effects {
        let elements = selectedElements
        guard !elements.isEmpty else {
            guard !cut else { return nothingSelected("cut") }
            var effects = Effects()
            effects.requests.append(.copyView)
            return effects
        }
        var effects = Effects()
        do {
            effects.requests.append(.copyElements(try ElementClipboard.encode(elements, textures: document.textures)))
        } catch {
            effects.messages.append(StatusMessage(.error, "Cannot copy: \(error.message)"))
            return effects
        }
        let count = elements.count
        let noun = count == 1 ? "element" : "elements"
        if cut {
            effects.append(deleteSelectedElements())
            effects.messages.append(StatusMessage(.info, "Cut \(count) \(noun)"))
        } else {
            effects.messages.append(StatusMessage(.info, "Copied \(count) \(noun)"))
        }
        return effects
    }

    /// Pastes strokes and images copied by this program (clipboard `data`, ``ElementClipboard``) onto the current
    /// layer where they were, as one undo step, and selects them. Data that is not usable is a message; nothing
    /// changes.
    public func pasteElements(_ data: Data) -> Effects {
        var effects = Effects()
        effects.redraw = true
        if let refusal = layerRefusal() {
            effects.messages.append(StatusMessage(.info, refusal))
            return effects
        }
        let content: ElementClipboard.Content
        do { content = try ElementClipboard.decode(data) } catch {
            effects.messages.append(StatusMessage(.error, "Cannot paste: \(error.message)"))
            return effects
        }
        // Images keep their ids unless the drawing has other pixels under one.
        var renamed: [String: String] = [:]
        for (id, png) in content.textures.sorted(by: { $0.key < $1.key }) {
            let kept =
                document.textures[id] == nil || document.textures[id] == png ? id : ImageCheck.textureID(for: png)
            renamed[id] = kept
            effects.changes += document.addTexture(id: kept, png: png)
        }
        let pasted = content.elements.map { element in
            element.withID(document.makeElementID()).onLayer(currentLayer).renamingImages(renamed)
        }
        let inserted = document.append(contentsOf: pasted)
        effects.changes += inserted
        guard !inserted.isEmpty else {
            effects.messages.append(StatusMessage(.info, "Nothing to paste"))
            return effects
        }
        effects.append(select(pasted.map(\.id)))
        return effects
    }

    /// Ctrl+D: a copy of the selection a little down and to the right, selected in its place; one undo step.
    func duplicateSelection() -> Effects {
        let elements = selectedElements
        guard !elements.isEmpty else { return nothingSelected("duplicate") }
        let offset = Self.duplicateOffset / view.scale
        let copies = elements.map { element in
            element.withID(document.makeElementID()).transformed(by: .translation(dx: offset, dy: offset))
        }
        var effects = Effects()
        effects.changes = document.append(contentsOf: copies)
        effects.append(select(copies.map(\.id)))
        return effects
    }

    /// C: the selected strokes take the current colour (a glow its halo; erasers and stickers keep theirs).
    func recolorSelection() -> Effects {
        let elements = selectedElements
        guard !elements.isEmpty else { return nothingSelected("recolour") }
        let color = style.color
        var effects = Effects()
        effects.redraw = true
        effects.changes = document.update(elements.map(\.id)) { element in
            guard case .stroke(var stroke) = element else { return element }
            switch stroke.brush {
            case .brush(var brush):
                brush.color = Color(red: color.red, green: color.green, blue: color.blue, alpha: brush.color.alpha)
                stroke.brush = .brush(brush)
            case .glowing(var glowing):
                glowing.color = Color(
                    red: color.red, green: color.green, blue: color.blue, alpha: glowing.color.alpha)
                stroke.brush = .glowing(glowing)
            case .eraser, .chartlet:
                break
            }
            return .stroke(stroke)
        }
        if effects.changes.isEmpty {
            effects.messages.append(StatusMessage(.info, "The selection has no strokes to recolour"))
        }
        return effects
    }

    /// Shift+Page Up and Shift+Page Down: the selection onto the layer above or below (one that is shown and not
    /// locked), which becomes the current layer.
    func moveSelectionToLayer(up: Bool) -> Effects {
        let elements = selectedElements
        guard var selection = selecting.selection, !elements.isEmpty else { return nothingSelected("move") }
        var effects = Effects()
        effects.redraw = true
        guard let index = document.layerIndex(of: selection.layer),
            document.layers.indices.contains(index + (up ? 1 : -1))
        else {
            effects.messages.append(StatusMessage(.info, up ? "No layer above" : "No layer below"))
            return effects
        }
        let target = document.layers[index + (up ? 1 : -1)]
        if target.isLocked || !target.isVisible {
            effects.messages.append(
                StatusMessage(.info, "“\(target.name)” is \(target.isLocked ? "locked" : "hidden"): nothing moved"))
            return effects
        }
        effects.changes = document.update(elements.map(\.id)) { $0.onLayer(target.id) }
        selection.layer = target.id
        selecting.selection = selection
        currentLayer = target.id
        revealCurrentLayer()
        effects.messages.append(StatusMessage(.info, "Moved to “\(target.name)”"))
        return effects
    }
}

extension Element {
    /// The element with its images' texture ids replaced as `names` says (those it does not name stay).
    func renamingImages(_ names: [String: String]) -> Element {
        switch self {
        case .chartlet(var chartlet):
            chartlet.textureID = names[chartlet.textureID] ?? chartlet.textureID
            return .chartlet(chartlet)
        case .stroke(var stroke):
            guard case .chartlet(var brush) = stroke.brush else { return self }
            brush.textureIDs = brush.textureIDs.map { names[$0] ?? $0 }
            stroke.brush = .chartlet(brush)
            return .stroke(stroke)
        }
    }
}
