import CWaylandServer
import Glibc
import Synchronization
import WaylandProtocol
import WaylandServer

private let socketCounter = Atomic<Int>(0)

/// A small Wayland compositor for tests: it shows nothing, records what clients commit (pixels readable,
/// dumpable as PNG), and sends exactly the input events a test or a script asks for — including the adversarial
/// orders real compositors produce. Single-threaded: call ``dispatch(timeoutMilliseconds:)`` to let it work.
public final class ScriptedCompositor {
    /// The globals it can advertise. The order of ``Options/globals`` is the order clients see them announced.
    public enum Global: String, CaseIterable, Sendable {
        case compositor = "wl_compositor"
        case output = "wl_output"
        case xdgWmBase = "xdg_wm_base"
        case seat = "wl_seat"
        case tabletManager = "zwp_tablet_manager_v2"
        case presentation = "wp_presentation"
        case dataDeviceManager = "wl_data_device_manager"
        /// Fractional scaling (with ``Options/fractionalScale``): surfaces sized through a viewport, and the scale
        /// a client should draw at.
        case viewporter = "wp_viewporter"
        case fractionalScaleManager = "wp_fractional_scale_manager_v1"
        /// xdg-foreign: windows exported for other programs' dialogs to stand on.
        case exporter = "zxdg_exporter_v2"
        /// xdg-foreign's first version, all mutter 43 (Debian 12's GNOME) offers.
        case exporterV1 = "zxdg_exporter_v1"
        /// Text from an input method (an on-screen keyboard), which the test plays.
        case textInputManager = "zwp_text_input_manager_v3"
        /// Sub-surfaces: a surface placed on another (a window's shadow under it).
        case subcompositor = "wl_subcompositor"

        /// What a compositor without fractional scaling offers (the default).
        public static let standard: [Global] = [
            .compositor, .output, .xdgWmBase, .seat, .tabletManager, .presentation, .dataDeviceManager, .exporter,
            .subcompositor,
        ]
    }

    public struct Options: Sendable {
        /// Globals in announcement order; `wl_shm` always comes first (libwayland creates it).
        public var globals: [Global] = Global.standard
        /// Output size in pixels and integer scale.
        public var outputWidth: Int32 = 1920
        public var outputHeight: Int32 = 1080
        public var outputScale: Int32 = 1
        /// The work area told to windows before their first configure (xdg_toplevel.configure_bounds, logical
        /// pixels); nil tells none.
        public var windowBounds: (width: Int32, height: Int32)?
        /// A fractional scale (1.5: three buffer pixels for two surface pixels) told to clients through
        /// wp_fractional_scale_v1, which is then offered with wp_viewporter; nil for integer scales only.
        public var fractionalScale: Double?
        /// Socket name under `$XDG_RUNTIME_DIR`; `nil` picks one unique to this compositor.
        public var socketName: String?
        /// Versions to advertise instead of the newest this compositor speaks (an old compositor), by global.
        public var versions: [Global: UInt32] = [:]
        /// Whether a surface's buffer is held until the next one replaces it (as a compositor that reads it while
        /// showing it does), rather than released at once: a client must then draw into another.
        public var holdsBuffers = false

        public init() {}

        /// The version `global` is advertised at: the one asked for in ``versions`` (at least 1, at most
        /// `newest`), else `newest`.
        func version(of global: Global, newest: UInt32) -> UInt32 {
            versions[global].map { min(max($0, 1), newest) } ?? newest
        }
    }

    public let display: WaylandServerDisplay
    public let options: Options
    /// The socket clients connect to (set `WAYLAND_DISPLAY` to it).
    public var socketName: String { display.socketName }

    var surfaces: [ObjectIdentifier: Surface] = [:]
    /// Toplevel windows in creation order.
    public internal(set) var toplevels: [Toplevel] = []
    /// Toplevels exported so far (xdg-foreign), to make each handle new.
    var exportCount = 0
    /// The seat's resources clients hold.
    var inputs = SeatResources()
    var tablet = TabletState()
    var presentation = PresentationState()
    /// The xdg_wm_base objects and their pings.
    var shell = ShellPings()
    var outputs: [WlOutputResource] = []
    /// The clients' text inputs (zwp_text_input_v3).
    var textInputs: [TextInput] = []
    var fractionalScales: [WpFractionalScaleV1Resource] = []
    /// Regions being built and sub-surfaces placed.
    var composition = CompositionState()
    /// The outputs' integer scale (``Options/outputScale`` until ``setOutputScale(_:)``).
    public internal(set) var outputScale: Int32
    /// Every commit of every surface, counted.
    public internal(set) var commitCount = 0
    /// ``commitCount`` when a client last asked for a tablet seat: a client that shows something before it takes the
    /// tablets (a drawing's window, while the drawing opens) commits again once it has.
    public internal(set) var commitsBeforeLastTabletSeat = 0
    /// Whether the focused window's client is ready for input: its window mapped, its tablet seat taken, and a
    /// commit since (the drawing, not the opening it shows before).
    public var clientIsReady: Bool {
        focusedToplevel != nil && tabletSeatCount > 0 && commitCount > commitsBeforeLastTabletSeat
    }
    /// Called after every surface commit has been applied (for measurements).
    public var onCommit: ((Surface) -> Void)?
    /// The presentation clock, in nanoseconds, under the test's control (CLOCK_MONOTONIC base when not set).
    public var presentationClock: UInt64?

    public init(options: Options = Options()) throws {
        self.options = options
        outputScale = options.outputScale
        do {
            display = try WaylandServerDisplay(socketName: options.socketName ?? Self.uniqueSocketName())
        } catch {
            throw CompositorError("cannot start the test compositor: \(error)")
        }
        for global in options.globals { advertise(global) }
        if options.fractionalScale != nil {
            for global in [Global.viewporter, .fractionalScaleManager] where !options.globals.contains(global) {
                advertise(global)
            }
        }
    }

    /// Tests start many compositors at once: a name per process and instance avoids contending for the shared
    /// `wayland-N` lock files.
    private static func uniqueSocketName() -> String {
        "maliang-test-\(getpid())-\(socketCounter.add(1, ordering: .relaxed).newValue)"
    }

    /// The advertised globals, to withdraw them later.
    var advertised: [(global: Global, handle: any WithdrawableGlobal)] = []

    /// Advertises one more global now (to test globals that arrive late).
    public func advertise(_ global: Global) {
        let handle: any WithdrawableGlobal =
            switch global {
            case .compositor: advertiseCompositor()
            case .output: advertiseOutput()
            case .xdgWmBase: advertiseShell()
            case .seat: advertiseSeat()
            case .tabletManager: advertiseTabletManager()
            case .presentation: advertisePresentation()
            case .dataDeviceManager: advertiseDataDeviceManager()
            case .viewporter: advertiseViewporter()
            case .fractionalScaleManager: advertiseFractionalScaleManager()
            case .exporter: advertiseExporter()
            case .exporterV1: advertiseExporterV1()
            case .textInputManager: advertiseTextInputManager()
            case .subcompositor: advertiseSubcompositor()
            }
        advertised.append((global, handle))
    }

    /// Withdraws every advertised instance of `global` (clients get `global_remove`, as when an output is
    /// unplugged); objects already bound stay usable.
    public func withdraw(_ global: Global) {
        for entry in advertised where entry.global == global { entry.handle.remove() }
        advertised.removeAll { $0.global == global }
        flush()
    }

    /// Handles client requests for up to `timeoutMilliseconds`, then flushes events to every client.
    public func dispatch(timeoutMilliseconds: Int32 = 0) {
        display.dispatch(timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Sends queued events to the clients now, waiting (up to ten seconds, handling their requests meanwhile) for
    /// any client that has not read what it was sent: a script may send faster than a client reads, and libwayland
    /// would drop that client instead.
    public func flush() {
        display.flush()
        let deadline = ContinuousClock.now + .seconds(10)
        while display.someClientIsBehind && ContinuousClock.now < deadline { display.dispatch(timeoutMilliseconds: 1) }
    }

    /// The toplevel input goes to: the newest mapped one.
    public var focusedToplevel: Toplevel? { toplevels.last { $0.isMapped && $0.surface.resource.isAlive } }

    /// Disconnects every client.
    public func shutDown() { display.shutDown() }

    func surface(for resource: WlSurfaceResource) -> Surface? { surfaces[ObjectIdentifier(resource)] }

    func nowMilliseconds() -> UInt32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt32(truncatingIfNeeded: time.tv_sec * 1000 + time.tv_nsec / 1_000_000)
    }
}

/// A failure of the test compositor or of a script; the message says what and where.
public struct CompositorError: Error, CustomStringConvertible, Equatable {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The seat's objects clients hold, and what the seat offers now.
struct SeatResources {
    var seats: [WlSeatResource] = []
    var pointers: [WlPointerResource] = []
    var keyboards: [WlKeyboardResource] = []
    var touches: [WlTouchResource] = []
    var dataDevices: [WlDataDeviceResource] = []
    /// The MIME types each client's data source offers, by source.
    var sourceOffers: [ObjectIdentifier: [String]] = [:]
    /// The source a client made the clipboard's selection, if any.
    var clipboardSource: WlDataSourceResource?
    /// The surface a client last made its pointer's cursor, and how often one was set.
    var pointerCursor: WlSurfaceResource?
    var pointerCursorSetCount = 0
    /// What the seat offers now (``ScriptedCompositor/setSeatCapabilities(_:)`` changes it).
    var capabilities: WlSeatCapability = [.pointer, .keyboard, .touch]
    /// The keymap keyboards get, made when the first one binds.
    var keymap: Keymap?
}

/// Feedback asked for by surfaces, answered when their next commit is presented.
struct PresentationState {
    var feedbacks: [(surface: ObjectIdentifier, feedback: WpPresentationFeedbackResource)] = []
    /// The count of presentations so far (the protocol's sequence).
    var sequence: UInt64 = 0
}

/// The xdg_wm_base objects and the pings sent to them.
struct ShellPings {
    var wmBases: [XdgWmBaseResource] = []
    var pingSerial: UInt32 = 0
    var lastPong: UInt32?
}
