import MaLiangVulkan
import WaylandClient
import WaylandProtocol

/// Paces the window's frames: draws only when something changed, keeps at most one frame callback in flight, and
/// never blocks when the window is hidden (no callback comes, so nothing is drawn). The changes since the last frame
/// go to the ``SurfacePresenter``, which works out what each image must draw again; the compositor is told only
/// what changed.
final class FramePresenter {
    let surfacePresenter: SurfacePresenter
    private let surface: WlSurface
    private let loop: EventLoop
    private var needsFrame = true
    /// What changed since the last frame; nil: everything.
    private var damage: [BufferRect]?
    private var waitingForFrame = false

    /// The buffer size to draw at, or nil while the window cannot be drawn (not configured yet, closing).
    var size: () -> (width: Int, height: Int)?
    /// Called when the buffer size changed, before the frame is drawn at it.
    var resized: () -> Void = {}
    /// Draws image `index` (only the `repaint` rectangles of it when given) and presents it with `damage`.
    var draw: (_ index: Int, _ damage: [BufferRect]?, _ repaint: [BufferRect]?) throws -> Void
    /// Told when drawing failed.
    var failed: (Error) -> Void = { _ in }

    init(frameSurface: any FrameSurface, surface: WlSurface, loop: EventLoop) {
        surfacePresenter = SurfacePresenter(surface: frameSurface)
        self.surface = surface
        self.loop = loop
        size = { nil }
        draw = { _, _, _ in }
    }

    /// Where frames are drawn: a swapchain's images or shared memory's.
    var frameSurface: any FrameSurface { surfacePresenter.surface }
    var framesPresented: Int { surfacePresenter.framesPresented }

    /// Asks for a frame where `rect` changed (nil: everything): drawn now, or when the pending callback comes.
    func request(_ rect: BufferRect? = nil) {
        if let rect {
            if !needsFrame { damage = [] }
            damage?.append(rect)
        } else {
            damage = nil
        }
        needsFrame = true
        if !waitingForFrame { drawNow() }
    }

    func drawNow() {
        guard let (width, height) = size() else { return }
        do {
            guard
                let frame = try surfacePresenter.nextFrame(
                    width: width, height: height, damage: damage, timeout: 50_000_000)
            else {
                // No image free yet: try again shortly rather than block.
                _ = loop.schedule(after: .milliseconds(8)) { [weak self] in self?.request() }
                return
            }
            if frame.resized { resized() }
            let callback = surface.frame()
            waitingForFrame = true
            needsFrame = false
            callback.onEvent = { [unowned self, unowned callback] _ in
                callback.destroyLocally()
                waitingForFrame = false
                if needsFrame { drawNow() }
            }
            let changed = damage
            damage = nil
            do { try draw(frame.index, changed, frame.repaint) } catch {
                // Nothing was committed, so the callback would never come and no frame would follow: forget it.
                callback.destroyLocally()
                waitingForFrame = false
                throw error
            }
            surfacePresenter.presented()
        } catch {
            failed(error)
        }
    }
}
