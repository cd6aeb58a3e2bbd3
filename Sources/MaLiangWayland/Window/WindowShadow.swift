import WaylandClient
import WaylandProtocol

/// The shadow under a window with our own decorations: a sub-surface placed below the window, a margin larger on
/// every side. Its input region is a band just outside the window, where the mouse resizes it (the window's
/// events see it as positions past its edges); beyond that band, clicks go to what is behind.
final class WindowShadow {
    let surface: WlSurface
    private let subsurface: WlSubsurface
    private let viewport: WpViewport?
    private let compositor: WlCompositor
    private let shm: WlShm
    /// The picture attached now; nil while hidden (maximised, fullscreen, tiled, or decorated by the compositor).
    private var shown: ShadowPicture?

    init?(globals: Globals, under parent: WlSurface) {
        guard let subcompositor = globals.subcompositor else { return nil }
        compositor = globals.compositor
        shm = globals.shm
        surface = compositor.createSurface()
        subsurface = subcompositor.getSubsurface(surface: surface, parent: parent)
        subsurface.placeBelow(sibling: parent)
        let margin = Int32(ShadowPicture.margin)
        subsurface.setPosition(x: -margin, y: -margin)
        // Fractional scales draw through a viewport, as the window does.
        viewport =
            globals.fractionalScaleManager != nil ? globals.viewporter?.getViewport(surface: surface) : nil
    }

    /// Where a position on the shadow is in the window's coordinates (its top-left is the window's past the margin).
    static let origin = -ShadowPicture.margin

    /// Shows the shadow around a window of `width`×`height` logical pixels at `scale`; applied with the window's
    /// next commit (a synchronized sub-surface).
    func show(width: Int32, height: Int32, scale: Double) {
        let picture = ShadowPicture(width: Double(width), height: Double(height), scale: scale)
        guard picture.width != shown?.width || picture.height != shown?.height || picture.scale != shown?.scale else {
            return
        }
        guard
            let buffer = ShmBuffer.make(
                shm, width: picture.pixelWidth, height: picture.pixelHeight, draw: picture.draw(into:))
        else { return }
        let margin = ShadowPicture.margin
        let outerWidth = Int32(Double(width) + 2 * margin)
        let outerHeight = Int32(Double(height) + 2 * margin)
        if let viewport {
            viewport.setDestination(width: outerWidth, height: outerHeight)
        } else if compositor.version >= 3 {
            surface.setBufferScale(scale: Int32(max(scale, 1)))
        }
        let reach = Int32(ShadowPicture.resizeReach)
        let inset = Int32(margin)
        let input = compositor.createRegion()
        input.add(x: inset - reach, y: inset - reach, width: width + 2 * reach, height: height + 2 * reach)
        input.subtract(x: inset, y: inset, width: width, height: height)
        surface.setInputRegion(region: input)
        input.destroy()
        surface.attach(buffer: buffer, x: 0, y: 0)
        surface.damage(x: 0, y: 0, width: outerWidth, height: outerHeight)
        surface.commit()
        shown = picture
    }

    /// Takes the shadow away (with the window's next commit).
    func hide() {
        guard shown != nil else { return }
        surface.attach(buffer: nil, x: 0, y: 0)
        surface.commit()
        shown = nil
    }

    var isShown: Bool { shown != nil }

    func destroy() {
        viewport?.destroy()
        subsurface.destroy()
        surface.destroy()
    }
}
