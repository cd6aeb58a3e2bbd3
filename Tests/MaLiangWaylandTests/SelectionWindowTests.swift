import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// The selection tool in the real window: a lasso drawn with the mouse, a move by finger, a scale from a corner
/// with the pen, a flip by key; then SIGKILL after the last pen-up. The file keeps each stroke's transform, and
/// `maliang render` shows what the window showed.
@Suite(.serialized) struct SelectionWindowTests {
    /// evdev key codes.
    enum Key {
        static let two: UInt32 = 3
        static let s: UInt32 = 31
        static let h: UInt32 = 35
        static let escape: UInt32 = 1
    }

    /// The toolbar's height, logical pixels: document y = window y − 48 at the starting view.
    static let top = 48

    @Test func movedScaledAndFlippedStrokesSurviveAKill() throws {
        let session = try AppSession.withTablet()
        // The pencil, so its grain shows scaled.
        try session.key(Key.two)
        try session.pen(points((200, 200), (400, 260)), pressure: 0.8)
        try session.pen(points((700, 500), (900, 560)), pressure: 0.8)
        try session.key(Key.s)
        // A lasso around the first stroke, by mouse.
        let box: [(Double, Double)] =
            points((170, 170), (430, 170)) + points((430, 170), (430, 290)) + points((430, 290), (170, 290))
            + points((170, 290), (170, 170))
        try session.mouse(box)
        // Mid-drag, the stroke shows where the mouse has it (lifted off its layer) and not where it was.
        try session.compositor.sendPointer([.motion(x: 300, y: 230), .frame, .button(0x110, pressed: true), .frame])
        try session.compositor.sendPointer([.motion(x: 300, y: 430), .frame])
        func darkest(_ image: Image, around y: Int) -> Int {
            (y - 12...y + 12).map { row in (280...320).map { Int(image.rgba(x: $0, y: row).red) }.min() ?? 255 }
                .min() ?? 255
        }
        // However long lifting the stroke takes a busy machine.
        #expect(session.pump(until: { session.image.map { darkest($0, around: 430) < 160 } ?? false }))
        let draggingFrame = try #require(session.image)
        try session.compositor.sendPointer([.motion(x: 300, y: 230), .frame, .button(0x110, pressed: false), .frame])
        #expect(darkest(draggingFrame, around: 430) < 160 && darkest(draggingFrame, around: 230) > 250)
        // A finger drags it by (+100, +150), past palm rejection after the pen.
        session.pastPalmRejection()
        try session.finger(points((300, 230), (400, 380), count: 10))
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        let selectedFrame = try #require(session.image)
        // The box and its handles show in the highlight's blue around the moved stroke.
        var blue = 0
        for y in 300...420 {
            for x in 250...550 {
                let pixel = selectedFrame.rgba(x: x, y: y)
                if Int(pixel.blue) > Int(pixel.red) + 60 { blue += 1 }
            }
        }
        // The pen scales it by half as much again from the bottom-right corner (the box now spans about
        // (297, 347)–(503, 411)), about the top-left one.
        try session.pen(points((503, 411), (606, 443), count: 10), pressure: 0.5)
        // Flipped left to right across the box's middle, by key.
        try session.key(Key.h, modifiers: 1)
        try session.key(Key.escape)
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        let lastFrame = try #require(session.image)
        #expect(session.kill() == SIGKILL)

        let file = session.documentURL.path
        let opened = try DocumentFile.open(at: URL(fileURLWithPath: file), readOnly: true)
        let strokes = opened.document.elements.compactMap { if case .stroke(let s) = $0 { s } else { nil } }
        opened.close()
        #expect(strokes.count == 2)
        let transform = try #require(strokes.first?.transform)
        #expect(transform.flips && abs(transform.sizeScale - 1.5) < 0.05, "\(transform)")
        #expect(strokes.last?.transform == nil)
        // The stroke's first sample, drawn at its left, now shows at the right of the moved and scaled box.
        let samples = try #require(strokes.first?.samples.loaded())
        let first = transform.apply(try #require(samples.first).position)
        let last = transform.apply(try #require(samples.last).position)
        #expect(first.x > last.x + 250, "\(first) \(last)")

        let (image, rendered) = try session.render(file)
        let comparison = FrameComparison(
            frame: lastFrame, render: image, top: Self.top, width: 1280, height: 800 - Self.top - 28, tolerance: 3)
        #expect(comparison.differing <= comparison.compared / 2000, "\(comparison)")
        // Paint where the stroke's middle moved to, none where it was.
        let middle = transform.apply(Point.midpoint(samples.first!.position, samples.last!.position))
        #expect(image.rgba(x: Int(middle.x.rounded()), y: Int(middle.y.rounded())).red < 0.9, "\(middle)")
        #expect(image.rgba(x: 300, y: 230 - Self.top).red > 0.99)
        if ProcessInfo.processInfo.environment["MALIANG_KEEP_FRAMES"] != nil {
            try selectedFrame.writePNG(to: "/tmp/selection-frame.png")
            try draggingFrame.writePNG(to: "/tmp/selection-dragging-frame.png")
            try lastFrame.writePNG(to: "/tmp/selection-last-frame.png")
            try Data(contentsOf: rendered).write(to: URL(fileURLWithPath: "/tmp/selection-render.png"))
        }
        // The box's four sides, about 200 and 60 pixels long.
        #expect(blue > 400, "\(blue) blue pixels")
    }
}
