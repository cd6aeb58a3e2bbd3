// tablet-canvas: MaLiang's canvas in a window of its own, painted with a pen tablet.
//
//     tablet-canvas [DRAWING.maliang]
//
// With a file, every stroke is saved to it at pen-up (and the drawing in it is shown); without one, the drawing
// lives in memory. The pen paints with a pencil-like brush, its eraser end erases, the lower barrel button pans.
import Foundation
import MaLiang
import WaylandClient

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tablet-canvas: \(message)\n".utf8))
    exit(1)
}

do {
    let connection = try WaylandConnection()
    let registry = WaylandRegistry(connection: connection)
    try connection.roundtrip()
    guard let compositorGlobal = registry.first(WlCompositor.self), let shellGlobal = registry.first(XdgWmBase.self)
    else { fail("the compositor offers no wl_compositor or xdg_wm_base") }
    let compositor = registry.bind(compositorGlobal, WlCompositor.self)
    let shell = registry.bind(shellGlobal, XdgWmBase.self)
    shell.onEvent = { [unowned shell] event in if case .ping(let serial) = event { shell.pong(serial: serial) } }

    // The window is the program's: its surface, its title, its size.
    let surface = compositor.createSurface()
    let xdgSurface = shell.getXdgSurface(surface: surface)
    let toplevel = xdgSurface.getToplevel()
    toplevel.setTitle(title: "Tablet canvas")
    toplevel.setAppId(appId: "org.maliang.TabletCanvas")

    // The canvas: on a GPU that can show it on the surface, saving to a file when one is named.
    let gpu = try GPU(presenting: true)
    let arguments = CommandLine.arguments.dropFirst()
    let canvas =
        try arguments.first.map {
            try Canvas(file: URL(fileURLWithPath: $0), size: Size(width: 2048, height: 1536), gpu: gpu)
        }
        ?? Canvas(size: Size(width: 2048, height: 1536), gpu: gpu)
    canvas.onMessage = { message in FileHandle.standardError.write(Data("tablet-canvas: \(message)\n".utf8)) }
    var pencil = canvas.builtInBrush(named: "pencil") ?? .brush(Brush())
    pencil.base.forceSensitive = 1
    canvas.currentBrush = pencil
    guard let surfacePointer = surface.proxy else { fail("the compositor gave no surface") }
    try canvas.attach(display: connection.display, surface: surfacePointer)

    var running = true
    var configuredSize = (width: 800.0, height: 600.0)
    toplevel.onEvent = { event in
        switch event {
        case .configure(let width, let height, _) where width > 0 && height > 0:
            configuredSize = (Double(width), Double(height))
        case .close: running = false
        default: break
        }
    }
    xdgSurface.onEvent = { [unowned xdgSurface] event in
        guard case .configure(let serial) = event else { return }
        xdgSurface.ackConfigure(serial: serial)
        canvas.resize(width: configuredSize.width, height: configuredSize.height)
    }
    surface.commit()

    // Pens: every tool the tablet seat announces becomes a TabletPen feeding the canvas.
    var pens: [TabletPen] = []
    if let seatGlobal = registry.first(WlSeat.self), let managerGlobal = registry.first(ZwpTabletManagerV2.self) {
        let seat = registry.bind(seatGlobal, WlSeat.self)
        let tabletSeat = registry.bind(managerGlobal, ZwpTabletManagerV2.self).getTabletSeat(seat: seat)
        tabletSeat.onEvent = { event in
            switch event {
            case .toolAdded(let tool): pens.append(TabletPen(tool, number: pens.count + 1, canvas: canvas))
            case .tabletAdded(let tablet):
                tablet.onEvent = { [unowned tablet] in if case .removed = $0 { tablet.destroy() } }
            case .padAdded(let pad): pad.onEvent = { [unowned pad] in if case .removed = $0 { pad.destroy() } }
            }
        }
    } else {
        FileHandle.standardError.write(Data("tablet-canvas: no tablet support in this compositor\n".utf8))
    }

    // Frames are paced by the compositor: one frame callback in flight at a time, a frame only when needed.
    let loop = EventLoop(connection: connection)
    var waitingForFrame = false
    // SIGTERM and SIGINT end the loop as closing the window does (the self-pipe trick: the handler only writes a
    // byte the loop is watching), whatever signal mask the program was started with.
    _ = loop.watch(TerminationPipe.install()) { _ in running = false }
    while running {
        try loop.turn(maximumWait: .milliseconds(100))
        guard canvas.needsFrame, !waitingForFrame else { continue }
        let callback = surface.frame()
        callback.onEvent = { [unowned callback] _ in
            callback.destroyLocally()
            waitingForFrame = false
        }
        waitingForFrame = true
        try canvas.drawFrame()
        _ = try connection.flush()
    }
    canvas.finishStrokes()
    canvas.detach()
    connection.close()
} catch {
    fail("\(error)")
}
