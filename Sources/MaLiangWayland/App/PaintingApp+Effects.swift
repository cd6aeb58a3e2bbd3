import Foundation
import MaLiang
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import MaLiangVulkan
import PNGCodec
import WaylandClient
import WaylandProtocol

/// Where the editing core's effects end up: saved, drawn, then presented here — frames scheduled and requests
/// carried out.
extension PaintingApp: FrameScheduler {
    /// Applies what the editing core returned, in its fixed order.
    func dispatch(_ effects: Effects) {
        guard !effects.isEmpty else { return }
        canvas.apply(effects)
        sayUnreadableStrokes()
    }

    /// Says in the status strip when more strokes' samples could not be read from the file (a failing disk): they
    /// are not shown, and closing fails saying so; the file is left as it is.
    func sayUnreadableStrokes() {
        let count = Set(file.unreadableStrokes).count
        guard count > unreadableStrokesSaid else { return }
        unreadableStrokesSaid = count
        applier.post(StatusMessage(.error, Self.unreadableStrokesText(count, in: file.url) + ": they are not shown"))
        presenter.request()
    }

    /// "N strokes could not be read from PATH …", for the status strip and the exit message.
    static func unreadableStrokesText(_ count: Int, in url: URL) -> String {
        "\(count == 1 ? "1 stroke" : "\(count) strokes") could not be read from \(url.path) (is the disk failing?)"
    }

    /// Handles one input event.
    func handle(_ event: InputEvent) {
        trackHover(event)
        // A press anywhere puts the list of keys away (and does what it does).
        if chrome.showsShortcuts, event.phase == .down {
            chrome.showsShortcuts = false
            presenter.request()
        }
        canvas.handle(event)
    }

    /// Notes which toolbar button or menu item the pointer or a hovering pen rests on: it is shaded in the menu at
    /// once, and its tooltip shows after ``Toolbar/tooltipDelay`` and goes as soon as it moves off or presses.
    private func trackHover(_ event: InputEvent) {
        let layout = session.toolbar
        let over =
            event.phase == .hover && session.hasToolbar
            ? layout.action(atX: event.x, y: event.y)
                ?? (session.panels.isMenuOpen ? layout.menuAction(atX: event.x, y: event.y) : nil) : nil
        guard over != chrome.hover?.action else { return }
        if session.panels.isMenuOpen { presenter.request() }
        let wasShown = tooltipShown
        if let tooltipTimer = chrome.tooltipTimer { loop.cancel(tooltipTimer) }
        chrome.tooltipTimer = nil
        chrome.hover = over.map { ($0, MonotonicClock.microseconds()) }
        if over != nil {
            chrome.tooltipTimer = loop.schedule(after: .microseconds(Int64(Toolbar.tooltipDelay) + 1000)) {
                [unowned self] in
                chrome.tooltipTimer = nil
                presenter.request()
            }
        }
        if wasShown { presenter.request() }
    }

    /// Whether the hovered button's tooltip is showing.
    var tooltipShown: Bool {
        guard let hover = chrome.hover else { return false }
        return MonotonicClock.microseconds() - hover.since >= Toolbar.tooltipDelay
    }

    public func present(_ effects: Effects) {
        for request in effects.requests { carryOut(request) }
        // An on-screen keyboard comes for a field being typed in, and goes with it.
        devices.textInput?.update(session.textField)
        if effects.redraw || !effects.messages.isEmpty {
            presenter.request()
        } else {
            for area in effects.damage {
                presenter.request(BufferRect(covering: session.view.apply(area), margin: 2))
            }
        }
        watchSaving()
        scheduleStatusExpiry()
        // Saving may have moved the drawing to a copy (its file was replaced under the window).
        window.showTitle(for: file.url)
    }

    private func carryOut(_ request: Request) {
        switch request {
        case .pickColor(let point): pickColor(at: point)
        case .moveWindow(let serial):
            if let seat = devices.seat { window.toplevel.move(seat: seat, serial: serial) }
        case .toggleMaximized: window.toggleMaximized()
        case .minimize: window.toplevel.setMinimized()
        case .resizeWindow(let serial, let edge):
            if let seat = devices.seat { window.toplevel.resize(seat: seat, serial: serial, edges: edge.xdgEdge) }
        case .toggleFullscreen: window.toggleFullscreen()
        case .close: running = false
        case .exportPNG: exportPNG()
        case .exportTimeLapse: exportTimeLapse()
        case .newDocument(let size, let background): newDocument(size: size, background: background)
        case .open: openDocument()
        case .saveAs: saveAs()
        case .paste: paste()
        case .fill(let point, let layer, let settings): fill(at: point, layer: layer, settings: settings)
        case .copyElements(let data): copyToClipboard(data)
        case .copyView: copyViewToClipboard()
        case .save:
            if applier.retrySaving() == .saved {
                applier.post(StatusMessage(.info, "Saved: every change is written to \(file.url.path) as it happens"))
            }
        case .brushOutlineChanged: refreshBrushOutlines()
        case .recentColorsChanged:
            do throws(StoreError) {
                try desktop.recentColors.save(session.recentColors)
            } catch {
                applier.post(StatusMessage(.warning, "The recent colours cannot be kept: \(error.message)"))
            }
        case .toggleShortcuts:
            chrome.showsShortcuts.toggle()
            presenter.request()
        case .saveBrush(let brush):
            do throws(StoreError) {
                try desktop.brushFolder.save(brush)
            } catch {
                applier.post(StatusMessage(.error, "The brush “\(brush.name)” was not saved: \(error.message)"))
                loadSavedBrushes()
            }
        case .reloadSavedBrushes: loadSavedBrushes(sayingProblems: false)
        case .padMapping(let tablet, let mapping): usePadMapping(mapping, for: tablet)
        case .deleteBrush(let name):
            do throws(StoreError) {
                try desktop.brushFolder.delete(name: name)
            } catch {
                applier.post(StatusMessage(.error, "The brush “\(name)” was not deleted: \(error.message)"))
                loadSavedBrushes()
            }
        }
    }

    /// Gives the editing core the saved brushes, as the folder has them now; a file that is not a brush is left as
    /// it is, and said (at start: not again each time the editor opens).
    func loadSavedBrushes(sayingProblems: Bool = true) {
        let (brushes, problems) = desktop.brushFolder.load()
        session.savedBrushes = brushes
        if sayingProblems, let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more brush files)" : ""
            applier.post(StatusMessage(.warning, "A saved brush was skipped: \(first)\(more)"))
        }
    }

    /// Takes the colour shown at a document point (paint, images and paper) as the brush colour.
    private func pickColor(at point: Point) {
        do {
            let image = try renderer.render(
                view: ViewTransform(scale: 1, offsetX: -point.x.rounded(.down), offsetY: -point.y.rounded(.down)),
                width: 1, height: 1)
            let picked = image.rgba(x: 0, y: 0)
            dispatch(session.pickColor(Color(red: picked.red, green: picked.green, blue: picked.blue)))
        } catch {
            applier.post(StatusMessage(.error, "Cannot take the colour: \(error)"))
        }
    }

    /// While saving fails, tries again every two seconds (space may come back); stops once all is written.
    private func watchSaving() {
        switch applier.status.saving {
        case .waiting where retryTimer == nil:
            retryTimer = loop.schedule(after: .seconds(2), every: .seconds(2)) { [unowned self] in
                let before = applier.status.saving
                applier.retrySaving()
                if applier.status.saving != before { presenter.request() }
                watchSaving()
            }
        case .saved:
            if let retryTimer { loop.cancel(retryTimer) }
            retryTimer = nil
        default:
            break
        }
    }

    /// Redraws when the status strip's message runs out.
    private func scheduleStatusExpiry() {
        let now = MonotonicClock.microseconds()
        guard let expiry = applier.status.nextExpiry(after: now), chrome.statusTimer?.at != expiry else { return }
        if let statusTimer = chrome.statusTimer { loop.cancel(statusTimer.token) }
        let token = loop.schedule(after: .microseconds(Int64(expiry - now) + 1000)) { [unowned self] in
            chrome.statusTimer = nil
            presenter.request()
        }
        chrome.statusTimer = (token, expiry)
    }
}

extension WindowEdge {
    /// The edge as xdg-shell names it.
    var xdgEdge: XdgToplevelResizeEdge {
        switch self {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }

    /// The cursor theme's name for resizing from the edge.
    var cursorName: String {
        switch self {
        case .top: "top_side"
        case .bottom: "bottom_side"
        case .left: "left_side"
        case .right: "right_side"
        case .topLeft: "top_left_corner"
        case .topRight: "top_right_corner"
        case .bottomLeft: "bottom_left_corner"
        case .bottomRight: "bottom_right_corner"
        }
    }
}
