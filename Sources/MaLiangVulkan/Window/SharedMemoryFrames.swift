/// Frames for a surface the device cannot present to (its driver needs a GPU buffer protocol the compositor does not
/// offer): drawn into an image of the renderer's own, read back after each frame, and handed to a delivery that puts
/// them in shared memory (wl_shm) and commits them. Slower than a swapchain — a copy and a wait more a frame — but
/// the drawing shows. The image keeps its frame, so a frame redraws, reads back and hands over only what changed.
public final class SharedMemoryFrames: FrameSurface {
    /// The largest side a frame may have.
    private static let largestSide = 16_384

    private let context: VulkanContext
    private let delivery: any FrameDelivery
    private var target: GPUImage?
    /// The image's pixels as the last frame left them, read back a changed part at a time.
    private var readback: GPUBuffer?
    /// Whether `readback` holds a whole frame (not since a resize).
    private var mirrorIsWhole = false
    public private(set) var width = 0
    public private(set) var height = 0

    /// Frames drawn on `context`'s device and handed to `delivery`.
    public init(context: VulkanContext, delivery: any FrameDelivery) {
        self.context = context
        self.delivery = delivery
    }

    /// Shared memory is read with its alpha (premultiplied ARGB8888).
    public var showsAlpha: Bool { true }
    public var isOutOfDate: Bool { false }
    public var presentModeName: String { "shared memory" }

    public func resize(width: Int, height: Int) throws(VulkanError) {
        guard width > 0, height > 0, width != self.width || height != self.height || target == nil else { return }
        // A wl_shm pool's size is a 32-bit count of bytes.
        guard width <= Self.largestSide, height <= Self.largestSide, width * height * 4 <= Int(Int32.max) else {
            throw VulkanError("a window of \(width)×\(height) pixels is larger than shared memory frames can show")
        }
        target = nil
        readback = nil
        mirrorIsWhole = false
        (self.width, self.height) = (0, 0)
        let image = try GPUImage(
            context, width: width, height: height, format: .bgra8, usage: [.drawn, .copiedTo, .copiedFrom])
        try context.submitAndWait { commands throws(VulkanError) in commands.initializeLayout(image) }
        readback = try GPUBuffer(context, size: width * height * 4, usage: .copiedTo)
        target = image
        self.width = width
        self.height = height
    }

    /// The one image: each frame is read back before the next is drawn, so it is always free.
    public func acquire(timeout: UInt64) throws(VulkanError) -> Int? { target == nil ? nil : 0 }

    public func image(_ index: Int) -> FrameImage {
        guard let target else { preconditionFailure("a frame image before the first resize") }
        return FrameImage(kind: .owned(target))
    }

    /// Reads back what changed (all of it after a resize) into the buffer that mirrors the image, and hands it over.
    public func present(_ index: Int, damage: [BufferRect]?) throws(VulkanError) {
        guard let target, let readback else { return }
        let changed = mirrorIsWhole ? damage?.compactMap { $0.clipped(width: width, height: height) } : nil
        let regions = (changed ?? [BufferRect(x: 0, y: 0, width: width, height: height)]).map { rect in
            BufferImageRegion(
                bufferOffset: (rect.y * width + rect.x) * 4, bufferRowLength: width, x: rect.x, y: rect.y,
                width: rect.width, height: rect.height)
        }
        try context.submitAndWait { commands throws(VulkanError) in
            commands.barrier()
            commands.copy(target, to: readback, regions)
        }
        mirrorIsWhole = true
        do {
            try delivery.deliver(
                UnsafeRawBufferPointer(start: readback.contents, count: width * height * 4), width: width,
                height: height, damage: changed)
        } catch {
            throw VulkanError("cannot hand a frame to the compositor: \(error)")
        }
    }

    public func close() {
        delivery.close()
        target = nil
        readback = nil
        mirrorIsWhole = false
        width = 0
        height = 0
    }
}

/// Where ``SharedMemoryFrames`` hands its frames: the window's wl_shm buffers.
public protocol FrameDelivery: AnyObject {
    /// Shows one frame: `pixels` are premultiplied BGRA (wl_shm's ARGB8888), `width` × 4 bytes a row, top row first;
    /// `damage` the rectangles that changed since the last frame (nil: all of it), within the frame.
    func deliver(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, damage: [BufferRect]?) throws
    /// Lets go of what frames were shown with (a new size comes with new buffers).
    func close()
}
