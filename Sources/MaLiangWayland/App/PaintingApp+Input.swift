import Foundation
import MaLiang
import MaLiangStore
import MaLiangVulkan
import PNGCodec
import WaylandClient
import WaylandProtocol

extension PaintingApp {
    func setSeat(_ seat: WlSeat) {
        self.seat = seat
        seat.onEvent = { [unowned self] event in
            guard case .capabilities(let capabilities) = event else { return }
            if capabilities.contains(.pointer), pointer == nil { setUpPointer(seat.getPointer()) }
            if capabilities.contains(.keyboard), keyboardObject == nil { setUpKeyboard(seat.getKeyboard()) }
            if capabilities.contains(.touch), touch == nil { setUpTouch(seat.getTouch()) }
        }
        makeTabletSeatIfReady()
        setUpDataDevice()
    }

    var toolbarState: Toolbar.State {
        Toolbar.State(
            brush: style.preset, color: Toolbar.colors.firstIndex(of: style.color), picking: pickingColor,
            showsClose: !(window?.serverSideDecorations ?? false))
    }

    /// Whether touches are ignored: a pen is in proximity, or left it less than half a second ago.
    var penActive: Bool {
        if tools.values.contains(where: { $0.machine.current.inProximity }) { return true }
        guard let last = lastPenProximity else { return false }
        return ContinuousClock.now - last < TouchTracker.penTail
    }

    // MARK: - Strokes

    /// In picking mode, takes the colour shown at `point` (paint, images and paper) as the brush colour; returns
    /// whether it did (the press then draws nothing).
    func pickColorIfPicking(at point: Point) -> Bool {
        guard pickingColor else { return false }
        pickingColor = false
        if let image = try? canvas.render(
            view: ViewTransform(scale: 1, offsetX: -point.x.rounded(.down), offsetY: -point.y.rounded(.down)), width: 1,
            height: 1)
        {
            let picked = image.rgba(x: 0, y: 0)
            style.color = Color(red: picked.red, green: picked.green, blue: picked.blue)
        }
        requestFrame()
        return true
    }

    func beginStroke(at point: Point, sample: InputSample, eraser: Bool) {
        if pickColorIfPicking(at: point) { return }
        var brush = style.brush(eraser: eraser)
        if !eraser && style.preset == Toolbar.stickersIndex {
            // Stickers: the document's images, one after another along the stroke.
            let images = document.textures.keys.sorted()
            guard !images.isEmpty else {
                statusMessage = "Stickers place the drawing's images: insert one first"
                return
            }
            var base = brush.base
            base.pointSize = 48 * style.sizeFactor
            base.opacity = 1
            brush = .chartlet(ChartletBrush(textureIDs: images, brush: base))
        }
        canvas.beginStroke(brush: brush, seed: UInt64.random(in: 1...UInt64.max), canvasScale: view.scale)
        continueStroke(sample)
    }

    func continueStroke(_ sample: InputSample) {
        do {
            if let (x, y, width, height) = try canvas.continueStroke(with: [sample]) {
                // Only the stamps' area changed: tell the compositor just that.
                let corners = [
                    view.apply(x, y), view.apply(x + width, y), view.apply(x, y + height),
                    view.apply(x + width, y + height),
                ]
                let left = Int((corners.map(\.0).min() ?? 0).rounded(.down)) - 2
                let top = Int((corners.map(\.1).min() ?? 0).rounded(.down)) - 2
                let right = Int((corners.map(\.0).max() ?? 0).rounded(.up)) + 2
                let bottom = Int((corners.map(\.1).max() ?? 0).rounded(.up)) + 2
                requestFrame(damage: (left, top, right - left, bottom - top))
            }
        } catch {
            statusMessage = "\(error)"
        }
    }

    func endStroke() {
        do { try canvas.endStroke() } catch { statusMessage = "\(error)" }
        requestFrame()
    }

    // MARK: - Toolbar and commands

    func perform(_ action: Toolbar.Action) {
        switch action {
        case .brush(let index): style.preset = index
        case .color(let index): style.color = Toolbar.colors[index]
        case .picker: pickingColor.toggle()
        case .smaller: style.sizeFactor = max(style.sizeFactor / 1.25, 0.1)
        case .larger: style.sizeFactor = min(style.sizeFactor * 1.25, 20)
        case .lighter: style.opacityFactor = max(style.opacityFactor / 1.3, 0.05)
        case .darker: style.opacityFactor = min(style.opacityFactor * 1.3, 1)
        case .undo: canvas.undo()
        case .redo: canvas.redo()
        case .fit: resetView()
        case .export: exportPNG()
        case .close: running = false
        }
        if [.smaller, .larger].contains(action) || action == .brush(style.preset) { refreshBrushOutlines() }
        requestFrame()
    }

    func perform(_ command: KeyCommand) {
        switch command {
        case .undo: perform(Toolbar.Action.undo)
        case .redo: perform(Toolbar.Action.redo)
        case .save: statusMessage = "Saved: every stroke is written to \(file.url.path) as it ends"
        case .exportPNG: exportPNG()
        case .smaller: perform(Toolbar.Action.smaller)
        case .larger: perform(Toolbar.Action.larger)
        case .eraser: style.preset = Toolbar.eraserIndex
        case .brush: if style.preset == Toolbar.eraserIndex { style.preset = 0 }
        case .preset(let number): if number <= Toolbar.brushes.count { style.preset = number - 1 }
        case .resetView: resetView()
        case .deleteSelection:
            if let selected = selectedChartlet {
                document.remove(selected)
                selectedChartlet = nil
            }
        case .fullscreen: window?.toggleFullscreen()
        case .paste: paste()
        case .penOnly:
            touches.penOnly.toggle()
            statusMessage = touches.penOnly ? "Fingers only move the view" : "Fingers paint too"
        case .panHold(let held): pointerState.spaceHeld = held
        }
        requestFrame()
    }

    /// Writes the drawing as a PNG next to the document (drawing.png beside drawing.maliang).
    func exportPNG() {
        let url = file.url.deletingPathExtension().appendingPathExtension("png")
        do {
            let image = try canvas.export()
            try AtomicFile.write(try PNG.encode(image), to: url)
            statusMessage = "Exported \(url.path)"
        } catch {
            statusMessage = "Export failed: \(error)"
        }
    }
}
