/// Frames on a Wayland surface: its images (a swapchain's, or shared memory's), made again when the surface's size
/// changes or the compositor outdates them, and which part of each image must be drawn again (an image keeps the
/// frame it last showed). The
/// painting window paces it with frame callbacks; the library's canvas, on a program's own surface, with the
/// program's.
public final class SurfacePresenter {
    public let surface: any FrameSurface
    private var repaints = RepaintTracker()
    /// The images were made again and no frame has been handed out since.
    private var resizedSinceLastFrame = false
    /// Frames presented so far.
    public private(set) var framesPresented = 0

    /// An image to draw into.
    public struct Frame {
        /// The image, by its index in the surface.
        public var index: Int
        /// The part of the image to draw again (the rest holds the frame it showed last); nil: all of it.
        public var repaint: [BufferRect]?
        /// Whether the images were made again for this frame (a new size or scale).
        public var resized: Bool
    }

    public init(surface: any FrameSurface) { self.surface = surface }

    /// The next image for a surface of `width`×`height` buffer pixels, with the part to draw again when `damage`
    /// changed since the last frame (nil: everything); nil when no image became free within `timeout` nanoseconds.
    public func nextFrame(width: Int, height: Int, damage: [BufferRect]?, timeout: UInt64) throws(VulkanError)
        -> Frame?
    {
        if width != surface.width || height != surface.height || surface.isOutOfDate {
            try surface.resize(width: width, height: height)
            repaints.reset()
            resizedSinceLastFrame = true
        }
        guard let index = try surface.acquire(timeout: timeout) else { return nil }
        defer { resizedSinceLastFrame = false }
        return Frame(
            index: index, repaint: repaints.regions(forImage: index, damage: damage), resized: resizedSinceLastFrame)
    }

    /// Notes a frame drawn and presented.
    public func presented() { framesPresented += 1 }

    /// Lets the images go before the Wayland surface they show on (``FrameSurface/close()``).
    public func close() { surface.close() }
}
