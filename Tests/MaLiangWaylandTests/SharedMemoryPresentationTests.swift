import MaLiangVulkan
import TestCompositor
import Testing
import WaylandClient
import WaylandTestSupport

@testable import MaLiangWayland

/// Frames handed to the compositor through wl_shm, a changed part at a time: every commit shows the whole frame, also
/// when the compositor holds buffers and each buffer missed the frames drawn while it was held.
@Suite struct SharedMemoryPresentationTests {
    @Test(arguments: [false, true]) func everyCommitShowsTheWholeFrame(holdingBuffers: Bool) throws {
        var options = ScriptedCompositor.Options()
        options.holdsBuffers = holdingBuffers
        let session = try ScriptedSession(options: options)
        let globals = try ShmWindow.globals(session.registry)
        let window = ShmWindow(globals)
        #expect(try session.pump(until: { window.configureCount > 0 }))
        let presentation = SharedMemoryPresentation(shm: globals.shm, surface: window.surface)
        let (width, height) = (96, 64)
        var frame = [UInt32](repeating: 0xFF10_2030, count: width * height)
        var random = SystemRandomNumberGenerator()
        var commits = session.compositor.commitCount
        for step in 0..<60 {
            // A few rectangles painted a colour of their own; every seventh frame changes all of it.
            var damage: [BufferRect]? = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let x = Int.random(in: 0..<width, using: &random)
                let y = Int.random(in: 0..<height, using: &random)
                let rect = BufferRect(
                    x: x, y: y, width: Int.random(in: 1...(width - x), using: &random),
                    height: Int.random(in: 1...(height - y), using: &random))
                let color = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
                for row in rect.y..<(rect.y + rect.height) {
                    for column in rect.x..<(rect.x + rect.width) { frame[row * width + column] = color }
                }
                damage?.append(rect)
            }
            if step % 7 == 0 { damage = nil }
            try frame.withUnsafeBytes { pixels in
                try presentation.deliver(pixels, width: width, height: height, damage: damage)
            }
            #expect(try session.pump(until: { session.compositor.commitCount > commits }))
            commits = session.compositor.commitCount
            let shown = try #require(session.compositor.focusedToplevel?.image)
            #expect(shown.width == width && shown.height == height)
            let differing = zip(shown.pixels, frame).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(step): \(differing) pixels differ")
            if differing > 0 { break }
        }
        #expect(presentation.bufferCount == (holdingBuffers ? 2 : 1))
        presentation.close()
    }
}
