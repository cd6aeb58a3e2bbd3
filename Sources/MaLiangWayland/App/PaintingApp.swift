import Foundation
import MaLiang
import MaLiangStore
import MaLiangVulkan
import WaylandClient
import WaylandProtocol

/// The painting window: a document, its canvas on a Vulkan swapchain, and every input a pen tablet, a touchscreen,
/// a mouse and a keyboard give. One thread owns Wayland and Vulkan.
public final class PaintingApp {
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    let connection: WaylandConnection
    let loop: EventLoop
    let registry: WaylandRegistry
    let file: DocumentFile
    let canvas: Canvas
    let swapchainContext: VulkanContext
    var document: Document { file.document }

    // Globals.
    var compositor: WlCompositor?
    var shm: WlShm?
    var wmBase: XdgWmBase?
    var decorationManager: ZxdgDecorationManagerV1?
    var seat: WlSeat?
    var tabletManager: ZwpTabletManagerV2?
    var tabletSeat: ZwpTabletSeatV2?
    var viewporter: WpViewporter?
    var fractionalScaleManager: WpFractionalScaleManagerV1?
    var gestures: ZwpPointerGesturesV1?
    var outputs: [ObjectIdentifier: (output: WlOutput, scale: Int32)] = [:]

    // The window.
    var window: WindowState?
    var swapchain: Swapchain?
    var view = ViewTransform()
    var needsFrame = true
    /// What changed since the last frame, in buffer pixels; nil: everything.
    var damage: [(Int, Int, Int, Int)]?
    var repaints = RepaintTracker()
    var waitingForFrame = false
    var running = true

    // Input.
    var pointer: WlPointer?
    var keyboardObject: WlKeyboard?
    var touch: WlTouch?
    let keyboard = Keyboard()
    var tools: [ObjectIdentifier: ToolState] = [:]
    var touches = TouchTracker()
    var lastPenProximity: ContinuousClock.Instant?
    var pointerState = PointerState()
    var latestSerial: UInt32 = 0
    let toolbar: Toolbar
    var style = BrushStyle()
    var selectedChartlet: ElementID?
    var chartletDrag: ChartletDrag?
    /// The next press on the canvas picks a colour instead of drawing.
    var pickingColor = false
    var lastTitlePress: ContinuousClock.Instant?
    /// Two fingers are moving the selected image.
    var fingersOnChartlet = false
    var dataDevice: WlDataDevice?
    var offers: [ObjectIdentifier: Offer] = [:]
    var dragOffer: Offer?
    var clipboardOffer: Offer?
    var dropPoint = (x: 0.0, y: 0.0)
    /// With MALIANG_LOG=1, what the window goes through is written to standard error (tests and bug reports).
    let logsLifecycle = ProcessInfo.processInfo.environment["MALIANG_LOG"] == "1"
    var framesPresented = 0
    let cursorSurfaces = CursorSurfaces()
    var statusMessage: String?

    /// Opens `path` (created when missing), or the autosave document when `path` is nil.
    public init(path: String?, penOnly: Bool = false) throws {
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
        registry = WaylandRegistry(connection: connection)
        let url = path.map { URL(fileURLWithPath: $0) } ?? AutosaveLocation.url()
        if FileManager.default.fileExists(atPath: url.path) {
            file = try DocumentFile.open(at: url)
        } else {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            file = try DocumentFile.create(at: url, size: Size(width: 4096, height: 3072))
        }
        var options = VulkanContext.Options()
        options.instanceExtensions = Swapchain.instanceExtensions
        options.deviceExtensions = Swapchain.deviceExtensions
        options.optionalDeviceExtensions = Swapchain.optionalDeviceExtensions
        swapchainContext = try VulkanContext(options: options)
        canvas = try Canvas(document: file.document, context: swapchainContext)
        toolbar = try Toolbar(canvas: canvas)
        try connection.roundtrip()
        try bindGlobals()
        window = try makeWindow()
        // One document pixel per buffer pixel, just below the toolbar: strokes land exactly under the pen.
        view = ViewTransform(scale: 1, offsetX: 0, offsetY: Toolbar.height)
        file.onFailure = { [unowned self] error in statusMessage = "Not saved: \(error.message)" }
        touches.penOnly = penOnly
        document.addObserver { [unowned self] _, _ in requestFrame() }
    }

    /// Runs until the window is closed or the process is asked to terminate; `insert` names PNG images to place
    /// first. Returns the exit status.
    public func run(inserting insert: [String] = []) -> Int32 {
        for path in insert {
            do { try insertImage(at: path) } catch {
                FileHandle.standardError.write(Data("maliang: cannot insert \(path): \(error)\n".utf8))
            }
        }
        let termination = TerminationSignal.install()
        if termination >= 0 { loop.watch(termination) { [unowned self] _ in running = false } }
        do {
            try connection.flush()
            while running { try loop.turn(maximumWait: .milliseconds(250)) }
            log("closing")
            finishStrokes()
            // Send what is queued without waiting for the compositor: it may be the one going away.
            _ = try? connection.flush()
        } catch {
            finishStrokes()
            FileHandle.standardError.write(
                Data("maliang: \(error.description); the drawing is saved in \(file.url.path)\n".utf8))
            return 1
        }
        shutDown()
        return 0
    }

    /// Commits any stroke in progress: closing never loses work.
    func finishStrokes() {
        if canvas.isDrawing { _ = try? canvas.endStroke() }
    }

    private func shutDown() {
        swapchain = nil
        // The cursor theme's buffers are proxies of this connection: free them before it closes.
        cursorSurfaces.destroyTheme()
        window?.destroy()
        file.close()
        connection.close()
    }

    private func bindGlobals() throws {
        func bind<Object: WaylandObject & WaylandInterface>(_ type: Object.Type, maximum: UInt32 = .max) -> Object? {
            registry.first(type).map { registry.bind($0, type, maximumVersion: maximum) }
        }
        compositor = bind(WlCompositor.self, maximum: 5)
        shm = bind(WlShm.self)
        wmBase = bind(XdgWmBase.self)
        guard compositor != nil, shm != nil, let wmBase else {
            throw LaunchError(description: "the compositor lacks wl_compositor, wl_shm or xdg_wm_base")
        }
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        decorationManager = bind(ZxdgDecorationManagerV1.self)
        viewporter = bind(WpViewporter.self)
        fractionalScaleManager = bind(WpFractionalScaleManagerV1.self)
        gestures = bind(ZwpPointerGesturesV1.self, maximum: 1)
        for global in registry.globals.values where global.interface == WlOutput.interfaceName { addOutput(global) }
        if let global = registry.first(WlSeat.self) { setSeat(registry.bind(global, WlSeat.self, maximumVersion: 7)) }
        if let global = registry.first(ZwpTabletManagerV2.self) {
            tabletManager = registry.bind(global, ZwpTabletManagerV2.self, maximumVersion: 1)
            makeTabletSeatIfReady()
        }
        registry.onGlobal = { [unowned self] global in
            switch global.interface {
            case WlOutput.interfaceName: addOutput(global)
            case WlSeat.interfaceName where seat == nil: setSeat(registry.bind(global, WlSeat.self, maximumVersion: 7))
            case ZwpTabletManagerV2.interfaceName where tabletManager == nil:
                tabletManager = registry.bind(global, ZwpTabletManagerV2.self, maximumVersion: 1)
                makeTabletSeatIfReady()
            default: break
            }
        }
        registry.onGlobalRemoved = { [unowned self] global in
            if global.interface == WlOutput.interfaceName { requestFrame() }
        }
    }

    private func addOutput(_ global: WaylandRegistry.Global) {
        let output = registry.bind(global, WlOutput.self, maximumVersion: 4)
        let key = ObjectIdentifier(output)
        outputs[key] = (output, 1)
        output.onEvent = { [unowned self] event in
            if case .scale(let factor) = event {
                outputs[key]?.scale = factor
                window?.outputScaleChanged()
            }
        }
    }

    func log(_ message: @autoclosure () -> String) {
        guard logsLifecycle else { return }
        FileHandle.standardError.write(Data("maliang: \(message())\n".utf8))
    }

    /// Requests a redraw of everything: drawn now, or at the next frame callback when one is pending.
    func requestFrame() {
        damage = nil
        needsFrame = true
        if !waitingForFrame { drawFrame() }
    }

    /// Requests a redraw where only `rectangle` (buffer pixels x, y, width, height) changed.
    func requestFrame(damage rectangle: (Int, Int, Int, Int)) {
        if !needsFrame { damage = [] }
        damage?.append(rectangle)
        needsFrame = true
        if !waitingForFrame { drawFrame() }
    }
}
