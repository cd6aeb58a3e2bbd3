import CStamping
import Dispatch
import Foundation
import MaLiangCore

/// Window frames between whole zooms drawn on the host, for CPU devices: what they need between frames.
///
/// There, drawing a window-sized view of the paint through the rasteriser is fragment-bound, too slow to pan or
/// zoom smoothly (docs/benchmarks.md). The host samples the paint as the sampler would — bilinear on each of the two
/// levels a view mixes, linear between them — from 8-bit copies of the tiles in view (``HostPaintLevels``), lays it
/// over the paper and the window colour, and the frame copies the result into the window's image; the stroke in
/// progress, images and overlays are drawn over it as before.
struct HostFrames {
    /// Whether window frames between whole zooms are drawn on the host (a CPU device).
    var isOn: Bool
    /// Frames drawn on the host so far, and whether they use the portable code only (tests compare it with the
    /// processor's wider vectors).
    var framesDrawn = 0
    var portableOnly = false
    /// Paint tiles in 8 bits on the host.
    let levels: HostPaintLevels
    /// What the next frame samples, read back before it is recorded.
    var prepared: WindowFrames.HostFramePlan?
    /// Where frames are drawn before they are copied into the window's image.
    var staging: GPUBuffer?

    init(_ context: VulkanContext) {
        isOn = context.deviceType == "CPU"
        levels = HostPaintLevels(context)
    }
}

extension WindowFrames {
    /// How a frame through `view` samples the paint on the host.
    struct HostFramePlan {
        var view: ViewTransform
        var width: Int
        var height: Int
        var levels: TileMosaic.Levels
        /// How much the second level counts, of 256.
        var secondWeight: Int
        /// The tiles in view and the ring around them that the filter reaches, within the page's grid.
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
    }

    /// The plan for a frame of `width`×`height` through `view`, or nil where the frame is drawn on the device: not a
    /// CPU device, a turned view, a paper that is not opaque, or a whole zoom (whose tiles are copied instead — except
    /// in a mirrored view, which a copy cannot show).
    func hostFramePlan(_ view: ViewTransform, width: Int, height: Int) -> HostFramePlan? {
        guard host.isOn, paint.scale == 1, view.rotation == 0, overlays.paperBytes[3] == 255, view.scale.isFinite,
            view.scale > 0, wholePixelPlacement(view) == nil,
            let shown = scene.tilesShown(paint, through: view, width: width, height: height)
        else { return nil }
        let levels = TileMosaic.levels(forZoom: view.scale, mipLevels: TileLayer.mipLevels)
        let detail = -log2(view.scale) - Double(levels.first)
        let secondWeight = levels.count == 2 ? Int((min(max(detail, 0), 1) * 256).rounded()) : 0
        let columns = max(shown.columns.lowerBound - 1, 0)...min(shown.columns.upperBound + 1, paint.columns - 1)
        let rows = max(shown.rows.lowerBound - 1, 0)...min(shown.rows.upperBound + 1, paint.rows - 1)
        return HostFramePlan(
            view: view, width: width, height: height, levels: levels, secondWeight: secondWeight, columns: columns,
            rows: rows)
    }

    /// Reads back what a host frame through `view` samples (before the frame is recorded). A frame drawn on the
    /// device lets the host's copies go, as a 1:1 view lets the mosaic go, until the next view between whole zooms.
    func prepareHostFrame(view: ViewTransform, width: Int, height: Int) throws(VulkanError) {
        host.prepared = nil
        guard let plan = hostFramePlan(view, width: width, height: height) else {
            host.levels.removeAll()
            host.staging = nil
            return
        }
        let levels = plan.levels.first..<(plan.levels.first + plan.levels.count)
        if levels.upperBound > 1, paint.needsMipmapRefresh(forViewScale: view.scale) {
            try refreshMipmapsOnHost(paint)
        }
        let keys = plan.rows.flatMap { row in plan.columns.map { TileKey(column: $0, row: row) } }
        try host.levels.update(layer: paint, keys: keys, levels: levels)
        host.prepared = plan
    }

    /// Brings `layer`'s stale smaller levels up to date on the host: on a CPU device blitting them is slow (a whole
    /// page after undoing a clear, at a new zoom), making them on every core takes a fraction of that.
    /// Level 0 goes down, the levels are made as the stamping kernel makes them (`TileMips`), and all go back.
    func refreshMipmapsOnHost(_ layer: TileLayer) throws(VulkanError) {
        let keys = layer.staleMipmaps.sorted().filter { layer.tile($0) != nil }
        let slotBytes = CPUStamping.slotBytes
        let perRound = max(1, min(LayerCompositor.hostCompositionBytes / slotBytes, keys.count))
        let staging = try GPUBuffer(
            resources.context, size: perRound * slotBytes,
            usage: [.copiedFrom, .copiedTo])
        for group in keys.chunked(perRound) {
            let tiles = group.compactMap { key in layer.tile(key) }
            try resources.context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for (index, tile) in tiles.enumerated() {
                    commands.copy(level: 0, of: tile, to: staging, at: index * slotBytes)
                }
                commands.barrier()
            }
            TileMips.make(in: staging, slots: tiles.count, slotBytes: slotBytes)
            try resources.context.submitAndWait { commands throws(VulkanError) in
                commands.barrier()
                for (index, tile) in tiles.enumerated() {
                    TileMips.upload(
                        from: staging, at: index * slotBytes, to: tile, levels: tile.mipLevels, commands)
                }
                commands.barrier()
            }
        }
        layer.mipmapsRefreshed(keys)
    }

    /// The prepared plan, if it is for this frame.
    func preparedHostFrame(for view: ViewTransform, width: Int, height: Int) -> HostFramePlan? {
        guard let plan = host.prepared, plan.view == view, plan.width == width, plan.height == height else {
            return nil
        }
        return plan
    }

    /// Draws `area` of the frame on the host and records its copy into `image` (GENERAL layout), outside rendering.
    func recordHostFrame(
        _ plan: HostFramePlan, area: BufferRect, into target: some RenderableImage, windowColor: (Float, Float, Float),
        _ commands: CommandRecorder
    ) throws(VulkanError) {
        let bytes = area.width * area.height * 4
        let buffer = try hostFrameBuffer(bytes: bytes)
        // A mirrored view is the unmirrored one reversed about the target's middle: the rows are drawn for that
        // one, where the area lies reversed, and each is reversed in place.
        let view = plan.view.mirrored ? plan.view.flipped(aboutX: Double(target.width) / 2) : plan.view
        let drawnX = plan.view.mirrored ? target.width - area.x - area.width : area.x
        let page = unturnedPage(view) ?? BufferRect(x: 0, y: 0, width: 0, height: 0)
        let swap = target.format.isBlueFirst
        func ordered(_ rgb: [UInt8]) -> (UInt8, UInt8, UInt8, UInt8) {
            swap ? (rgb[2], rgb[1], rgb[0], 255) : (rgb[0], rgb[1], rgb[2], 255)
        }
        func byte(_ value: Float) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        // Each level's tiles in view, row by row (nil: no paint there).
        let grids: [[UnsafePointer<UInt8>?]] = (0..<plan.levels.count).map { step in
            plan.rows.flatMap { row in
                plan.columns.map { column in
                    let key = TileKey(column: column, row: row)
                    return paint.tile(key) == nil ? nil : host.levels.texels(key, level: plan.levels.first + step)
                }
            }
        }
        var job = MLFrameJob()
        job.levelCount = Int32(plan.levels.count)
        job.secondWeight = Int32(plan.secondWeight)
        job.pixels = buffer.contents.assumingMemoryBound(to: UInt8.self)
        job.stride = Int32(area.width * 4)
        job.left = Int32(drawnX)
        job.top = Int32(area.y)
        job.width = Int32(area.width)
        job.pageLeft = Int32(clamping: page.x)
        job.pageTop = Int32(clamping: page.y)
        job.pageRight = Int32(clamping: page.maxX)
        job.pageBottom = Int32(clamping: page.maxY)
        job.paper = ordered(Array(overlays.paperBytes.prefix(3)))
        job.window = ordered([byte(windowColor.0), byte(windowColor.1), byte(windowColor.2)])
        job.swapRedAndBlue = swap ? 1 : 0
        job.portableOnly = host.portableOnly ? 1 : 0
        let threads = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let bands = min(max(area.height / 32, 1), threads * 4)
        try withGrids(grids) { tiles throws(VulkanError) in
            func level(_ step: Int) -> MLPaintLevel {
                let level = plan.levels.first + step
                let side = TileLayer.tileSize >> level
                let shrink = Double(1 << level)
                var described = MLPaintLevel()
                described.tiles = tiles[min(step, tiles.count - 1)]
                described.columns = Int32(plan.columns.count)
                described.rows = Int32(plan.rows.count)
                described.side = Int32(side)
                described.step = 1 / (view.scale * shrink)
                described.originX = -view.offsetX / (view.scale * shrink) - Double(plan.columns.lowerBound * side)
                described.originY = -view.offsetY / (view.scale * shrink) - Double(plan.rows.lowerBound * side)
                return described
            }
            job.levels = (level(0), level(min(1, plan.levels.count - 1)))
            nonisolated(unsafe) let frameJob = job
            nonisolated(unsafe) let pixels = buffer.contents
            let mirrored = plan.view.mirrored
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                var local = frameJob
                let first = area.y + area.height * band / bands
                let end = area.y + area.height * (band + 1) / bands
                ml_frame_rows(&local, Int32(first), Int32(end))
                guard mirrored else { return }
                for y in first..<end {
                    let row = pixels.advanced(by: (y - area.y) * area.width * 4).assumingMemoryBound(to: UInt32.self)
                    var pixelsOfRow = UnsafeMutableBufferPointer(start: row, count: area.width)
                    pixelsOfRow.reverse()
                }
            }
        }
        host.framesDrawn += 1
        commands.barrier()
        commands.copy(
            buffer, to: target,
            [
                BufferImageRegion(
                    bufferRowLength: area.width, x: area.x, y: area.y, width: area.width, height: area.height)
            ])
        commands.barrier()
    }

    /// The staging buffer host frames are drawn into, at least `bytes` long.
    private func hostFrameBuffer(bytes: Int) throws(VulkanError) -> GPUBuffer {
        if let staging = host.staging, staging.size >= bytes { return staging }
        host.staging = nil
        let made = try GPUBuffer(resources.context, size: bytes, usage: .copiedFrom)
        host.staging = made
        return made
    }
}

/// Calls `body` with C arrays of each grid's tile pointers, valid during the call.
private func withGrids(
    _ grids: [[UnsafePointer<UInt8>?]], _ body: ([UnsafePointer<UnsafePointer<UInt8>?>]) throws(VulkanError) -> Void
) throws(VulkanError) {
    let buffers = grids.map { grid in
        let buffer = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: max(grid.count, 1))
        buffer.initialize(from: grid, count: grid.count)
        return buffer
    }
    defer { buffers.forEach { $0.deallocate() } }
    try body(buffers.map { UnsafePointer($0) })
}
