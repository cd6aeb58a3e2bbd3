import WaylandProtocol
import WaylandServer

/// An xdg_toplevel window.
public final class Toplevel {
    public let surface: Surface
    let xdgSurface: XdgSurfaceResource
    let toplevel: XdgToplevelResource
    public internal(set) var title: String?
    public internal(set) var appID: String?
    /// Serial of the last configure sent, and of the last one the client acknowledged.
    public internal(set) var configureSerial: UInt32 = 0
    public internal(set) var ackedSerial: UInt32?
    /// Mapped: a buffer committed after acknowledging a configure.
    public internal(set) var isMapped = false
    public internal(set) var wantsFullscreen = false
    public internal(set) var wantsMaximized = false
    /// How many times the client asked to be minimised.
    public internal(set) var minimizeRequests = 0
    /// The edges of the interactive resizes the client asked for, in order.
    public internal(set) var resizeRequests: [XdgToplevelResizeEdge] = []
    /// The part of its surface that is the window (xdg_surface.set_window_geometry), as of its last commit; nil
    /// when never set (then it is the surface and its sub-surfaces).
    public internal(set) var windowGeometry: Rectangle?
    var pendingWindowGeometry: Rectangle?

    init(surface: Surface, xdgSurface: XdgSurfaceResource, toplevel: XdgToplevelResource) {
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
    }

    /// The client's latest committed pixels.
    public var image: Image? { surface.image }
}

extension ScriptedCompositor {
    /// Pings every client's shell: a client answers after handling every event sent before, so
    /// ``answeredPing(_:)`` turning true means the client has acted on all of them. Returns the ping's serial.
    public func ping() -> UInt32 {
        shell.pingSerial &+= 1
        for base in shell.wmBases where base.isAlive { base.ping(serial: shell.pingSerial) }
        flush()
        return shell.pingSerial
    }

    /// Whether a client answered the ping `serial` (or a later one).
    public func answeredPing(_ serial: UInt32) -> Bool { shell.lastPong.map { $0 >= serial } ?? false }

    func advertiseShell() -> any WithdrawableGlobal {
        WaylandGlobal<XdgWmBaseResource>(display, version: options.version(of: .xdgWmBase, newest: 5)) {
            [unowned self] base in
            shell.wmBases.append(base)
            base.onRequest = { [unowned self] request in
                switch request {
                case .getXdgSurface(let xdgSurface, let surfaceResource):
                    guard let surface = surface(for: surfaceResource) else { return }
                    xdgSurface.onRequest = { [unowned self] request in
                        switch request {
                        case .getToplevel(let toplevel): makeToplevel(surface, xdgSurface, toplevel)
                        case .ackConfigure(let serial):
                            toplevels.first { $0.xdgSurface === xdgSurface }?.ackedSerial = serial
                        case .getPopup(let popup, _, _): popup.onRequest = { _ in }
                        case .setWindowGeometry(let x, let y, let width, let height):
                            toplevels.first { $0.xdgSurface === xdgSurface }?.pendingWindowGeometry = Rectangle(
                                x: x, y: y, width: width, height: height)
                        case .destroy: break
                        }
                    }
                case .createPositioner(let positioner): positioner.onRequest = { _ in }
                case .pong(let serial): shell.lastPong = max(shell.lastPong ?? 0, serial)
                case .destroy: break
                }
            }
        }
    }

    private func makeToplevel(_ surface: Surface, _ xdgSurface: XdgSurfaceResource, _ resource: XdgToplevelResource) {
        let window = Toplevel(surface: surface, xdgSurface: xdgSurface, toplevel: resource)
        surface.role = "xdg_toplevel"
        toplevels.append(window)
        resource.onDestroy = { [unowned self, unowned window] in toplevels.removeAll { $0 === window } }
        resource.onRequest = { [unowned window] request in
            switch request {
            case .setTitle(let title): window.title = title
            case .setAppId(let appID): window.appID = appID
            case .setFullscreen: window.wantsFullscreen = true
            case .unsetFullscreen: window.wantsFullscreen = false
            case .setMaximized: window.wantsMaximized = true
            case .unsetMaximized: window.wantsMaximized = false
            case .setMinimized: window.minimizeRequests += 1
            case .resize(_, _, let edges): window.resizeRequests.append(edges)
            default: break
            }
        }
        surface.onCommit = { [unowned self, weak window] in
            guard let window else { return }
            if let geometry = window.pendingWindowGeometry {
                window.windowGeometry = geometry
                window.pendingWindowGeometry = nil
            }
            if window.configureSerial == 0 {
                // The initial commit: answer with the first configure (size left to the client), after the bounds
                // the window should fit in.
                if let bounds = options.windowBounds {
                    window.toplevel.configureBounds(width: bounds.width, height: bounds.height)
                }
                configure(window, width: 0, height: 0)
            } else if window.ackedSerial != nil && window.surface.image != nil {
                window.isMapped = true
            }
        }
    }

    /// Sends a configure with `width`×`height` (0: the client chooses) and the given states.
    public func configure(_ window: Toplevel, width: Int32, height: Int32, states: [XdgToplevelState] = [.activated]) {
        var bytes: [UInt8] = []
        for state in states { withUnsafeBytes(of: state.rawValue.littleEndian) { bytes += $0 } }
        window.toplevel.configure(width: width, height: height, states: bytes)
        window.configureSerial = display.nextSerial()
        window.xdgSurface.configure(serial: window.configureSerial)
        flush()
    }

    /// Asks the window to close, as a click on its close button would.
    public func close(_ window: Toplevel) {
        window.toplevel.close()
        flush()
    }
}
