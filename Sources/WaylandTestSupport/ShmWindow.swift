import Foundation
import TestCompositor
import WaylandClient
import WaylandProtocol

/// A minimal xdg_toplevel window drawn with wl_shm, for checking that a compositor maps and presents.
public final class ShmWindow {
    public let surface: WlSurface
    public let xdgSurface: XdgSurface
    public let toplevel: XdgToplevel
    private let shm: WlShm
    /// Configure serials acknowledged so far.
    public private(set) var configureCount = 0
    public private(set) var frameCallbacksDone = 0
    public private(set) var closeRequested = false
    public private(set) var lastBufferReleased = false
    public private(set) var width: Int32 = 0
    public private(set) var height: Int32 = 0
    private var pendingWidth: Int32 = 0
    private var pendingHeight: Int32 = 0

    public struct Globals {
        public var compositor: WlCompositor
        public var shm: WlShm
        public var wmBase: XdgWmBase
    }

    /// Binds what a window needs from `registry` (after a roundtrip), or names the missing global.
    public static func globals(_ registry: WaylandRegistry) throws -> Globals {
        func find<Object: WaylandObject & WaylandInterface>(_ type: Object.Type) throws -> Object {
            guard let global = registry.first(type) else { throw MissingGlobal(name: Object.interfaceName) }
            return registry.bind(global, type)
        }
        let wmBase = try find(XdgWmBase.self)
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        return Globals(compositor: try find(WlCompositor.self), shm: try find(WlShm.self), wmBase: wmBase)
    }

    public struct MissingGlobal: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "the compositor does not offer \(name)" }
    }

    public init(_ globals: Globals, title: String = "MaLiang test", appID: String = "org.maliang.Test") {
        shm = globals.shm
        surface = globals.compositor.createSurface()
        xdgSurface = globals.wmBase.getXdgSurface(surface: surface)
        toplevel = xdgSurface.getToplevel()
        toplevel.setTitle(title: title)
        toplevel.setAppId(appId: appID)
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, _):
                pendingWidth = width
                pendingHeight = height
            case .close: closeRequested = true
            default: break
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            guard case .configure(let serial) = event else { return }
            xdgSurface.ackConfigure(serial: serial)
            configureCount += 1
            width = pendingWidth > 0 ? pendingWidth : 320
            height = pendingHeight > 0 ? pendingHeight : 240
        }
        surface.commit()
    }

    /// Draws the whole window in one colour (0xAARRGGBB), asks for a frame callback, and commits.
    public func present(color: UInt32) throws {
        let stride = Int(width) * 4
        let size = stride * Int(height)
        let buffer = try SharedMemory(size: size)
        buffer.fill(color)
        let pool = shm.createPool(fd: buffer.descriptor, size: Int32(size))
        let wlBuffer = pool.createBuffer(
            offset: 0, width: width, height: height, stride: Int32(stride), format: .argb8888)
        pool.destroy()
        lastBufferReleased = false
        wlBuffer.onEvent = { [unowned self, unowned wlBuffer] event in
            if case .release = event {
                lastBufferReleased = true
                wlBuffer.destroy()
            }
        }
        surface.attach(buffer: wlBuffer, x: 0, y: 0)
        if surface.version >= 4 {
            surface.damageBuffer(x: 0, y: 0, width: width, height: height)
        } else {
            surface.damage(x: 0, y: 0, width: width, height: height)
        }
        let callback = surface.frame()
        callback.onEvent = { [unowned self, unowned callback] _ in
            frameCallbacksDone += 1
            callback.destroyLocally()
        }
        surface.commit()
    }

    public func destroy() {
        toplevel.destroy()
        xdgSurface.destroy()
        surface.destroy()
    }
}

/// An unlinked, mapped temporary file for wl_shm.
final class SharedMemory {
    let descriptor: Int32
    let size: Int
    private let memory: UnsafeMutableRawPointer

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(size: Int) throws {
        RuntimeDirectory.ensure()
        descriptor = AnonymousFile.create(prefix: "maliang-shm")
        guard descriptor >= 0 else { throw Failure(description: "cannot create a shared-memory file: \(errno)") }
        guard ftruncate(descriptor, off_t(size)) == 0,
            let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED
        else {
            close(descriptor)
            throw Failure(description: "cannot map \(size) bytes of shared memory")
        }
        memory = mapped
        self.size = size
    }

    func fill(_ color: UInt32) {
        let words = memory.bindMemory(to: UInt32.self, capacity: size / 4)
        for index in 0..<(size / 4) { words[index] = color }
    }

    deinit {
        munmap(memory, size)
        close(descriptor)
    }
}
