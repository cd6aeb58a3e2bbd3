import MaLiangCore
import PNGCodec

extension CanvasRenderer {
    /// Uploads an image for overlays (straight alpha in, premultiplied on the GPU).
    public func makeOverlay(_ picture: PNGImage) throws(VulkanError) -> OverlayImage {
        try frames.overlays.make(picture)
    }

    /// Uploads an image for overlays from premultiplied RGBA8 pixels, `width`×`height`.
    public func makeOverlay(premultiplied pixels: [UInt8], width: Int, height: Int) throws(VulkanError) -> OverlayImage
    {
        try frames.overlays.make(premultiplied: pixels, width: width, height: height)
    }

    /// Draws one window frame into image `index` of `surface` and presents it: the window background, the paper
    /// through `view`, the paint, the stroke in progress, chartlets, then `overlays` in window pixels. `damage`: the
    /// buffer rectangles that differ from the previous frame (nil: all of it), passed on to the compositor;
    /// `repaint`: only these rectangles of the image (which still holds an earlier frame) are drawn again.
    public func drawFrame(
        into surface: any FrameSurface, index: Int, view: ViewTransform, windowColor: (Float, Float, Float),
        overlays: [OverlayPlacement], damage: [BufferRect]? = nil, repaint: [BufferRect]? = nil
    ) throws(VulkanError) {
        try frames.prepareFrame(view: view, width: surface.width, height: surface.height)
        switch surface.image(index).kind {
        case .presentable(let target):
            try drawFrame(
                into: target, presentable: true, view: view, windowColor: windowColor, overlays: overlays,
                repaint: repaint)
        case .owned(let target):
            try drawFrame(
                into: target, presentable: false, view: view, windowColor: windowColor, overlays: overlays,
                repaint: repaint)
        }
        try surface.present(index, damage: damage)
    }

    private func drawFrame(
        into target: some RenderableImage, presentable: Bool, view: ViewTransform, windowColor: (Float, Float, Float),
        overlays: [OverlayPlacement], repaint: [BufferRect]?
    ) throws(VulkanError) {
        // One submission a rectangle: what a rectangle prepares on the host (the staging of a frame sampled there,
        // mosaics sized to what it shows) is the GPU's until it ran, so the next must not reuse it before. (All in
        // one submission measured slower on lavapipe at 1:1, where they could share it.)
        let regions: [BufferRect?] = repaint ?? [nil]
        let last = max(regions.count, 1) - 1
        for number in 0...last {
            try context.submitAndWait { commands throws(VulkanError) in
                if number == 0 && presentable { commands.prepareForDrawing(target, keepingContents: repaint != nil) }
                if number < regions.count {
                    try frames.recordWindowFrame(
                        into: target, view: view, windowColor: windowColor, overlays: overlays, region: regions[number],
                        commands)
                }
                if number == last && presentable { commands.prepareForPresenting(target) }
            }
            resources.commandsRan()
        }
    }
}
