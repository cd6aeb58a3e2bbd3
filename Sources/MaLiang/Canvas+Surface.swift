import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// A canvas on a Wayland surface the program owns: the program keeps its window, its event loop and its input;
/// the canvas draws frames on the surface.
///
/// The loop, as a frame callback paces it:
/// 1. pass input on with ``Canvas/handle(_:)`` (and ``Canvas/resize(width:height:scale:)`` on a configure);
/// 2. when ``Canvas/needsFrame`` is true and no frame callback is pending, request one on the surface
///    (`wl_surface.frame`), then call ``Canvas/drawFrame()``, which draws and commits the surface;
/// 3. when the callback comes, go to 2.
extension Canvas {
    /// Shows the canvas on `surface` (a `wl_surface*` on the `wl_display*` `display`, from libwayland-client). The
    /// canvas must be made on a ``GPU`` made with `presenting: true`. Call ``detach()`` before destroying the
    /// surface or disconnecting.
    public func attach(display: OpaquePointer, surface: OpaquePointer) throws {
        guard presents else {
            throw CanvasError("this canvas cannot show on a surface: make it with a GPU(presenting: true)")
        }
        detach()
        let swapchain: Swapchain?
        do {
            swapchain = try Swapchain(context: renderer.context, wlDisplay: display, wlSurface: surface)
        } catch {
            throw CanvasError("cannot show the canvas on the surface: \(error)")
        }
        guard let swapchain else {
            throw CanvasError(
                "cannot show the canvas on the surface: \(renderer.context.deviceName) cannot present to it (the "
                    + "compositor lacks the GPU buffer protocol its driver needs)")
        }
        self.surface = SurfacePresenter(surface: swapchain)
        frames.needsFrame = true
    }

    /// Stops showing the canvas on its surface (its Vulkan images go; the Wayland surface is the program's).
    public func detach() {
        surface?.close()
        surface = nil
    }

    /// Whether something changed since the last frame: a stroke, the view, a resize.
    public var needsFrame: Bool { frames.needsFrame }

    /// The colour around the drawing where the view does not cover the canvas's area (red, green, blue, 0…1).
    public var surroundingColor: Color {
        get { surroundings }
        set {
            surroundings = newValue
            frames.needsFrame = true
        }
    }

    /// Draws a frame on the surface and commits it. Does nothing when the canvas is not attached, or has not been
    /// told its size yet; throws when the GPU cannot draw (a lost device among them).
    public func drawFrame() throws {
        guard let surface else { return }
        let metrics = session.window
        let width = Int(metrics.bufferWidth)
        let height = Int(metrics.bufferHeight)
        guard width > 0, height > 0 else { return }
        renderer.chartletPreview = session.chartletPreview
        let color = (Float(surroundings.red), Float(surroundings.green), Float(surroundings.blue))
        do {
            // A frame callback paces the program, so an image is free almost at once; a second at most.
            guard let frame = try surface.nextFrame(width: width, height: height, damage: nil, timeout: 1_000_000_000)
            else { throw CanvasError("cannot draw a frame: no swapchain image became free within a second") }
            try renderer.drawFrame(
                into: surface.surface, index: frame.index, view: session.view, windowColor: color, overlays: [])
            surface.presented()
        } catch let error as CanvasError {
            throw error
        } catch {
            throw CanvasError("cannot draw a frame: \(error)")
        }
        frames.needsFrame = false
    }
}

/// Whether a frame is needed: the effects applier tells it what every change did. A window with frames of its own
/// (the painting window) hears of them too.
final class FrameRequests: FrameScheduler {
    var needsFrame = true
    weak var window: FrameScheduler?

    func present(_ effects: Effects) {
        if effects.redraw || !effects.damage.isEmpty || !effects.live.isEmpty || !effects.changes.isEmpty {
            needsFrame = true
        }
        window?.present(effects)
    }
}

extension Canvas {
    /// Where a window that draws its own frames (the painting window, with its toolbar) hears what each change
    /// did: damage to draw, requests to carry out.
    package var windowFrames: FrameScheduler? {
        get { frames.window }
        set { frames.window = newValue }
    }
}
