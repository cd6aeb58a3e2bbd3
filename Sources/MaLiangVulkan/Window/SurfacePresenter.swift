/// Frames on a Wayland surface: the swapchain, made again when the surface's size changes or the compositor
/// outdates it, and which part of each image must be drawn again (an image keeps the frame it last showed). The
/// painting window paces it with frame callbacks; the library's canvas, on a program's own surface, with the
/// program's.
public final class SurfacePresenter {
    public let swapchain: Swapchain
    private var repaints = RepaintTracker()
    /// The swapchain was made again and no frame has been handed out since.
    private var resizedSinceLastFrame = false
    /// Frames presented so far.
    public private(set) var framesPresented = 0

    /// An image to draw into.
    public struct Frame {
        /// The swapchain image.
        public var index: Int
        /// The part of the image to draw again (the rest holds the frame it showed last); nil: all of it.
        public var repaint: [BufferRect]?
        /// Whether the swapchain was made again for this frame (a new size or scale).
        public var resized: Bool
    }

    public init(swapchain: Swapchain) { self.swapchain = swapchain }

    /// The next image for a surface of `width`×`height` buffer pixels, with the part to draw again when `damage`
    /// changed since the last frame (nil: everything); nil when no image became free within `timeout` nanoseconds.
    public func nextFrame(width: Int, height: Int, damage: [BufferRect]?, timeout: UInt64) throws(VulkanError)
        -> Frame?
    {
        if width != swapchain.width || height != swapchain.height || swapchain.isOutOfDate {
            try swapchain.resize(width: width, height: height)
            repaints.reset()
            resizedSinceLastFrame = true
        }
        guard let index = try swapchain.acquire(timeout: timeout) else { return nil }
        defer { resizedSinceLastFrame = false }
        return Frame(
            index: index, repaint: repaints.regions(forImage: index, damage: damage), resized: resizedSinceLastFrame)
    }

    /// Notes a frame drawn and presented.
    public func presented() { framesPresented += 1 }

    /// Lets the swapchain go before the surface it shows on (``Swapchain/close()``).
    public func close() { swapchain.close() }
}
