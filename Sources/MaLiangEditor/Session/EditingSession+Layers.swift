import Foundation
import MaLiangCore

/// Layers: the current one takes strokes and placed images; the panel adds, copies, deletes, reorders, renames,
/// hides, locks and fades them and sets their blend mode. Every operation is one undo step (an opacity drag is one).
extension EditingSession {
    /// The open layer panel, placed for the current window.
    public var layerPanel: LayerPanel {
        LayerPanel(
            windowWidth: window.width, windowHeight: window.height, fit: panels.fit)
    }

    /// The layers in the panel's rows, top row first.
    public var layersShown: [Layer] {
        Array(document.layers.reversed().dropFirst(panels.layerListTop).prefix(layerPanel.visibleRows))
    }

    /// Why painting on the current layer is refused (it is locked or hidden), for the status strip; nil when it
    /// is not.
    func layerRefusal() -> String? {
        keepCurrentLayer()
        guard let layer = document.layer(currentLayer) else { return nil }
        if layer.isLocked { return "“\(layer.name)” is locked: unlock it on the layer panel to paint on it" }
        if !layer.isVisible { return "“\(layer.name)” is hidden: show it on the layer panel to paint on it" }
        return nil
    }

    /// Makes sure the current layer is one the document has (after an undo took it away: the top one).
    func keepCurrentLayer() {
        guard document.layer(currentLayer) == nil else { return }
        currentLayer = document.layers.last?.id ?? .first
        panels.layerNameDraft = nil
    }

    func toggleLayerPanel() -> Effects {
        panels.toggle(.layers)
        revealCurrentLayer()
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    /// Closes the layer panel (Escape); nil when it is not open.
    public func closeLayerPanel() -> Effects? {
        guard panels.isOpen(.layers) else { return nil }
        panels.close(.layers)
        var effects = Effects()
        effects.redraw = true
        return effects
    }

    // MARK: - Operations

    /// Chooses the layer strokes and images go on.
    public func selectLayer(_ id: LayerID) -> Effects {
        var effects = Effects()
        guard document.layer(id) != nil else { return effects }
        if id != currentLayer { panels.layerNameDraft = nil }
        currentLayer = id
        revealCurrentLayer()
        effects.redraw = true
        return effects
    }

    /// Adds an empty layer above the current one and makes it current.
    public func addLayer() -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard document.layers.count < Document.maximumLayers else {
            effects.messages.append(StatusMessage(.info, "A drawing holds at most \(Document.maximumLayers) layers"))
            return effects
        }
        let id = document.makeLayerID()
        let index = (document.layerIndex(of: currentLayer) ?? document.layers.count - 1) + 1
        effects.changes = document.addLayer(Layer(id: id, name: freshLayerName()), at: index)
        if !effects.changes.isEmpty { currentLayer = id }
        revealCurrentLayer()
        return effects
    }

    /// Deletes the current layer and what is on it (the last layer stays); the one under it becomes current.
    public func deleteCurrentLayer() -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard document.layers.count > 1, let index = document.layerIndex(of: currentLayer) else {
            effects.messages.append(StatusMessage(.info, "A drawing keeps at least one layer"))
            return effects
        }
        effects.changes = document.removeLayer(currentLayer)
        currentLayer = document.layers[max(index - 1, 0)].id
        selection = nil
        revealCurrentLayer()
        return effects
    }

    /// Copies the current layer with everything on it just above it; the copy becomes current.
    public func duplicateCurrentLayer() -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard let (id, changes) = document.duplicateLayer(currentLayer) else {
            effects.messages.append(StatusMessage(.info, "A drawing holds at most \(Document.maximumLayers) layers"))
            return effects
        }
        effects.changes = changes
        currentLayer = id
        revealCurrentLayer()
        return effects
    }

    /// Moves the current layer one place up (toward the top) or down.
    public func moveCurrentLayer(up: Bool) -> Effects {
        var effects = Effects()
        effects.redraw = true
        guard let index = document.layerIndex(of: currentLayer) else { return effects }
        effects.changes = document.moveLayer(currentLayer, to: index + (up ? 1 : -1))
        revealCurrentLayer()
        return effects
    }

    /// Shows or hides layer `id`.
    public func setLayerVisible(_ id: LayerID, _ visible: Bool) -> Effects {
        changeLayer(id) { $0.isVisible = visible }
    }

    /// Locks or unlocks layer `id`.
    public func setLayerLocked(_ id: LayerID, _ locked: Bool) -> Effects {
        changeLayer(id) { $0.isLocked = locked }
    }

    /// Sets layer `id`'s opacity (0…1); with `merging`, joins the undo step of the change just before (a drag).
    public func setLayerOpacity(_ id: LayerID, _ opacity: Double, merging: Bool = false) -> Effects {
        changeLayer(id, merging: merging) { $0.opacity = opacity }
    }

    /// Sets layer `id`'s blend mode.
    public func setLayerBlend(_ id: LayerID, _ blend: LayerBlend) -> Effects {
        changeLayer(id) { $0.blend = blend }
    }

    /// Renames layer `id` (kept within ``Layer/maximumNameLength``; empty gives "Layer N").
    public func renameLayer(_ id: LayerID, _ name: String) -> Effects {
        changeLayer(id) { $0.name = name }
    }

    /// Changes layer `id`'s settings — whatever `change` sets of its name, visibility, lock, opacity and blend — as
    /// one undo step.
    public func updateLayer(_ id: LayerID, _ change: (inout Layer) -> Void) -> Effects {
        changeLayer(id, change)
    }

    private func changeLayer(_ id: LayerID, merging: Bool = false, _ change: (inout Layer) -> Void) -> Effects {
        var effects = Effects()
        effects.redraw = true
        effects.changes = document.updateLayer(id, merging: merging, change)
        return effects
    }

    /// "Layer N" with the first N no layer is called.
    private func freshLayerName() -> String {
        let names = Set(document.layers.map(\.name))
        var number = document.layers.count + 1
        while names.contains("Layer \(number)") { number += 1 }
        return "Layer \(number)"
    }

    /// Scrolls the panel's list so the current layer's row shows.
    func revealCurrentLayer() {
        guard let index = document.layerIndex(of: currentLayer) else { return }
        let row = document.layers.count - 1 - index
        if row < panels.layerListTop { panels.layerListTop = row }
        if row >= panels.layerListTop + layerPanel.visibleRows {
            panels.layerListTop = row - layerPanel.visibleRows + 1
        }
        panels.layerListTop = max(0, min(panels.layerListTop, document.layers.count - layerPanel.visibleRows))
    }

    // MARK: - The panel

    /// With the layer panel open, a press on it belongs to it; a press beside it (below the strip) closes it and
    /// does nothing more. Nil when the press goes on as usual.
    func pressWithLayerPanelOpen(_ event: InputEvent) -> Effects? {
        guard panels.isOpen(.layers), !ToolbarLayout.contains(y: event.y) else { return nil }
        input.contacts[event.device] = .onPanel
        let panel = layerPanel
        let shown = layersShown
        var effects = Effects()
        effects.redraw = true
        switch panel.part(atX: event.x, y: event.y, rows: shown.count) {
        case nil:
            panels.close(.layers)
        case .background:
            input.contacts[event.device] = .scrollingPanel(y: event.y)
        case .visibility(let row):
            effects = setLayerVisible(shown[row].id, !shown[row].isVisible)
        case .lock(let row):
            effects = setLayerLocked(shown[row].id, !shown[row].isLocked)
        case .layer(let row):
            if shown[row].id == currentLayer {
                // A press on the current layer's name types a new one.
                panels.layerNameDraft = panels.layerNameDraft == nil ? shown[row].name : nil
            } else {
                effects = selectLayer(shown[row].id)
            }
        case .opacity:
            let id = currentLayer
            input.contacts[event.device] = .layerOpacity(id)
            let unit = panel.unit(x: event.x, y: event.y)
            effects = setLayerOpacity(id, (panel.opacity(atUnitX: unit.x) * 100).rounded() / 100)
        case .blend(let blend):
            effects = setLayerBlend(currentLayer, blend)
        case .button(.add): effects = addLayer()
        case .button(.duplicate): effects = duplicateCurrentLayer()
        case .button(.delete): effects = deleteCurrentLayer()
        case .button(.raise): effects = moveCurrentLayer(up: true)
        case .button(.lower): effects = moveCurrentLayer(up: false)
        case .scrollUp:
            panels.layerListTop = max(panels.layerListTop - layerPanel.visibleRows, 0)
        case .scrollDown:
            panels.layerListTop = max(
                0, min(panels.layerListTop + layerPanel.visibleRows, document.layers.count - layerPanel.visibleRows))
        }
        return effects
    }

    /// A contact that began on the opacity track keeps setting it wherever it goes, as one undo step.
    func dragLayerOpacity(_ id: LayerID, x: Double, y: Double) -> Effects {
        let panel = layerPanel
        let unit = panel.unit(x: x, y: y)
        return setLayerOpacity(id, (panel.opacity(atUnitX: unit.x) * 100).rounded() / 100, merging: true)
    }

    /// A key while the layer panel is open; nil when it does not take it. It takes text only while a name is being
    /// typed (Return renames, Escape gives up), and Escape, which closes the panel.
    public func layerPanelKey(_ key: BrushEditorKey) -> Effects? {
        guard panels.isOpen(.layers) else { return nil }
        var effects = Effects()
        effects.redraw = true
        guard let draft = panels.layerNameDraft else {
            guard key == .escape else { return nil }
            return closeLayerPanel()
        }
        switch key {
        case .text(let text):
            let printable = text.filter { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } }
            panels.layerNameDraft = String((draft + printable).prefix(Layer.maximumNameLength))
        case .backspace:
            panels.layerNameDraft = String(draft.dropLast())
        case .enter:
            panels.layerNameDraft = nil
            effects.append(renameLayer(currentLayer, draft))
        case .escape:
            panels.layerNameDraft = nil
        }
        return effects
    }
}
