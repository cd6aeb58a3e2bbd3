import Foundation
import Glibc
import MaLiangStore
import PNGCodec
import WaylandClient
import WaylandProtocol

/// While a heavy drawing opens (its strokes read, then stamped where the file keeps no paint for them), a window of
/// its own shows the drawing's name, the picture of it the file keeps (read before the strokes), and how far the
/// opening has come. Closing it — its button, the compositor's close, Escape — ends the program at once: nothing
/// has changed yet (the file is only read, or written in transactions that a stop leaves whole), so nothing is
/// lost. It runs on a thread and a Wayland connection of its own, so the opening never waits for it; it maps only
/// when reading and stamping take longer than ``delay``, so a quick opening shows no flash, and goes once the drawing's window
/// shows the drawing.
final class OpeningWindow {
    /// How long reading and stamping go on before the window shows. `MALIANG_OPENING_DELAY_MS` sets another (tests
    /// that look at the window: on a fast machine their drawing opens in little more than the delay, and the
    /// drawing's window could show before this one had drawn).
    static let delay: Duration = {
        let asked = ProcessInfo.processInfo.environment["MALIANG_OPENING_DELAY_MS"].flatMap { Int($0) }
        return .milliseconds(asked.map { min(max($0, 0), 10_000) } ?? 400)
    }()

    private let connection: WaylandConnection
    private let loop: EventLoop
    private let registry: WaylandRegistry
    private let progress: OpeningProgress
    private let name: String
    private let preview: PNGImage?
    private var parts: Parts?
    private var picture: OpeningPicture?
    private var size = OpeningPicture.defaultSize
    private var scale = 1
    private var shown: OpeningProgress.State?
    private var framePending = false
    private var pointer: (x: Double, y: Double) = (0, 0)

    /// The Wayland objects of the window and its input.
    private struct Parts {
        var compositor: WlCompositor
        var shm: WlShm
        var surface: WlSurface
        var xdgSurface: XdgSurface
        var toplevel: XdgToplevel
        var outputs: [WlOutput] = []
        var seats: [WlSeat] = []
    }

    /// The opening as the drawing's window sees it: it reports each step here, and lets it go once the drawing is
    /// shown (or the opening failed), which takes the opening window away.
    final class Handle {
        let progress = OpeningProgress()

        func report(_ step: OpeningProgress.Step, _ fraction: Double) { progress.report(step, fraction) }

        deinit { progress.finish() }
    }

    /// Shows the opening of the drawing at `url` on a thread of its own, until the handle returned is let go.
    static func start(for url: URL) -> Handle {
        let handle = Handle()
        let progress = handle.progress
        let thread = Thread {
            let deadline = ContinuousClock.now + delay
            while true {
                let state = progress.current
                // Read and stamped: the drawing's window is about to show it.
                if state.finished || state.step == .showing { return }
                // Past the delay and still reading or stamping (not between them, where the graphics device is
                // started: that is quick, and a small drawing on a slow machine would flash the window).
                if ContinuousClock.now >= deadline, state.step == .stamping || state.fraction < 1 { break }
                usleep(10_000)
            }
            guard let window = OpeningWindow(url: url, progress: progress) else { return }
            window.run()
        }
        thread.name = "opening window"
        thread.start()
        return handle
    }

    private init?(url: URL, progress: OpeningProgress) {
        guard let connection = try? WaylandConnection() else { return nil }
        self.connection = connection
        loop = EventLoop(connection: connection)
        registry = WaylandRegistry(connection: connection)
        self.progress = progress
        name = url.lastPathComponent
        let kept = try? DocumentFile.preview(at: url, side: 1024)
        preview = kept.flatMap { try? PNG.decode($0.png, depth: .eight) }
        guard (try? connection.roundtrip()) != nil, let parts = makeWindow() else {
            connection.close()
            return nil
        }
        self.parts = parts
    }

    /// Binds what the window needs and asks for it to be mapped; nil when the compositor lacks a part.
    private func makeWindow() -> Parts? {
        guard let compositorGlobal = registry.first(WlCompositor.self), let shmGlobal = registry.first(WlShm.self),
            let wmGlobal = registry.first(XdgWmBase.self)
        else { return nil }
        let compositor = registry.bind(compositorGlobal, WlCompositor.self, maximumVersion: 4)
        let shm = registry.bind(shmGlobal, WlShm.self, maximumVersion: 1)
        let wmBase = registry.bind(wmGlobal, XdgWmBase.self, maximumVersion: 1)
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        let surface = compositor.createSurface()
        let xdgSurface = wmBase.getXdgSurface(surface: surface)
        let toplevel = xdgSurface.getToplevel()
        toplevel.setTitle(title: "Opening \(name)")
        toplevel.setAppId(appId: "org.maliang.MaLiang")
        var parts = Parts(
            compositor: compositor, shm: shm, surface: surface, xdgSurface: xdgSurface, toplevel: toplevel)
        for global in registry.globals.values.sorted(by: { $0.name < $1.name }) {
            if global.interface == WlOutput.interfaceName {
                parts.outputs.append(output(registry.bind(global, WlOutput.self, maximumVersion: 2)))
            } else if global.interface == WlSeat.interfaceName {
                parts.seats.append(seat(registry.bind(global, WlSeat.self, maximumVersion: 5)))
            }
        }
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, _):
                if width > 0, height > 0 { size = (Int(width), Int(height)) }
            case .close: stop()
            default: break
            }
        }
        xdgSurface.onEvent = { [unowned self, unowned xdgSurface] event in
            guard case .configure(let serial) = event else { return }
            xdgSurface.ackConfigure(serial: serial)
            picture = nil
            draw()
        }
        surface.commit()
        return parts
    }

    private func output(_ output: WlOutput) -> WlOutput {
        output.onEvent = { [unowned self] event in
            guard case .scale(let factor) = event, factor > scale, factor <= 4 else { return }
            scale = Int(factor)
            picture = nil
            if shown != nil { draw() }
        }
        return output
    }

    /// A seat's pointer, touch and keys: a press on the close button, or Escape, stops the opening.
    private func seat(_ seat: WlSeat) -> WlSeat {
        var taken: WlSeatCapability = []
        seat.onEvent = { [unowned self, unowned seat] event in
            guard case .capabilities(let capabilities) = event else { return }
            if capabilities.contains(.pointer), !taken.contains(.pointer) {
                seat.getPointer().onEvent = { [unowned self] event in
                    switch event {
                    case .enter(_, _, let x, let y), .motion(_, let x, let y): self.pointer = (x, y)
                    case .button(_, _, _, .pressed): closeIfOnButton(pointer.x, pointer.y)
                    default: break
                    }
                }
            }
            if capabilities.contains(.touch), !taken.contains(.touch) {
                seat.getTouch().onEvent = { [unowned self] event in
                    if case .down(_, _, _, _, let x, let y) = event { closeIfOnButton(x, y) }
                }
            }
            if capabilities.contains(.keyboard), !taken.contains(.keyboard) {
                seat.getKeyboard().onEvent = { [unowned self] event in
                    switch event {
                    case .keymap(_, let descriptor, _): close(descriptor)
                    // Escape's evdev code, whatever the layout.
                    case .key(_, _, 1, .pressed): stop()
                    default: break
                    }
                }
            }
            taken.formUnion(capabilities)
        }
        return seat
    }

    private func closeIfOnButton(_ x: Double, _ y: Double) {
        if OpeningPicture.closesAt(x: x, y: y, width: size.width) { stop() }
    }

    /// Ends the program: the opening is stopped before anything was changed. Once the drawing's window shows, that
    /// window is the one to close.
    private func stop() {
        guard !progress.current.finished else { return }
        FileHandle.standardError.write(
            Data("maliang: the opening of \(name) was stopped; the file is as it was\n".utf8))
        // The other thread is inside the opening (SQLite, Vulkan): ending the process at once, without running
        // exit handlers under it, is what leaves everything whole.
        _exit(0)
    }

    /// Draws the progress when it changed and no frame is in flight, until the opening finishes.
    private func run() {
        while let parts {
            let state = progress.current
            if state.finished {
                parts.toplevel.destroy()
                parts.xdgSurface.destroy()
                parts.surface.destroy()
                _ = try? connection.flush()
                connection.close()
                self.parts = nil
                return
            }
            if state.looks != shown?.looks, !framePending, picture != nil { draw() }
            guard (try? loop.turn(maximumWait: .milliseconds(50))) != nil else {
                // The compositor went away: the drawing's own window will say so.
                connection.close()
                self.parts = nil
                return
            }
        }
    }

    private func draw() {
        guard let parts else { return }
        if picture == nil {
            picture = OpeningPicture(
                width: size.width, height: size.height, scale: scale, name: name, preview: preview)
        }
        guard var picture else { return }
        let state = progress.current
        picture.frame(state)
        self.picture = picture
        guard
            let buffer = ShmBuffer.make(
                parts.shm, width: picture.width, height: picture.height,
                draw: { memory in
                    picture.pixels.withUnsafeBytes { memory.copyMemory(from: $0) }
                })
        else { return }
        if parts.compositor.version >= 3 { parts.surface.setBufferScale(scale: Int32(scale)) }
        parts.surface.attach(buffer: buffer, x: 0, y: 0)
        parts.surface.damage(x: 0, y: 0, width: Int32(size.width), height: Int32(size.height))
        let callback = parts.surface.frame()
        framePending = true
        callback.onEvent = { [unowned self, unowned callback] _ in
            callback.destroyLocally()
            framePending = false
        }
        parts.surface.commit()
        shown = state
    }
}
