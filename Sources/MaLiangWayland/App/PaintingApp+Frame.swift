import CVulkan
import Foundation
import MaLiang
import MaLiangVulkan
import WaylandClient

extension PaintingApp {
    func makeWindow() throws -> WindowState {
        guard let compositor, let wmBase else { throw LaunchError(description: "no compositor") }
        let window = WindowState(
            compositor: compositor, wmBase: wmBase, decorations: decorationManager, viewporter: viewporter,
            fractional: fractionalScaleManager,
            outputScale: { [unowned self] entered in
                entered.compactMap { outputs[$0]?.scale }.max() ?? outputs.values.map(\.scale).max() ?? 1
            })
        window.onChange = { [unowned self] in requestFrame() }
        window.onClose = { [unowned self] in running = false }
        guard let surfacePointer = window.surface.proxy else {
            throw LaunchError(description: "the window surface is gone")
        }
        swapchain = try Swapchain(context: swapchainContext, wlDisplay: connection.display, wlSurface: surfacePointer)
        return window
    }

    /// Draws a frame now if the window is configured, asking for a frame callback so the next one waits for the
    /// compositor (a hidden window sends none, so nothing is drawn and nothing blocks).
    func drawFrame() {
        guard let window, window.isConfigured, let swapchain, running else { return }
        do {
            let width = window.bufferWidth
            let height = window.bufferHeight
            if width != swapchain.width || height != swapchain.height {
                try swapchain.resize(width: width, height: height)
                window.applyScale()
                repaints.reset()
            }
            guard let index = try swapchain.acquire(timeout: 50_000_000) else {
                // No image free yet: try again shortly rather than block.
                loop.schedule(after: .milliseconds(8)) { [weak self] in self?.requestFrame() }
                return
            }
            let callback = window.surface.frame()
            waitingForFrame = true
            needsFrame = false
            callback.onEvent = { [unowned self, unowned callback] _ in
                callback.destroyLocally()
                waitingForFrame = false
                if needsFrame { drawFrame() }
            }
            var overlays = try toolbar.overlays(width: Double(width), scale: window.scale, state: toolbarState)
            overlays += selectionHandles()
            let changed = damage
            damage = nil
            let repaint = repaints.region(forImage: index, damage: changed)
            try canvas.drawFrame(
                into: swapchain, index: index, view: view, windowColor: (0.18, 0.18, 0.2), overlays: overlays,
                damage: changed, repaint: repaint.map { ($0.x, $0.y, $0.width, $0.height) })
            framesPresented += 1
            if framesPresented == 1 {
                let decorations = window.serverSideDecorations ? "server-side" : "client-side"
                let mode = swapchain.presentMode == VK_PRESENT_MODE_MAILBOX_KHR ? "mailbox" : "fifo"
                log("presented \(width)x\(height) at scale \(window.scale), \(decorations) decorations, \(mode)")
            }
        } catch {
            statusMessage = "\(error)"
            FileHandle.standardError.write(Data("maliang: cannot draw: \(error)\n".utf8))
        }
    }

    /// Small squares at the corners of the selected chartlet.
    func selectionHandles() -> [OverlayPlacement] {
        guard let id = selectedChartlet, let chartlet = canvas.chartletPreview ?? selected(id) else { return [] }
        let size = 10 * (window?.scale ?? 1)
        let c = cos(chartlet.angle)
        let s = sin(chartlet.angle)
        return [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { u, v in
            let x = chartlet.center.x + c * u * chartlet.size.width - s * v * chartlet.size.height
            let y = chartlet.center.y + s * u * chartlet.size.width + c * v * chartlet.size.height
            let (px, py) = view.apply(x, y)
            return OverlayPlacement(toolbar.highlight, x: px - size / 2, y: py - size / 2, width: size, height: size)
        }
    }

    /// Surface coordinates → document pixels.
    func documentPoint(surfaceX x: Double, surfaceY y: Double) -> Point {
        let scale = window?.scale ?? 1
        let (docX, docY) = view.invert(x * scale, y * scale)
        return Point(x: docX, y: docY)
    }

    /// Centres the document in the window at a zoom that shows it whole.
    func resetView() {
        guard let window else { return }
        let width = Double(window.bufferWidth)
        let height = Double(window.bufferHeight) - Toolbar.height * window.scale
        let fit = min(width / document.size.width, height / document.size.height) * 0.95
        let zoom = min(max(fit, ViewTransform.zoomRange.lowerBound), 1)
        view = ViewTransform(
            scale: zoom, rotation: 0, offsetX: (width - document.size.width * zoom) / 2,
            offsetY: Toolbar.height * window.scale + (height - document.size.height * zoom) / 2)
        requestFrame()
    }

    /// Zooms by `factor` about the buffer point (x, y), within 0.1…32×.
    func zoom(by factor: Double, aboutX x: Double, y: Double) {
        let target = min(
            max(view.scale * factor, ViewTransform.zoomRange.lowerBound), ViewTransform.zoomRange.upperBound)
        let applied = target / view.scale
        view.offsetX = x - (x - view.offsetX) * applied
        view.offsetY = y - (y - view.offsetY) * applied
        view.scale = target
        refreshBrushOutlines()
        requestFrame()
    }

    /// Rotates the view by `angle` radians about the buffer point (x, y).
    func rotate(by angle: Double, aboutX x: Double, y: Double) {
        let c = cos(angle)
        let s = sin(angle)
        let dx = view.offsetX - x
        let dy = view.offsetY - y
        view.offsetX = x + c * dx - s * dy
        view.offsetY = y + s * dx + c * dy
        view.rotation += angle
        requestFrame()
    }

    func pan(byX dx: Double, y dy: Double) {
        view.offsetX += dx
        view.offsetY += dy
        requestFrame()
    }
}
