import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// The window under ``ChaosPlayer`` — tools, tablets, outputs and seats coming and going, configure storms, ten
/// fingers, odd event orders, garbage keymaps — then calmed. It must be alive, still paint, exit cleanly, and its
/// file must reopen with nothing left out and render what its last frame showed. The seed is printed;
/// MALIANG_CHAOS_SEED repeats a run (with MALIANG_CHAOS_STEPS set to the actions it printed: the same actions,
/// whatever the timing), MALIANG_CHAOS_SECONDS sets its length (default 30).
@Suite(.serialized) struct ChaosTests {
    @Test func theWindowSurvivesChaosStillPaintsAndItsFileRendersItsLastFrame() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["MALIANG_CHAOS_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(1 << 40))
        let seconds = environment["MALIANG_CHAOS_SECONDS"].flatMap { Double($0) } ?? 30
        let stepLimit = environment["MALIANG_CHAOS_STEPS"].flatMap { Int($0) }
        print("ChaosTests: MALIANG_CHAOS_SEED=\(seed), \(seconds) s")
        // The window must answer, not answer fast: built with AddressSanitizer (ASAN_OPTIONS set), its Swift code runs
        // several times slower, and working through a heavy run's backlog took 15 s (seed 942563872806, whose whole
        // test takes 16 s built plainly). Presses on the fill button and then the canvas queue fills of the whole
        // 4096×3072 page, each a few seconds in a debug build on a busy machine (seed 376456260387 did not answer
        // within 5 s while another test wrote a long session).
        let answer: Duration = environment["ASAN_OPTIONS"] == nil ? .seconds(30) : .seconds(60)
        let session = try AppSession.withTablet()
        let chaos = ChaosPlayer(compositor: session.compositor, seed: seed)
        let deadline = ContinuousClock.now + .seconds(seconds)
        var steps = 0
        while session.process.isRunning && (stepLimit.map { steps < $0 } ?? (ContinuousClock.now < deadline)) {
            chaos.step()
            steps += 1
            // Now and then make sure the window keeps up (and is alive).
            if steps % 50 == 0 && !session.roundTrip(timeout: answer) { break }
        }
        print("ChaosTests: \(steps) actions: \(chaos.summary)")
        try #require(
            session.process.isRunning,
            "seed \(seed): the window ended (\(session.ending)) after \(steps) actions:\n\(session.log)")

        try chaos.calm()
        #expect(session.roundTrip(timeout: answer), "seed \(seed): the window does not answer after the chaos")
        session.settle(.milliseconds(500))
        // The view fitted (the document's centre at the canvas's), then at actual pixels about that centre: document
        // pixel (x, y) shows at window (x + 640 − width/2, y + 424 − height/2).
        try session.key(11)  // 0
        try session.key(2, modifiers: 4)  // Control+1
        try session.key(2)  // 1: the first brush
        // Still paints: a stroke in the canvas, which the file must end with.
        try session.pen(points((200, 300), (900, 340), count: 12), pressure: 0.9)
        #expect(session.roundTrip())
        // The last frame drawn and presented: a window still working through the chaos's backlog on a busy machine
        // drew its stroke later than half a second.
        #expect(session.settleUntilQuiet(), "seed \(seed): the window kept drawing")
        let lastFrame = try #require(session.image)
        #expect(
            lastFrame.width == 1280 && lastFrame.height == 800, "seed \(seed): \(lastFrame.width)×\(lastFrame.height)")

        session.compositor.close(try #require(session.compositor.focusedToplevel))
        _ = session.pump(until: { !session.process.isRunning })
        #expect(waitForExit(session.process) == 0, "seed \(seed):\n\(session.log)")

        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        let last = file.document.elements.last
        let size = file.document.size
        // A pad's button or the toolbar may have mirrored the view, which fitting keeps: the stroke drawn left to
        // right then runs right to left in the document, and the frame shows the page mirrored about its middle.
        var mirrored = false
        if case .stroke(let stroke) = last, let first = stroke.samples.first, let end = stroke.samples.last {
            mirrored = first.position.x > end.position.x
        }
        file.close()
        #expect(file.leftOut.isEmpty, "seed \(seed): \(file.leftOut)")
        guard case .stroke(let stroke) = last else {
            Issue.record("seed \(seed): the file does not end with the stroke painted after the chaos")
            return
        }
        #expect(stroke.samples.count == 12, "seed \(seed): \(stroke.samples.count) samples")

        let rendered = session.dataHome.appendingPathComponent("rendered.png")
        let render = try maliang(["render", session.documentURL.path, "-o", rendered.path])
        #expect(render.status == 0, "\(render.output)")
        let image = try PNG.decode(try Data(contentsOf: rendered), depth: .eight)
        // The canvas area (toolbar above, status strip below) against the same document pixels.
        let left = Int(size.width) / 2 - 640
        let above = Int(size.height) / 2 - 424
        try #require(left >= 0 && above + 48 >= 0 && left + 1280 <= image.width && above + 772 <= image.height)
        let comparison = FrameComparison(
            frame: lastFrame, render: image, top: 48, width: 1280, height: 800 - 48 - 28, tolerance: 3, left: left,
            above: above + 48, mirrored: mirrored)
        #expect(
            comparison.differing <= comparison.compared / 2000, "seed \(seed), mirrored \(mirrored): \(comparison)")
        if environment["MALIANG_KEEP_FRAMES"] != nil {
            try lastFrame.writePNG(to: "/tmp/chaos-frame-\(seed).png")
            try Data(contentsOf: rendered).write(to: URL(fileURLWithPath: "/tmp/chaos-render-\(seed).png"))
        }
    }
}
