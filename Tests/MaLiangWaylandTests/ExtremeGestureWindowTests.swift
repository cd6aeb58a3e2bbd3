import Foundation
import MaLiangCore
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// Gestures pushed as far as a hand (or a script) can push them: whatever they do to an image and the view, the
/// file still opens and holds it.
@Suite(.serialized) struct ExtremeGestureWindowTests {
    @Test func anImagePinchedFarOutDraggedFarAwayAndAViewZoomedToItsLimitsStillReopen() throws {
        let png = try temporaryPNG(width: 100, height: 60, rgba: [230, 20, 20, 255])
        defer { try? FileManager.default.removeItem(at: png) }
        let session = try AppSession.withTablet(arguments: ["--insert", png.path])
        // Two fingers spread on the image again and again: each spread doubles it (and more).
        for _ in 0..<12 {
            try session.finger(
                points((630, 424), (200, 424), count: 8), second: points((650, 424), (1080, 424), count: 8))
            session.settle(.milliseconds(50))
        }
        // Dragged far away with the mouse, many times over.
        for _ in 0..<8 { try session.mouse(points((640, 424), (5, 795), count: 6)) }
        // The view zoomed in and out past its limits with Control and the wheel, and scrolled far.
        try session.compositor.sendKeyboard([.enter, .modifiers(depressed: 4, latched: 0, locked: 0, group: 0)])
        for value in [-5000.0, 5000, -5000] {
            for _ in 0..<20 {
                try session.compositor.sendPointer([
                    .enter(x: 600, y: 400), .axis(vertical: true, value: value), .frame,
                ])
            }
            session.settle(.milliseconds(50))
        }
        try session.compositor.sendKeyboard([.modifiers(depressed: 0, latched: 0, locked: 0, group: 0)])
        for _ in 0..<20 {
            try session.compositor.sendPointer([
                .axis(vertical: true, value: 1e6), .axis(vertical: false, value: -1e6), .frame,
            ])
        }
        // And a stroke after all that still lands in the document.
        try session.pen(points((200, 600), (400, 620)), pressure: 1)
        session.settle(.milliseconds(300))
        #expect(session.process.isRunning, "\(session.log)")
        #expect(session.terminate() == 0, "\(session.log)")

        let file = try DocumentFile.open(at: session.documentURL)
        #expect(file.leftOut.isEmpty, "\(file.leftOut)")
        let chartlets = file.document.elements.compactMap { element -> Chartlet? in
            if case .chartlet(let chartlet) = element { return chartlet }
            return nil
        }
        #expect(chartlets.count == 1 && chartlets.allSatisfy { $0.isValid }, "\(chartlets)")
        // Pinched out to the largest size an image may have, in proportion.
        #expect(chartlets.first?.size.width == Limits.chartletSide.upperBound, "\(chartlets)")
        #expect(chartlets.first.map { abs($0.size.height / $0.size.width - 0.6) < 1e-6 } == true, "\(chartlets)")
        #expect(file.document.elements.count == 2)
        let render = try maliang([
            "render", session.documentURL.path, "-o", session.dataHome.appendingPathComponent("x.png").path,
        ])
        #expect(render.status == 0, "\(render.output)")
    }
}
