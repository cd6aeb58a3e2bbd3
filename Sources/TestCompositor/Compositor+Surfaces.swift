import CWaylandServer
import Glibc
import WaylandProtocol
import WaylandServer

/// One client surface and what it has committed.
public final class Surface {
    public let resource: WlSurfaceResource
    /// The handle the surface was exported under (xdg-foreign), while it is.
    public internal(set) var exportedHandle: String?
    var buffers = SurfaceBuffers()
    var pendingCallbacks: [WlCallbackResource] = []
    var pendingScale: Int32 = 1
    var pendingDestination: (width: Int32, height: Int32)?
    /// A region set since the last commit (set_input_region, set_opaque_region), nil inside when set to null.
    var pendingInputRegion: Region??
    var pendingOpaqueRegion: Region??
    /// Where input may land (surface coordinates); nil: the whole surface, as when none was set.
    public internal(set) var inputRegion: Region?
    /// What the client says it covers opaquely; nil: nothing said.
    public internal(set) var opaqueRegion: Region?
    /// Damage of the pending state, in buffer pixels (damage_buffer) or surface coordinates (damage).
    var pendingDamage: [Rectangle] = []
    /// The last committed image, or `nil` when nothing (or a null buffer) is attached.
    public internal(set) var image: Image?
    public internal(set) var bufferScale: Int32 = 1
    /// The surface's size set through its viewport (wp_viewport.set_destination), if any.
    public internal(set) var destination: (width: Int32, height: Int32)?
    /// Buffer pixels per surface pixel across: the viewport's when it has one, else the buffer scale.
    public var pixelsPerPoint: Double {
        if let destination, destination.width > 0, let image { return Double(image.width) / Double(destination.width) }
        return Double(max(bufferScale, 1))
    }
    /// Damage rectangles of the last commit that carried any.
    public internal(set) var lastDamage: [Rectangle] = []
    public internal(set) var commitCount = 0
    /// When the client's last commit reached the compositor, before its buffer was read.
    public internal(set) var lastCommitArrived: ContinuousClock.Instant?
    /// What the surface is: a toplevel window, a cursor, or nothing yet.
    public internal(set) var role: String?
    var onCommit: (() -> Void)?

    init(resource: WlSurfaceResource) { self.resource = resource }
}

public struct Rectangle: Hashable, Sendable {
    public var x, y, width, height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension ScriptedCompositor {
    func advertiseCompositor() -> any WithdrawableGlobal {
        WaylandGlobal<WlCompositorResource>(display, version: options.version(of: .compositor, newest: 5)) {
            [unowned self] compositor in
            compositor.onRequest = { [unowned self] request in
                switch request {
                case .createSurface(let resource): self.track(resource)
                case .createRegion(let region): trackRegion(region)
                }
            }
        }
    }

    private func track(_ resource: WlSurfaceResource) {
        let surface = Surface(resource: resource)
        let key = ObjectIdentifier(resource)
        surfaces[key] = surface
        resource.onDestroy = { [unowned self] in surfaces[key] = nil }
        resource.onRequest = { [unowned self, unowned surface] request in
            switch request {
            case .attach(let buffer, _, _):
                surface.buffers.pending = buffer
                surface.buffers.attached = true
            case .damage(let x, let y, let width, let height), .damageBuffer(let x, let y, let width, let height):
                surface.pendingDamage.append(Rectangle(x: x, y: y, width: width, height: height))
            case .frame(let callback): surface.pendingCallbacks.append(callback)
            case .setBufferScale(let scale): surface.pendingScale = scale
            case .commit: commit(surface)
            case .setInputRegion(let region): surface.pendingInputRegion = .some(copy(region))
            case .setOpaqueRegion(let region): surface.pendingOpaqueRegion = .some(copy(region))
            case .destroy, .setBufferTransform, .offset: break
            }
        }
    }

    /// Applies the pending state: copies the buffer's pixels, releases the buffer at once (Mesa's WSI waits for
    /// it) or, holding buffers, the one it replaces, answers frame callbacks and presentation feedback, as an infinitely fast display would.
    private func commit(_ surface: Surface) {
        surface.lastCommitArrived = .now
        commitCount += 1
        surface.commitCount += 1
        surface.bufferScale = surface.pendingScale
        surface.destination = surface.pendingDestination
        if let region = surface.pendingInputRegion { surface.inputRegion = region }
        if let region = surface.pendingOpaqueRegion { surface.opaqueRegion = region }
        surface.pendingInputRegion = nil
        surface.pendingOpaqueRegion = nil
        applySubsurfacePositions(of: surface)
        if surface.buffers.attached {
            let buffer = surface.buffers.pending
            surface.image = buffer.flatMap { Image(shmBuffer: $0) }
            if options.holdsBuffers {
                if let held = surface.buffers.held, held.isAlive, held !== buffer { held.release() }
                surface.buffers.held = buffer
            } else {
                buffer?.release()
            }
            surface.buffers.pending = nil
            surface.buffers.attached = false
        }
        if !surface.pendingDamage.isEmpty {
            surface.lastDamage = surface.pendingDamage
            surface.pendingDamage = []
        }
        let time = nowMilliseconds()
        for callback in surface.pendingCallbacks where callback.isAlive {
            callback.done(callbackData: time)
            callback.destroy()
        }
        surface.pendingCallbacks = []
        presentFeedbacks(for: surface)
        surface.onCommit?()
        onCommit?(surface)
    }
}

/// A surface's buffers: the one attached since the last commit (attaching none counts too), and the one shown
/// while the compositor holds it (``ScriptedCompositor/Options/holdsBuffers``).
struct SurfaceBuffers {
    var pending: WlBufferResource?
    var attached = false
    var held: WlBufferResource?
}
