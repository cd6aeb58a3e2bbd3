import MaLiangCore

/// What a key, a pad button or a toolbar button asks for.
public enum Command: Equatable, Sendable {
    case undo, redo, clear
    /// Everything is saved as it happens; the shell says so (or tries again when saving failed).
    case save
    case exportPNG, paste, fullscreen
    /// A video of the drawing being made, asking where.
    case exportTimeLapse
    /// A new drawing in a new window, another drawing (a file dialog), this one under another name.
    case newDocument, open, saveAs
    /// The list of keys and gestures (F1 or ?), shown or hidden.
    case shortcuts
    case smaller, larger, lighter, darker
    /// The eraser preset, and back to the first brush.
    case eraser, brush
    /// Brush preset 1…
    case preset(Int)
    case color(Int)
    case pickColor
    /// The brush editor (F5), opened or closed.
    case brushEditor
    /// Opens or closes the layer panel.
    case layers
    case resetView
    /// One document pixel per screen pixel, not turned.
    case actualPixels
    /// The view mirrored left to right, or back as drawn (H).
    case mirrorView
    /// The next symmetry mode: off, vertical, horizontal, both, radial (Y).
    case symmetry
    /// One spoke fewer or more for radial symmetry (, and .).
    case fewerSpokes, moreSpokes
    case deleteSelection
    /// The selection tool, or back to painting (S).
    case selectTool
    /// The fill tool, or back to painting (G).
    case fillTool
    /// Every element of the current layer selected (Ctrl+A), or none (Escape).
    case selectAll, selectNone
    /// The selection flipped left to right (Shift+H) or top to bottom (Shift+V) across its box's middle.
    case flipHorizontal, flipVertical
    /// The selection onto the clipboard (Ctrl+C), also deleted (Ctrl+X); a copy of it beside it (Ctrl+D).
    case copy, cut, duplicate
    /// The selected strokes in the current colour (C).
    case recolorSelection
    /// The selection onto the layer above (Shift+Page Up) or below (Shift+Page Down).
    case selectionToLayerAbove, selectionToLayerBelow
    /// The selection tool's lasso or rectangle (R), and whether it takes what its outline encloses or touches (T).
    case selectionShape, selectionRule
    /// Fingers paint, or only move the view.
    case togglePenOnly
    /// The toolbar hidden, the whole window for the drawing (Tab, a four-finger tap), or shown again.
    case toggleToolbar
    /// Space held: the mouse pans.
    case panHold(Bool)
    case close
}

extension EditingSession {
    public func perform(_ command: Command) -> Effects {
        var effects = Effects()
        effects.redraw = true
        switch command {
        case .undo:
            if live == nil { effects.changes = document.undo() }
            if !effects.changes.isEmpty { effects.append(selectNone()) }
        case .redo:
            if live == nil { effects.changes = document.redo() }
            if !effects.changes.isEmpty { effects.append(selectNone()) }
        case .clear:
            if live == nil { effects.changes = document.clear() }
            effects.append(selectNone())
        case .save: effects.requests.append(.save)
        case .exportPNG: effects.requests.append(.exportPNG)
        case .exportTimeLapse: effects.requests.append(.exportTimeLapse)
        case .newDocument: return toggleNewDrawingPanel()
        case .open: effects.requests.append(.open)
        case .saveAs: effects.requests.append(.saveAs)
        case .paste: effects.requests.append(.paste)
        case .fullscreen: effects.requests.append(.toggleFullscreen)
        case .close: effects.requests.append(.close)
        case .shortcuts: effects.requests.append(.toggleShortcuts)
        case .smaller:
            style.smaller()
            effects.requests.append(.brushOutlineChanged)
        case .larger:
            style.larger()
            effects.requests.append(.brushOutlineChanged)
        case .lighter: style.lighter()
        case .darker: style.darker()
        case .eraser:
            tool = .paint
            style.preset = BrushStyle.eraserIndex
            panels.brushNameDraft = nil
        case .brush:
            tool = .paint
            if style.preset == BrushStyle.eraserIndex { style.preset = 0 }
        case .preset(let number):
            tool = .paint
            if (1...BrushStyle.presets.count).contains(number) {
                style.preset = number - 1
                effects.requests.append(.brushOutlineChanged)
                // The stickers have no settings: the editor closes rather than show another brush's.
                if style.preset == BrushStyle.stickersIndex { closeBrushEditor() }
            }
        case .color(let index):
            if ToolbarLayout.colors.indices.contains(index) { setColor(ToolbarLayout.colors[index]) }
        case .pickColor: isPickingColor.toggle()
        case .brushEditor: return toggleBrushEditor()
        case .layers: return toggleLayerPanel()
        case .resetView: return fitView()
        case .actualPixels: return actualPixelsView()
        case .mirrorView:
            effects = setMirrorView(!view.mirrored)
            effects.messages.append(
                StatusMessage(
                    .info, view.mirrored ? "View mirrored (H shows it as drawn)" : "View as drawn (H mirrors it)"))
        case .deleteSelection:
            return selecting.selection != nil ? deleteSelectedElements() : deleteSelection()
        case .selectTool: return toggleSelectTool()
        case .fillTool: return toggleFillTool()
        case .selectAll: return selectAll()
        case .selectNone: return selectNone()
        case .flipHorizontal: return flipSelection(horizontal: true)
        case .flipVertical: return flipSelection(horizontal: false)
        case .copy: return copySelection(cut: false)
        case .cut: return copySelection(cut: true)
        case .duplicate: return duplicateSelection()
        case .recolorSelection: return recolorSelection()
        case .selectionToLayerAbove: return moveSelectionToLayer(up: true)
        case .selectionToLayerBelow: return moveSelectionToLayer(up: false)
        case .selectionShape:
            return tool == .fill ? changeFillSetting(layers: false) : changeSelectionSetting(shape: true)
        case .selectionRule:
            return tool == .fill ? changeFillSetting(layers: true) : changeSelectionSetting(shape: false)
        case .togglePenOnly:
            penOnly.toggle()
            effects.messages.append(
                StatusMessage(.info, penOnly ? "Fingers only move the view" : "Fingers paint too"))
        case .panHold(let held): input.spaceHeld = held
        case .toggleToolbar: return toggleToolbar()
        case .symmetry: return nextSymmetryMode()
        case .fewerSpokes: return changeSpokes(by: -1)
        case .moreSpokes: return changeSpokes(by: 1)
        }
        if !effects.changes.isEmpty {
            // The selected image may be gone (undone), or a drag in progress out of date.
            chartletPreview = nil
            if selectedChartlet == nil { selection = nil }
            // An undo may have taken the current layer away.
            keepCurrentLayer()
            revealCurrentLayer()
        }
        return effects
    }

    /// A toolbar button (on the strip or in its menu); any but ``ToolbarLayout/Action/more`` closes the menu, any
    /// but a colour closes the colour panel, and any but a brush or a colour closes the brush editor.
    public func press(_ action: ToolbarLayout.Action) -> Effects {
        if action == .more {
            panels.isMenuOpen.toggle()
            closePanels()
            var effects = Effects()
            effects.redraw = true
            return effects
        }
        panels.isMenuOpen = false
        if action != .newDocument { panels.close(.newDrawing) }
        if action == .pad { return togglePadPanel() }
        panels.close(.pad)
        switch action {
        case .layers: return toggleLayerPanel()
        // The layer panel stays open while brushes, colours, undo and redo are used beside it.
        case .brush, .color, .undo, .redo: break
        default: panels.close(.layers)
        }
        if action == .colorWheel { return toggleColorPanel() }
        if action == .brushEditor { return toggleBrushEditor() }
        switch action {
        case .color: break
        default:
            panels.close(.color)
        }
        switch action {
        case .brush, .color: panels.brushNameDraft = nil
        default: closeBrushEditor()
        }
        return switch action {
        case .brush(let index): perform(.preset(index + 1))
        case .color(let index): perform(.color(index))
        case .picker: perform(.pickColor)
        case .smaller: perform(.smaller)
        case .larger: perform(.larger)
        case .lighter: perform(.lighter)
        case .darker: perform(.darker)
        case .undo: perform(.undo)
        case .redo: perform(.redo)
        case .fit: perform(.resetView)
        case .mirrorView: perform(.mirrorView)
        case .symmetry: perform(.symmetry)
        case .select: perform(.selectTool)
        case .fill: perform(.fillTool)
        case .export: perform(.exportPNG)
        case .timeLapse: perform(.exportTimeLapse)
        case .help: perform(.shortcuts)
        case .newDocument: perform(.newDocument)
        case .open: perform(.open)
        case .saveAs: perform(.saveAs)
        case .close: perform(.close)
        case .minimize: windowRequest(.minimize)
        case .maximize: windowRequest(.toggleMaximized)
        case .more, .colorWheel, .brushEditor, .layers, .pad: Effects()
        }
    }

    private func windowRequest(_ request: Request) -> Effects {
        var effects = Effects()
        effects.requests.append(request)
        return effects
    }

    /// The colour the shell found where a colour pick asked (``Request/pickColor(at:)``).
    public func pickColor(_ color: Color) -> Effects {
        setColor(color)
        var effects = Effects()
        effects.redraw = true
        return effects
    }
}
