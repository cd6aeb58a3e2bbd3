/// Where a window's frames are drawn and how they reach the compositor: a Vulkan swapchain (``Swapchain``), or, for a
/// device that cannot present to the surface, an image of the renderer's own read back into shared memory
/// (``SharedMemoryFrames``). The renderer draws into ``image(_:)`` and hands it over with ``present(_:damage:)``.
public protocol FrameSurface: AnyObject {
    /// The images' width in buffer pixels (0 until the first ``resize(width:height:)``).
    var width: Int { get }
    /// The images' height in buffer pixels.
    var height: Int { get }
    /// Whether the compositor reads the images' alpha (premultiplied): a window can then leave pixels transparent.
    var showsAlpha: Bool { get }
    /// Whether the images must be made again before the next frame, even at the same size.
    var isOutOfDate: Bool { get }
    /// How frames reach the screen, for the log ("mailbox", "fifo", "shared memory").
    var presentModeName: String { get }
    /// (Re)makes the images for a surface of `width`×`height` buffer pixels.
    func resize(width: Int, height: Int) throws(VulkanError)
    /// The index of the next image to draw, or nil when none became free within `timeout` nanoseconds.
    func acquire(timeout: UInt64) throws(VulkanError) -> Int?
    /// Image `index`, to draw into.
    func image(_ index: Int) -> FrameImage
    /// Shows image `index`; `damage`: the rectangles that changed since the last frame (nil: all of it).
    func present(_ index: Int, damage: [BufferRect]?) throws(VulkanError)
    /// Lets the images go; call before the Wayland surface and the connection go.
    func close()
}

/// One image of a ``FrameSurface``, as the renderer draws into it.
public struct FrameImage {
    enum Kind {
        /// A swapchain's image: taken from its presentation layout to draw, and handed back to it.
        case presentable(RenderTarget)
        /// An image of the renderer's own, in the GENERAL layout throughout.
        case owned(GPUImage)
    }

    let kind: Kind
}
