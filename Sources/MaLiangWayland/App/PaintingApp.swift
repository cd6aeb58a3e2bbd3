import CMemoryTuning
import Foundation
import MaLiang
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import MaLiangVulkan
import WaylandClient
import WaylandProtocol

/// The painting window: the library's ``Canvas`` in an xdg_toplevel with the window's chrome — toolbar, status
/// strip, decorations, clipboard, drag and drop. Devices become ``InputEvent``s the canvas handles; every edit is
/// saved, then drawn, then presented, through the canvas. One thread owns Wayland and Vulkan.
public final class PaintingApp {
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    let connection: WaylandConnection
    let loop: EventLoop
    let globals: Globals
    /// The drawing, its edits, saving and painting.
    let canvas: Canvas
    let file: DocumentFile
    let window: WindowState
    let presenter: FramePresenter
    /// The toolbar, status strip and list of keys drawn over the canvas.
    let chrome: WindowChrome
    /// The portals, other windows, and the files kept between sessions.
    let desktop: DesktopServices
    let devices = Devices()
    var running = true
    /// Why the window stopped on its own (the graphics device lost), for the exit message.
    var stopReason: String?
    /// Why the document asked for could not be opened (a new one was), for the exit message and status.
    let openFailure: String?
    /// With MALIANG_LOG=1, what the window goes through is written to standard error (tests and bug reports).
    let logsLifecycle = ProcessInfo.processInfo.environment["MALIANG_LOG"] == "1"
    /// A timer that writes what is waiting while saving fails.
    var retryTimer: Int?
    /// Whether composing in idle time failed (it is not tried again).
    var idleWorkFailed = false
    /// Gives memory kept only for speed back in quiet moments.
    var idleMemoryReturn = IdleMemoryReturn()
    /// The time-lapse being made, if one is.
    var timeLapse: TimeLapseJob?
    /// How the drawing is first shown, once the window has its size: where it was left, or whole, or at one
    /// drawing pixel per screen pixel from its top-left corner (`--actual-pixels`); nil once shown.
    var firstView: ViewPlacement??
    /// How many strokes the window has said it could not read (``sayUnreadableStrokes()``).
    var unreadableStrokesSaid = 0

    var document: Document { session.document }
    // The parts of the canvas the window's chrome works with.
    var session: EditingSession { canvas.session }
    var renderer: CanvasRenderer { canvas.renderer }
    var applier: EffectsApplier { canvas.applier }

    /// Opens `path` (created when missing), or the autosave document when `path` is nil.
    /// The page a drawing made when the file asked for is missing has, unless told otherwise.
    public static let defaultPage = (size: Size(width: 4096, height: 3072), paper: Color.white)

    /// `newPage` is the size and paper of the drawing made when `path` does not exist yet. The drawing is first
    /// shown where it was left, else whole; with `actualPixels`, at one drawing pixel per screen pixel from its
    /// top-left corner.
    public init(
        path: String?, penOnly: Bool = false, newPage: (size: Size, paper: Color) = PaintingApp.defaultPage,
        actualPixels: Bool = false
    ) throws {
        // Before any thread starts, so that all of them inherit it.
        ShortSlices.request()
        do {
            connection = try WaylandConnection()
        } catch {
            throw LaunchError(
                description: """
                    \(error.description)
                    maliang needs a Wayland session for its window. Without one, use the headless commands:
                      maliang render DOC -o OUT.png      maliang replay TRACE -o OUT.png      (maliang --help)
                    """)
        }
        loop = EventLoop(connection: connection)
        let registry = WaylandRegistry(connection: connection)
        try connection.roundtrip()
        do { globals = try Globals(registry: registry) } catch { throw LaunchError(description: error.description) }
        let url = path.map { URL(fileURLWithPath: $0) } ?? AutosaveLocation.url()
        window = WindowState(globals: globals, kept: WindowSizeFile().load())
        window.showTitle(for: url)
        // A drawing that is there shows in its window at once — the picture of it the file keeps, and how far its
        // opening has come — while its strokes are read on a thread of their own, then stamped.
        let opening =
            FileManager.default.fileExists(atPath: url.path)
            ? OpeningView(window: window, globals: globals, registry: registry, loop: loop, url: url) : nil
        let (opened, notice): (DocumentFile, StatusMessage?)
        if let opening {
            let progress = opening.progress
            // MALIANG_TEST_SLOW_READING_MS=N: reading waits N ms first, as on a slow disk (tests of the opening).
            let pause = ProcessInfo.processInfo.environment["MALIANG_TEST_SLOW_READING_MS"].flatMap { UInt32($0) }
            (opened, notice) = try opening.whileShowing {
                if let pause { usleep(min(pause, 60_000) * 1000) }
                return try PaintingApp.openDocument(url, newPage: newPage) { progress.report(.reading, $0) }
            }
            opening.log("read \(opened.document.elements.count) elements")
        } else {
            (opened, notice) = try Self.openDocument(url, newPage: newPage) { _ in }
        }
        file = opened
        // MALIANG_TEST_UNREADABLE_SAMPLES_AFTER=N: strokes' samples read after the first N fail, as on a failing disk.
        if let reads = ProcessInfo.processInfo.environment["MALIANG_TEST_UNREADABLE_SAMPLES_AFTER"].flatMap({ Int($0) })
        {
            file.failSampleReads(afterReading: reads)
        }
        openFailure = notice?.severity == .error ? notice?.text : nil
        var options = VulkanContext.Options()
        options.instanceExtensions = Swapchain.instanceExtensions
        options.deviceExtensions = Swapchain.deviceExtensions
        options.optionalDeviceExtensions = Swapchain.optionalDeviceExtensions
        let context = try VulkanContext(options: options)
        canvas = try Canvas(file: file, context: context, toolbar: true) { fraction in
            opening?.report(.stamping, fraction)
            opening?.pump()
        }
        opening?.report(.showing, 0)
        opening?.pump()
        opening?.finish()
        canvas.session.penOnly = penOnly
        firstView = actualPixels ? nil : .some(file.keptView)
        desktop = DesktopServices(loop: loop)
        canvas.session.recentColors = desktop.recentColors.load()
        // MALIANG_STROKE_PREDICTION=0: the stroke being drawn is shown only to its last sample (docs/client.md).
        if ProcessInfo.processInfo.environment["MALIANG_STROKE_PREDICTION"] == "0" { canvas.session.predictor = nil }
        chrome = try WindowChrome(renderer: canvas.renderer)
        desktop.fileChooser.parentWindow = { [unowned window] in window.exportedHandle.map { "wayland:\($0)" } ?? "" }
        let (frameSurface, presentationNote) = try WindowFrameSurface.make(
            context: context, connection: connection, surface: window.surface, shm: globals.shm)
        presenter = FramePresenter(frameSurface: frameSurface, surface: window.surface, loop: loop)
        canvas.onMessage = { message in
            FileHandle.standardError.write(Data("maliang: \(message.text)\n".utf8))
        }
        wire(registry)
        followColorScheme()
        window.showTitle(for: file.url)
        // Posted messages go to stderr too (onMessage above).
        if let presentationNote { applier.post(StatusMessage(.info, presentationNote)) }
        // After the note above: what the opening says about the file matters more, and the latest shows.
        if let notice { applier.post(notice) }
        sayUnreadableStrokes()
        do throws(StoreError) {
            if let kept = try desktop.brushStyle.load() { canvas.session.restoreStyle(kept) }
        } catch {
            applier.post(StatusMessage(.warning, "The last session's brushes are not used: \(error.message)"))
        }
        loadSavedBrushes()
        for note in globals.notes { log(note) }
        // Configured while it opened: the drawing's first frame takes the opening's place, once all is ready.
        if window.isConfigured { window.onChange?() }
    }

    /// Opens the document at `path`, or creates it (and its folder) when missing. A document another window is
    /// changing is opened as a copy beside it (never two writers), one on a read-only disk as a copy in the
    /// autosave folder, each with a notice saying so.
    /// How long an opening waits for another window to let go of the drawing before it goes on in a copy.
    static let lockPatience = Duration.seconds(3)

    /// `reading` hears how far reading the drawing has come.
    private static func openDocument(
        _ url: URL, newPage: (size: Size, paper: Color), reading: @escaping ProgressHandler
    ) throws -> (DocumentFile, notice: StatusMessage?) {
        if url.pathExtension.lowercased() == "ora" { return try importOpenRaster(url) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            return (try DocumentFile.create(at: url, size: newPage.size, background: newPage.paper), nil)
        }
        var opened: Result<DocumentFile, StoreError>
        // A window closing on this drawing holds it a moment longer, writing its paint for this opening: waited for.
        let patience = ContinuousClock.now + lockPatience
        repeat {
            do throws(StoreError) { opened = .success(try DocumentFile.open(at: url, progress: reading)) } catch {
                opened = .failure(error)
            }
            guard case .failure(let error) = opened, error.kind == .inUse, ContinuousClock.now < patience else { break }
            usleep(100_000)
        } while true
        switch opened {
        case .success(let file):
            return (file, nil)
        case .failure(let error) where error.kind == .readOnly:
            // Nothing can be saved beside it: the changes go to a copy among the user's own drawings.
            let folder = AutosaveLocation.url().deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = FileNames.unused(folder.appendingPathComponent(url.lastPathComponent))
            let file = try DocumentFile.openCopy(of: url, at: copy)
            let notice = StatusMessage(
                .warning, "\(url.lastPathComponent) is on a read-only disk: changes go to a copy, \(copy.path)")
            return (file, notice)
        case .failure(let error) where error.kind != .inUse:
            // A file that cannot be read never keeps the window from opening: it is left as it is, and the drawing
            // starts afresh beside it.
            let fresh = try createFresh(named: url)
            let notice = StatusMessage(
                .error,
                "\(url.lastPathComponent) cannot be opened (\(error.message)); it is left as it is, and this is a new "
                    + "drawing, \(fresh.url.path)")
            return (fresh, notice)
        case .failure:
            let copy = FileNames.unused(url)
            let file = try DocumentFile.openCopy(of: url, at: copy)
            let notice = StatusMessage(
                .warning,
                "\(url.lastPathComponent) is open in another window: this is a copy, \(copy.lastPathComponent)")
            return (file, notice)
        }
    }

    /// A new document named after `url`: beside it (`drawing-2.maliang`), or among the user's drawings when its
    /// folder cannot be written.
    static func createFresh(named url: URL) throws -> DocumentFile {
        let size = Size(width: 4096, height: 3072)
        do throws(StoreError) {
            return try DocumentFile.create(at: FileNames.unused(url), size: size)
        } catch {
            let folder = AutosaveLocation.url().deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try DocumentFile.create(
                at: FileNames.unused(folder.appendingPathComponent(url.lastPathComponent)), size: size)
        }
    }

    /// Dark or light as the desktop prefers, now and whenever it changes.
    private func followColorScheme() {
        if let reason = desktop.settings.unavailable { log("the window stays dark: \(reason)") }
        desktop.settings.onColorScheme = { [unowned self] scheme in
            let chosen = WindowTheme(scheme)
            log("colour scheme: \(chosen)")
            guard chosen != chrome.theme else { return }
            chrome.theme = chosen
            presenter.request()
        }
        desktop.settings.onTextScale = { [unowned self] scale in
            log("text scale: \(scale)")
            dispatch(session.setTextScale(scale))
        }
    }

    /// Runs until the window is closed or the process is asked to terminate; `insert` names PNG images to place
    /// first. Returns the exit status: non-zero when something could not be saved.
    public func run(inserting insert: [String] = []) -> Int32 {
        for path in insert { dispatch(session.insertImage(file: URL(fileURLWithPath: path))) }
        let termination = TerminationSignal.install()
        if termination >= 0 { _ = loop.watch(termination) { [unowned self] _ in running = false } }
        reportStatistics()
        var failure: String?
        do {
            try connection.flush()
            while running {
                // Work left for idle time (the composed page out of view after a layer was faded) goes a few tiles
                // at a time, once 8 ms pass without an event: a drag in progress is not held up by it.
                let idle = renderer.hasIdleWork && !idleWorkFailed
                let waited = ContinuousClock.now
                try loop.turn(maximumWait: .milliseconds(idle ? 8 : 250))
                if running, ContinuousClock.now - waited >= .milliseconds(8) {
                    if idle { doIdleWork() } else { giveBackIdleMemory() }
                }
                // A window this one started that has ended is collected now, not when another starts.
                desktop.launcher.reap()
            }
            failure = stopReason
            log("closing")
        } catch {
            failure = error.description
            // Nothing more is drawn on a connection that failed.
            running = false
        }
        if let timeLapse, timeLapse.cancel() {
            // Its window is going: it stops, leaving no file, and says so where it can.
            timeLapse.stopAndWait()
            FileHandle.standardError.write(
                Data(
                    "maliang: the time-lapse \(timeLapse.output.lastPathComponent) was stopped as the window closed\n"
                        .utf8))
        }
        // Closing never loses work: a stroke in flight is committed, then everything waiting is written.
        canvas.finishStrokes()
        // The window goes at once; the rest (the brushes, anything waiting, the paint kept for a quick next opening)
        // is written after it, while maliang still holds the file.
        if failure == nil {
            keepWindowSize()
            takeDownWindow()
        }
        do throws(StoreError) { try desktop.brushStyle.save(session.keptBetweenSessions) } catch {
            // The window is closing: standard error is the one place left to say it.
            FileHandle.standardError.write(Data("maliang: the brushes in use are not kept: \(error.message)\n".utf8))
        }
        let saving = applier.retrySaving()
        // With the drawing in the file, its paint goes there too, so that opening it again is quick.
        if saving == .saved, canvas.keepPaint() { log("the paint is kept in \(file.url.path)") }
        if saving == .saved {
            // Where the drawing was left, for its next opening; a failure loses nothing of the drawing.
            do throws(StoreError) { try file.keepView(session.viewPlacement) } catch {
                // The window is closing: standard error is the one place left to say it.
                FileHandle.standardError.write(
                    Data("maliang: the view is not kept for the next opening: \(error.message)\n".utf8))
            }
        }
        if failure == nil {
            file.close()
            connection.close()
        }
        return exitStatus(failure: failure, saving: saving)
    }

    /// Says what became of the drawing, truthfully, and returns the exit status.
    private func exitStatus(failure: String?, saving: SaveQueue.State) -> Int32 {
        var lines: [String] = []
        if let openFailure { lines.append(openFailure) }
        if let failure { lines.append(failure) }
        switch saving {
        case .saved:
            if failure != nil { lines.append("the drawing is saved in \(file.url.path)") }
        case .waiting(let edits, let error):
            let what = edits == 0 ? "the drawing" : edits == 1 ? "1 change" : "\(edits) changes"
            lines.append("\(what) could not be saved to \(file.url.path): \(error.message)")
        }
        let unreadable = Set(file.unreadableStrokes).count
        if unreadable > 0 {
            lines.append(Self.unreadableStrokesText(unreadable, in: file.url) + " (still in the file)")
        }
        for line in lines { FileHandle.standardError.write(Data("maliang: \(line)\n".utf8)) }
        return failure == nil && openFailure == nil && saving == .saved && unreadable == 0 ? 0 : 1
    }

    /// The window's size for the next one (a fullscreen window's is the screen's: the size before is kept then);
    /// a failure costs only the size, said on standard error.
    private func keepWindowSize() {
        guard window.isConfigured, !window.isFullscreen else { return }
        var kept = desktop.windowSize.load() ?? KeptWindow(width: window.width, height: window.height, maximized: false)
        kept.maximized = window.isMaximized
        // A maximised window's size is the screen's: the size it had before is the one to come back to.
        if !window.isMaximized {
            kept.width = window.width
            kept.height = window.height
        }
        do throws(StoreError) { try desktop.windowSize.save(kept) } catch {
            FileHandle.standardError.write(Data("maliang: the window's size is not kept: \(error.message)\n".utf8))
        }
    }

    /// Takes the window down in reverse order of making it: the frames' images before the surface they show on. What is
    /// queued is sent without waiting for the compositor: it may be the one going away.
    private func takeDownWindow() {
        presenter.frameSurface.close()
        devices.destroy()
        window.destroy()
        _ = try? connection.flush()
    }

    /// Composes a few of the tiles left for idle time. A failure is said once, and idle time then rests: what a
    /// frame or an export needs is composed then anyway.
    private func doIdleWork() {
        do { _ = try renderer.doIdleWork() } catch {
            idleWorkFailed = true
            applier.post(StatusMessage(.error, "Cannot compose the layers: \(error)"))
            stopIfDeviceLost(error)
        }
    }

    /// Memory kept only for speed goes back while the window is quiet (at most every 10 s).
    private func giveBackIdleMemory() {
        let kept = idleMemoryReturn.returnIfDue(renderer)
        if kept > 0 { log("gave back \(kept >> 20) MiB kept since the last large bake") }
    }

    /// A lost device draws nothing more: the window closes with everything saved (the exit message says where),
    /// rather than going on blind. Starting again picks a device afresh and draws the drawing from its file.
    func stopIfDeviceLost(_ error: any Error) {
        guard let error = error as? VulkanError, error.isDeviceLost, stopReason == nil else { return }
        stopReason = "the graphics device was lost (\(error)); start maliang again to go on with the drawing"
        running = false
    }

    /// With MALIANG_STATS=SECONDS, writes what the window holds every SECONDS to standard error (for soak runs and
    /// for finding where memory goes): paint tiles, undo copies, device memory, frames presented, elements, and what
    /// malloc holds in use and keeps free (resident memory that grows while they stay flat is the allocator's, not
    /// the drawing's).
    private func reportStatistics() {
        guard let text = ProcessInfo.processInfo.environment["MALIANG_STATS"], let seconds = Double(text),
            seconds >= 0.1
        else { return }
        let interval = Duration.milliseconds(Int64(seconds * 1000))
        _ = loop.schedule(after: interval, every: interval) { [unowned self] in
            let statistics = renderer.statistics
            let line =
                "maliang stats: paint tiles \(statistics.paintTiles), undo tiles \(statistics.undoTiles), "
                + "device memory \(statistics.deviceMemory >> 20) MiB, frames \(presenter.framesPresented), "
                + "elements \(session.document.elements.count), heap in use \(ml_heap_bytes_in_use() >> 20) MiB, "
                + "heap free \(ml_heap_bytes_free() >> 20) MiB\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    func log(_ message: @autoclosure () -> String) {
        guard logsLifecycle else { return }
        FileHandle.standardError.write(Data("maliang: \(message())\n".utf8))
    }
}
