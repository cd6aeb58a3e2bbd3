import Foundation
import Glibc
import MaLiangStore
import PNGCodec
import WaylandClient
import WaylandProtocol

/// While a drawing opens, its own window shows the picture of it the file keeps (read before the strokes, so it shows
/// before them), its name, and how far the opening has come, drawn on the CPU into shared memory: the strokes are read
/// on a thread of their own (``whileShowing(_:)``) and stamped here, where each step of the stamping answers the
/// compositor (``pump()``). Closing the window — its button, the compositor's close, Escape — ends the program at
/// once: nothing has changed yet (the file is only read, or written in transactions that a stop leaves whole), so
/// nothing is lost. Once the canvas is made the window goes on with it, and the opening's picture stays until the
/// canvas's first frame takes its place.
final class OpeningView {
    private let window: WindowState
    private let globals: Globals
    private let loop: EventLoop
    let progress = OpeningProgress()
    private let name: String
    private let preview: PNGImage?
    private var picture: OpeningPicture?
    /// What the window shows now; nil until the first picture is committed.
    private var shown: OpeningProgress.State?
    private var framePending = false
    private var lastPump = ContinuousClock.now
    /// The seats bound for closing the opening (the window binds its own once the opening is over).
    private var seats: [OpeningSeat] = []
    private let started = ContinuousClock.now
    private let logs = ProcessInfo.processInfo.environment["MALIANG_LOG"] == "1"

    /// The opening of the drawing at `url` in `window`, which is shown as soon as the compositor configures it.
    init(window: WindowState, globals: Globals, registry: WaylandRegistry, loop: EventLoop, url: URL) {
        self.window = window
        self.globals = globals
        self.loop = loop
        name = url.lastPathComponent
        let kept = try? DocumentFile.preview(at: url, side: 1024)
        preview = kept.flatMap { try? PNG.decode($0.png, depth: .eight) }
        window.onChange = { [unowned self] in
            picture = nil
            draw()
        }
        window.onClose = { [unowned self] in stop() }
        let wmBase = globals.wmBase
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        for global in registry.globals.values.sorted(by: { $0.name < $1.name })
        where global.interface == WlSeat.interfaceName {
            guard let seat = globals.bind(global, WlSeat.self) else { continue }
            let width = { [unowned window] in Int(window.width) }
            seats.append(OpeningSeat(seat, width: width, stop: { [unowned self] in stop() }))
        }
    }

    func report(_ step: OpeningProgress.Step, _ fraction: Double) { progress.report(step, fraction) }

    /// Runs `work` on a thread of its own while the window is answered and shows how far it has come; returns what
    /// it returned, or throws what it threw (or why the compositor went away).
    func whileShowing<Value>(_ work: @escaping @Sendable () throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let thread = Thread { outcome.finish(Result { try work() }) }
        thread.name = "opening"
        thread.stackSize = 8 << 20
        thread.start()
        while !outcome.isFinished {
            try loop.turn(maximumWait: .milliseconds(16))
            drawIfChanged()
        }
        return try outcome.take()
    }

    /// Answers the compositor and shows the progress, at most every 16 ms: called between steps of work on this
    /// thread.
    func pump() {
        guard ContinuousClock.now - lastPump >= .milliseconds(16) else { return }
        lastPump = .now
        // A compositor gone is said by the drawing's window once it runs.
        try? loop.turn(maximumWait: .zero)
        drawIfChanged()
    }

    /// The opening is over: its input goes, and the window's own takes over. A close asked for since the last pump
    /// is still honoured.
    func finish() {
        try? loop.turn(maximumWait: .zero)
        progress.finish()
        for seat in seats { seat.release() }
        seats = []
        window.onChange = nil
        window.onClose = nil
    }

    /// With MALIANG_LOG=1, a step of the opening and when it came (tests and bug reports).
    func log(_ step: String) {
        guard logs else { return }
        let since = (ContinuousClock.now - started).components
        let elapsed = Double(since.seconds) + Double(since.attoseconds) / 1e18
        FileHandle.standardError.write(
            Data("maliang: opening: \(step), \(String(format: "%.3f", elapsed)) s after it began\n".utf8))
    }

    private func drawIfChanged() {
        // A new size or scale (the picture was dropped) is drawn even when the progress looks the same.
        if picture == nil || progress.current.looks != shown?.looks { draw() }
    }

    /// Ends the program: the opening is stopped before anything was changed.
    private func stop() {
        FileHandle.standardError.write(
            Data("maliang: the opening of \(name) was stopped; the file is as it was\n".utf8))
        // The other thread is inside the opening (SQLite): ending the process at once, without running exit
        // handlers under it, is what leaves everything whole.
        _exit(0)
    }

    private func draw() {
        guard window.isConfigured, !framePending else { return }
        let scale = Int(window.scale.rounded(.up))
        if picture == nil || picture?.scale != scale {
            picture = OpeningPicture(
                width: Int(window.width), height: Int(window.height), scale: scale, name: name, preview: preview)
        }
        guard var picture else { return }
        let state = progress.current
        picture.frame(state)
        self.picture = picture
        guard
            let buffer = ShmBuffer.make(
                globals.shm, width: picture.width, height: picture.height,
                draw: { memory in picture.pixels.withUnsafeBytes { memory.copyMemory(from: $0) } })
        else { return }
        let surface = window.surface
        window.prepareFrame(roundedCorners: false)
        if let viewport = window.viewport {
            viewport.setDestination(width: window.width, height: window.height)
        } else if globals.compositor.version >= 3 {
            surface.setBufferScale(scale: Int32(scale))
        }
        surface.attach(buffer: buffer, x: 0, y: 0)
        surface.damage(x: 0, y: 0, width: window.width, height: window.height)
        let callback = surface.frame()
        framePending = true
        // The last picture's callback may come once the opening is over and this is gone.
        callback.onEvent = { [weak self, unowned callback] _ in
            callback.destroyLocally()
            self?.framePending = false
            self?.drawIfChanged()
        }
        surface.commit()
        if shown == nil { log(preview == nil ? "shows the opening (no picture kept)" : "shows the kept picture") }
        shown = state
    }
}

/// What the opening's thread leaves for the window's: the value it made, or the error it met.
private final class Outcome<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    var isFinished: Bool { lock.withLock { result != nil } }

    func finish(_ result: Result<Value, any Error>) { lock.withLock { self.result = result } }

    func take() throws -> Value {
        guard let result = lock.withLock({ result }) else { preconditionFailure("the opening is not over") }
        return try result.get()
    }
}

/// A seat's pointer, touch and keys while a drawing opens: a press on the close button, or Escape, stops the opening.
private final class OpeningSeat {
    private let seat: WlSeat
    private var pointer: WlPointer?
    private var keyboard: WlKeyboard?
    private var touch: WlTouch?
    private var at = (x: 0.0, y: 0.0)

    init(_ seat: WlSeat, width: @escaping () -> Int, stop: @escaping () -> Void) {
        self.seat = seat
        let closes = { (x: Double, y: Double) in
            if OpeningPicture.closesAt(x: x, y: y, width: width()) { stop() }
        }
        seat.onEvent = { [unowned self, unowned seat] event in
            guard case .capabilities(let capabilities) = event else { return }
            if capabilities.contains(.pointer), pointer == nil {
                let pointer = seat.getPointer()
                pointer.onEvent = { [unowned self] event in
                    switch event {
                    case .enter(_, _, let x, let y), .motion(_, let x, let y): at = (x, y)
                    case .button(_, _, _, .pressed): closes(at.x, at.y)
                    default: break
                    }
                }
                self.pointer = pointer
            }
            if capabilities.contains(.touch), touch == nil {
                let touch = seat.getTouch()
                touch.onEvent = { event in
                    if case .down(_, _, _, _, let x, let y) = event { closes(x, y) }
                }
                self.touch = touch
            }
            if capabilities.contains(.keyboard), keyboard == nil {
                let keyboard = seat.getKeyboard()
                keyboard.onEvent = { event in
                    switch event {
                    case .keymap(_, let descriptor, _): close(descriptor)
                    // Escape's evdev code, whatever the layout.
                    case .key(_, _, 1, .pressed): stop()
                    default: break
                    }
                }
                self.keyboard = keyboard
            }
        }
    }

    /// Gives the seat and its devices back to the compositor (where their version allows; otherwise they are only
    /// forgotten here).
    func release() {
        if let pointer { if pointer.version >= 3 { pointer.release() } else { pointer.destroyLocally() } }
        if let keyboard { if keyboard.version >= 3 { keyboard.release() } else { keyboard.destroyLocally() } }
        if let touch { if touch.version >= 3 { touch.release() } else { touch.destroyLocally() } }
        if seat.version >= 5 { seat.release() } else { seat.destroyLocally() }
    }
}
