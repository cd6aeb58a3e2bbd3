import Foundation
import MaLiangEditor
import WaylandClient
import WaylandProtocol

/// The xdg_toplevel window: size, scale, decorations and states, applied in one place when a configure is
/// acknowledged.
final class WindowState {
    let surface: WlSurface
    let xdgSurface: XdgSurface
    let toplevel: XdgToplevel
    var decoration: ZxdgToplevelDecorationV1?
    var viewport: WpViewport?
    /// Ends the window's export for other programs' windows (the portal's file dialogs) to stand on; it holds the
    /// exported object (xdg-foreign's second version, or its first on mutter 43).
    private var unexport: (() -> Void)?
    /// The exported window's handle, once the compositor gave it ("wayland:" and it is a portal's parent_window).
    private(set) var exportedHandle: String?
    var fractionalScale: WpFractionalScaleV1?
    /// The shadow under our own decorations, where the compositor places sub-surfaces.
    private var shadow: WindowShadow?
    /// What the window's frame was last prepared for (``prepareFrame(roundedCorners:)``).
    private var preparedFrame: PreparedFrame?
    /// The largest buffer side drawn, and the largest scale. A compositor may ask for any size; xdg-shell lets a
    /// window be smaller than asked, and one wider than 8K or scaled beyond 8 is not one anyone sees.
    static let largestBufferSide = 8192
    static let scales = 0.25...8.0
    /// The size and states the compositor asks for, applied when acknowledged.
    private var configure = ToplevelConfigure()
    /// Logical size (surface coordinates): as asked, within ``largestBufferSide`` buffer pixels.
    var width: Int32 { fitted(configure.width) }
    var height: Int32 { fitted(configure.height) }
    var isConfigured: Bool { configure.isConfigured }
    var isFullscreen: Bool { configure.isFullscreen }
    var isMaximized: Bool { configure.isMaximized }
    /// Whether the compositor draws the title bar (KDE, sway); otherwise the toolbar is ours to drag and close.
    private(set) var serverSideDecorations = false
    /// Buffer pixels per surface coordinate: fractional-scale-v1 when offered, else the outputs' integer scale.
    private(set) var scale = 1.0
    var entered: Set<ObjectIdentifier> = []
    var onChange: (() -> Void)?
    var onClose: (() -> Void)?

    /// The integer scale of the outputs the window is on (from the outputs the shell keeps).
    var outputScale: (Set<ObjectIdentifier>) -> Int32 = { _ in 1 }
    /// Whether the compositor can be told the buffer's scale (wl_surface.set_buffer_scale, version 3).
    private let canScaleBuffer: Bool
    private let compositor: WlCompositor

    /// `kept`: the size (and maximised state) the last window was closed with, the first size before the output's
    /// and the compositor's limits.
    init(globals: Globals, kept: KeptWindow? = nil) {
        let wmBase = globals.wmBase
        let decorations = globals.decorationManager
        let viewporter = globals.viewporter
        let fractional = globals.fractionalScaleManager
        canScaleBuffer = globals.compositor.version >= 3
        compositor = globals.compositor
        surface = globals.compositor.createSurface()
        shadow = WindowShadow(globals: globals, under: surface)
        xdgSurface = wmBase.getXdgSurface(surface: surface)
        toplevel = xdgSurface.getToplevel()
        toplevel.setTitle(title: Self.title(for: nil))
        toplevel.setAppId(appId: "org.maliang.MaLiang")
        toplevel.setMinSize(width: Self.minimumSize.width, height: Self.minimumSize.height)
        if let kept {
            configure.prefer(width: kept.width, height: kept.height)
            if kept.maximized { toplevel.setMaximized() }
        }
        if let decorations {
            let decoration = decorations.getToplevelDecoration(toplevel: toplevel)
            decoration.setMode(mode: .serverSide)
            decoration.onEvent = { [unowned self] event in
                if case .configure(let mode) = event { serverSideDecorations = mode == .serverSide }
            }
            self.decoration = decoration
        }
        if let exporter = globals.exporter {
            let exported = exporter.exportToplevel(surface: surface)
            exported.onEvent = { [unowned self] event in
                if case .handle(let handle) = event { exportedHandle = handle }
            }
            unexport = { exported.destroy() }
        } else if let exporter = globals.exporterV1 {
            let exported = exporter.export(surface: surface)
            exported.onEvent = { [unowned self] event in
                if case .handle(let handle) = event { exportedHandle = handle }
            }
            unexport = { exported.destroy() }
        }
        if let viewporter, let fractional {
            viewport = viewporter.getViewport(surface: surface)
            let scaleObject = fractional.getFractionalScale(surface: surface)
            scaleObject.onEvent = { [unowned self] event in
                if case .preferredScale(let value) = event {
                    scale = min(max(Double(value) / 120, Self.scales.lowerBound), Self.scales.upperBound)
                    onChange?()
                }
            }
            fractionalScale = scaleObject
        }
        surface.onEvent = { [unowned self] event in
            switch event {
            case .enter(let output): entered.insert(ObjectIdentifier(output))
            case .leave(let output): entered.remove(ObjectIdentifier(output))
            default: break
            }
            outputScaleChanged()
        }
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, let states):
                configure.receive(width: width, height: height, states: states)
            case .configureBounds(let width, let height):
                configure.receiveBounds(width: width, height: height)
            case .close: onClose?()
            default: break
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            guard case .configure(let serial) = event else { return }
            configure.apply()
            xdgSurface.ackConfigure(serial: serial)
            onChange?()
        }
        surface.commit()
    }

    /// The size the window takes when the compositor leaves it to the window, logical pixels.
    static let defaultSize: (width: Int32, height: Int32) = (1280, 800)
    static let minimumSize: (width: Int32, height: Int32) = (320, 240)

    /// Makes the window's own size fit an output of `width`×`height` logical pixels (nine tenths of it at most), so
    /// the first window on a small or scaled screen is not larger than the screen.
    func fitDefaultSize(toOutput width: Int32, _ height: Int32) {
        if configure.fitDefault(toOutput: width, height), isConfigured { onChange?() }
    }

    /// The document the title names (it changes when the drawing goes on in a copy).
    private var titledDocument: URL?

    /// Names the document in the title: "drawing — MaLiang".
    func showTitle(for document: URL) {
        guard document != titledDocument else { return }
        titledDocument = document
        toplevel.setTitle(title: Self.title(for: document))
    }

    static func title(for document: URL?) -> String {
        guard let document else { return "MaLiang" }
        return "\(document.deletingPathExtension().lastPathComponent) — MaLiang"
    }

    /// Re-reads the integer scale of the outputs the window is on (without fractional scaling).
    func outputScaleChanged() {
        guard fractionalScale == nil, canScaleBuffer else { return }
        let integer = Double(min(max(outputScale(entered), 1), Int32(Self.scales.upperBound)))
        if integer != scale {
            scale = integer
            onChange?()
        }
    }

    /// The window as the editing core sees it.
    var metrics: WindowMetrics {
        WindowMetrics(width: Double(width), height: Double(height), scale: scale, showsClose: !serverSideDecorations)
    }

    /// An output went away: it no longer counts for the scale.
    func forget(output: ObjectIdentifier) {
        entered.remove(output)
        outputScaleChanged()
    }

    private func fitted(_ side: Int32) -> Int32 {
        max(1, min(side, Int32(Double(Self.largestBufferSide) / scale)))
    }

    /// Buffer size in pixels.
    var bufferWidth: Int { Int((Double(width) * scale).rounded(.up)) }
    var bufferHeight: Int { Int((Double(height) * scale).rounded(.up)) }

    /// Tells the compositor how the buffer maps to the surface; call before presenting a frame of a new size.
    func applyScale() {
        if let viewport {
            viewport.setDestination(width: width, height: height)
        } else if canScaleBuffer {
            surface.setBufferScale(scale: Int32(scale))
        }
    }

    /// Whether the window draws its own shadow and rounded corners, as a floating window with our own decorations
    /// does (not maximised, fullscreen or tiled, where its edges meet the screen's or another window's).
    var isFloatingWithOwnDecorations: Bool {
        !serverSideDecorations && !isFullscreen && !isMaximized && !configure.isTiled
    }

    /// Whether the surface is a window's shadow: input there is at the window's border, past its edges.
    func isShadow(_ other: WlSurface?) -> Bool { other != nil && other === shadow?.surface }

    /// Before a frame of the window's present size is committed: the shadow shown or hidden with it, the window's
    /// geometry (without the shadow, which would widen it), and the part that is opaque (all but cut corners).
    func prepareFrame(roundedCorners: Bool) {
        let floating = isFloatingWithOwnDecorations
        let key = PreparedFrame(
            width: width, height: height, scale: scale, floating: floating, roundedCorners: roundedCorners)
        guard key != preparedFrame else { return }
        preparedFrame = key
        if let shadow {
            if floating { shadow.show(width: width, height: height, scale: scale) } else { shadow.hide() }
            xdgSurface.setWindowGeometry(x: 0, y: 0, width: width, height: height)
        }
        let opaque = compositor.createRegion()
        if roundedCorners {
            let radius = Int32(ShadowPicture.radius.rounded(.up))
            opaque.add(x: 0, y: radius, width: width, height: max(height - 2 * radius, 0))
            opaque.add(x: radius, y: 0, width: max(width - 2 * radius, 0), height: height)
        } else {
            opaque.add(x: 0, y: 0, width: width, height: height)
        }
        surface.setOpaqueRegion(region: opaque)
        opaque.destroy()
    }

    func toggleFullscreen() {
        if isFullscreen { toplevel.unsetFullscreen() } else { toplevel.setFullscreen(output: nil) }
    }

    func toggleMaximized() {
        if isMaximized { toplevel.unsetMaximized() } else { toplevel.setMaximized() }
    }

    func destroy() {
        unexport?()
        unexport = nil
        fractionalScale?.destroy()
        viewport?.destroy()
        decoration?.destroy()
        shadow?.destroy()
        shadow = nil
        toplevel.destroy()
        xdgSurface.destroy()
        surface.destroy()
    }
}

/// What an xdg_toplevel configure asks for — size and states — held until its xdg_surface configure is
/// acknowledged, then applied all at once.
/// The size, scale and look a window's frame was prepared for: the shadow, geometry and opaque region change with it.
private struct PreparedFrame: Equatable {
    var width: Int32
    var height: Int32
    var scale: Double
    var floating: Bool
    var roundedCorners: Bool
}

struct ToplevelConfigure {
    /// The size in force, logical: the compositor's, or the window's own default.
    private(set) var width = WindowState.defaultSize.width
    private(set) var height = WindowState.defaultSize.height
    private(set) var isConfigured = false
    private(set) var isFullscreen = false
    private(set) var isMaximized = false
    /// Whether an edge of the window meets another window's or the screen's (tiled left, right, top or bottom).
    private(set) var isTiled = false
    /// Whether the compositor has chosen a size (then the window's own default no longer applies).
    private var sizedByCompositor = false
    /// The window's own size before the limits: the last window's, or the default.
    private var preferred = WindowState.defaultSize
    /// The largest size the compositor would like (configure_bounds: the work area, logical), 0 when unknown.
    private var boundsWidth: Int32 = 0
    private var boundsHeight: Int32 = 0
    /// The output's size, logical, 0 until one is known.
    private var outputWidth: Int32 = 0
    private var outputHeight: Int32 = 0
    private var pendingWidth: Int32 = 0
    private var pendingHeight: Int32 = 0
    private var pendingStates: [XdgToplevelState] = []

    /// An xdg_toplevel.configure: `states` is the protocol's array of 32-bit values.
    mutating func receive(width: Int32, height: Int32, states: [UInt8]) {
        pendingWidth = width
        pendingHeight = height
        pendingStates = stride(from: 0, to: states.count - 3, by: 4).map { index in
            XdgToplevelState(
                rawValue: UInt32(states[index]) | UInt32(states[index + 1]) << 8 | UInt32(states[index + 2]) << 16
                    | UInt32(states[index + 3]) << 24)
        }
    }

    /// The window's own size is `width`×`height` (held within 320×240 … 16384×16384) rather than the default.
    mutating func prefer(width: Int32, height: Int32) {
        preferred = (
            min(max(width, WindowState.minimumSize.width), 16384),
            min(max(height, WindowState.minimumSize.height), 16384)
        )
        self.width = preferred.width
        self.height = preferred.height
    }

    /// An xdg_toplevel.configure_bounds: the window's own size stays within `width`×`height` (0: no bounds).
    mutating func receiveBounds(width: Int32, height: Int32) {
        boundsWidth = max(width, 0)
        boundsHeight = max(height, 0)
    }

    /// The configure is acknowledged: what it asked for is in force (a size of 0 leaves the size to the window).
    mutating func apply() {
        if pendingWidth > 0 && pendingHeight > 0 {
            width = pendingWidth
            height = pendingHeight
            sizedByCompositor = true
        } else {
            _ = fitDefault()
        }
        isFullscreen = pendingStates.contains(.fullscreen)
        isMaximized = pendingStates.contains(.maximized)
        isTiled = pendingStates.contains { [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom].contains($0) }
        isConfigured = true
    }

    /// Fits the window's own size to an output of `width`×`height` (nine tenths of it at most) unless the compositor
    /// chose one; returns whether the size changed.
    mutating func fitDefault(toOutput outputWidth: Int32, _ outputHeight: Int32) -> Bool {
        self.outputWidth = max(outputWidth, 0)
        self.outputHeight = max(outputHeight, 0)
        return fitDefault()
    }

    /// The window's own size: the preferred one, within the compositor's bounds and nine tenths of the output where known,
    /// never below the minimum; unchanged once the compositor chose one. Returns whether the size changed.
    private mutating func fitDefault() -> Bool {
        guard !sizedByCompositor else { return false }
        func fit(_ size: Int32, bounds: Int32, output: Int32, minimum: Int32) -> Int32 {
            var fitted = size
            if bounds > 0 { fitted = min(fitted, bounds) }
            if output > 0 { fitted = min(fitted, output * 9 / 10) }
            return max(fitted, minimum)
        }
        let fittedWidth = fit(
            preferred.width, bounds: boundsWidth, output: outputWidth, minimum: WindowState.minimumSize.width)
        let fittedHeight = fit(
            preferred.height, bounds: boundsHeight, output: outputHeight,
            minimum: WindowState.minimumSize.height)
        guard fittedWidth != width || fittedHeight != height else { return false }
        width = fittedWidth
        height = fittedHeight
        return true
    }
}
