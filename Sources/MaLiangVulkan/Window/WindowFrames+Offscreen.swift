import MaLiangCore

/// Window frames drawn into images of their own instead of a swapchain's: for tests, which read them back, and for
/// benchmarks, which time them.
extension WindowFrames {
    /// Renders one window frame of `width`×`height` through `view` into a GPU image (no read-back, as the window
    /// does into its swapchain), and returns the wall time in seconds. `copies`: whether composed tiles may be
    /// copied where the view allows it. The image is kept for the next frame of the same size, as a swapchain's
    /// images are (a new one costs its first writes' page faults).
    package func measureFrame(view: ViewTransform, width: Int, height: Int, copies: Bool = true) throws(VulkanError)
        -> Double
    {
        let target: GPUImage
        if let kept = measuredFrameTarget, kept.width == width, kept.height == height {
            target = kept
        } else {
            target = try windowTarget(width: width, height: height)
            measuredFrameTarget = target
        }
        let start = ContinuousClock.now
        try prepareFrame(view: view, width: width, height: height)
        try resources.context.submitAndWait { commands throws(VulkanError) in
            try recordWindowFrame(
                into: target,
                view: view, windowColor: (0.5, 0.5, 0.5), overlays: [], region: nil, copies: copies, commands)
        }
        resources.commandsRan()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The BGRA bytes of window frames drawn one after another into one image of `width`×`height` through `view`:
    /// each region redraws its part only (nil: all of it), over what the frames before left.
    package func windowFramePixels(
        view: ViewTransform, width: Int, height: Int, regions: [BufferRect?], copies: Bool
    ) throws(VulkanError) -> [UInt8] {
        let target = try windowTarget(width: width, height: height)
        let readback = try GPUBuffer(resources.context, size: width * height * 4, usage: .copiedTo)
        try prepareFrame(view: view, width: width, height: height)
        for region in regions {
            try resources.context.submitAndWait { commands throws(VulkanError) in
                try recordWindowFrame(
                    into: target,
                    view: view, windowColor: (0.5, 0.5, 0.5), overlays: [], region: region, copies: copies, commands)
            }
            resources.commandsRan()
        }
        return try readBack(target, into: readback)
    }

    /// The pixels of `target` (4 bytes each), copied through `buffer`.
    func readBack(_ target: GPUImage, into buffer: GPUBuffer) throws(VulkanError) -> [UInt8] {
        try resources.context.submitAndWait { commands throws(VulkanError) in
            commands.barrier()
            commands.copy(level: 0, of: target, to: buffer, at: 0)
        }
        return Array(
            UnsafeBufferPointer(
                start: buffer.contents.assumingMemoryBound(to: UInt8.self), count: target.width * target.height * 4))
    }

    /// An image like a window's swapchain image, in the GENERAL layout.
    func windowTarget(width: Int, height: Int) throws(VulkanError) -> GPUImage {
        let target = try GPUImage(
            resources.context, width: width, height: height, format: .bgra8,
            usage: [.drawn, .copiedTo, .copiedFrom])
        try resources.context.submitAndWait { commands throws(VulkanError) in commands.initializeLayout(target) }
        return target
    }
}
