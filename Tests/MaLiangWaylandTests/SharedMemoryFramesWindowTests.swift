import Foundation
import TestCompositor
import Testing

/// Frames through shared memory (what a device that cannot present to the compositor's surfaces falls back to):
/// the same pixels as the swapchain's, through strokes, partial redraws and a new buffer size.
@Suite(.serialized) struct SharedMemoryFramesWindowTests {
    /// The window's frames after the same drawing: strokes of rising pressure, an eraser across them, then the output
    /// scale doubled (a new buffer size) and a last stroke above them. `holdingBuffers`: the compositor holds each buffer until
    /// the next replaces it, so frames go into buffers in turn, each missing the changes made while it was held.
    func frames(presentation: String?, holdingBuffers: Bool = false) throws -> (
        strokes: Image, doubled: Image, log: String
    ) {
        var environment = ["MALIANG_LOG": "1"]
        if let presentation { environment["MALIANG_PRESENTATION"] = presentation }
        var options = ScriptedCompositor.Options()
        options.holdsBuffers = holdingBuffers
        let session = try AppSession(options: options, environment: environment)
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "pen"))
        try session.compositor.addTool(ToolSpec(id: "eraser", type: .eraser))
        try session.waitUntilMapped()
        let painting = PaintingWindowTests()
        for y in stride(from: 200.0, through: 440, by: 60) { try painting.stroke(session, y: y, from: 0.1, to: 1) }
        try painting.stroke(session, tool: "eraser", y: 320, x0: 300, x1: 500, from: 1, to: 1)
        let strokes = try session.nextImage()
        session.compositor.setOutputScale(2)
        _ = session.pump { (session.image?.width ?? 0) > strokes.width }
        try painting.stroke(session, y: 150, x0: 150, x1: 650, from: 1, to: 0.2)
        let doubled = try session.nextImage()
        #expect(session.terminate() == 0)
        return (strokes, doubled, session.log)
    }

    @Test(arguments: [false, true]) func sharedMemoryShowsWhatTheSwapchainShows(holdingBuffers: Bool) throws {
        let swapchain = try frames(presentation: nil)
        let shared = try frames(presentation: "shm", holdingBuffers: holdingBuffers)
        #expect(shared.log.contains("shared memory"), "\(shared.log.suffix(2000))")
        #expect(!swapchain.log.contains("shared memory"))
        #expect(shared.strokes.darkPixelCount() > 5_000)
        // The window keeps its size on the output, at twice the pixels (as far as the output allows).
        #expect(shared.doubled.width > shared.strokes.width * 5 / 4)
        // The last stroke, at two pixels a point: across y = 150 points, at x = 400.
        let rows = shared.doubled.darkRows(x: 800)
        #expect(rows.contains { abs($0 - 300) < 6 }, "\(rows)")
        for (swapchainImage, sharedImage) in [(swapchain.strokes, shared.strokes), (swapchain.doubled, shared.doubled)]
        {
            #expect(sharedImage.width == swapchainImage.width && sharedImage.height == swapchainImage.height)
            let differing = zip(swapchainImage.pixels, sharedImage.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) pixels differ")
        }
    }
}
