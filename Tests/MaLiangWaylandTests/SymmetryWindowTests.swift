import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// Symmetry and the mirrored view in the real window: keys, pen, mouse and finger through the scripted compositor,
/// then SIGKILL after the last pen-up. The file keeps each stroke's symmetry, and `maliang render` shows what the
/// window showed.
@Suite(.serialized) struct SymmetryWindowTests {
    /// evdev key codes.
    enum Key {
        static let y: UInt32 = 21
        static let h: UInt32 = 35
        static let period: UInt32 = 52
    }

    /// The toolbar's height, logical pixels: document y = window y − 48 at the starting view.
    static let top = 48

    @Test func symmetricStrokesAndTheMirroredViewSurviveAKill() throws {
        let session = try AppSession.withTablet()
        // Vertical symmetry, centred in the view (the 4096×3072 page's middle is out of it): the window's middle,
        // x = 640.
        try session.key(Key.y)
        try session.pen(points((200, 200), (500, 300)), pressure: 0.7)
        // Radial, eight spokes, its centre dragged by the mouse from (640, 424) to (700, 450).
        for _ in 0..<3 { try session.key(Key.y) }
        for _ in 0..<2 { try session.key(Key.period) }
        try session.mouse(points((640, 424), (700, 450), count: 8))
        try session.pen(points((760, 450), (840, 470)), pressure: 0.9)
        // The guide shows: a spoke straight up from the centre, in the highlight's blue.
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        let guideFrame = try #require(session.image)
        let spoke = guideFrame.rgba(x: 700, y: 350)
        #expect(Int(spoke.blue) > Int(spoke.red) + 30, "\(spoke)")
        // Symmetry off; the view mirrored, and a finger paints where it touches.
        try session.key(Key.y)
        try session.key(Key.h)
        session.pastPalmRejection()  // past palm rejection after the pen
        try session.finger(points((100, 600), (500, 640)))
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        let mirroredFrame = try #require(session.image)
        try session.key(Key.h)
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        let lastFrame = try #require(session.image)
        #expect(session.kill() == SIGKILL)

        // The mirrored frame's canvas area is the unmirrored one reversed about the window's middle.
        var differing = 0
        var compared = 0
        for y in Self.top..<(800 - 28) {
            for x in 0..<1280 {
                let a = mirroredFrame.rgba(x: x, y: y)
                let b = lastFrame.rgba(x: 1279 - x, y: y)
                let worst = max(
                    abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                if worst > 3 { differing += 1 }
                compared += 1
            }
        }
        #expect(differing <= compared / 2000, "\(differing) of \(compared) pixels differ from the frame reversed")

        let file = session.documentURL.path
        let opened = try DocumentFile.open(at: URL(fileURLWithPath: file), readOnly: true)
        let strokes = opened.document.elements.compactMap { if case .stroke(let s) = $0 { s } else { nil } }
        opened.close()
        #expect(strokes.map(\.symmetry?.mode) == [.vertical, .radial(spokes: 8), nil])
        #expect(strokes.first?.symmetry?.center == Point(x: 640, y: 376))
        #expect(strokes.dropFirst().first?.symmetry?.center == Point(x: 700, y: 402))
        // The finger in the mirrored view painted at the far side of the window's middle.
        let finger = try #require(strokes.last?.samples.first?.position)
        #expect(abs(finger.x - 1180) < 2 && abs(finger.y - 552) < 2, "\(finger)")

        let info = try maliang(["info", file])
        #expect(info.status == 0 && info.output.contains("strokes: 3 (2 with symmetry)"), "\(info.output)")

        let (image, rendered) = try session.render(file)
        let comparison = FrameComparison(
            frame: lastFrame, render: image, top: Self.top, width: 1280, height: 800 - Self.top - 28, tolerance: 3)
        #expect(comparison.differing <= comparison.compared / 2000, "\(comparison)")
        // The copies are there: the vertical stroke's mirror image right of the middle.
        #expect(image.rgba(x: 1280 - 350, y: 250 - Self.top).red < 0.9)
        if ProcessInfo.processInfo.environment["MALIANG_KEEP_FRAMES"] != nil {
            try lastFrame.writePNG(to: "/tmp/symmetry-frame.png")
            try guideFrame.writePNG(to: "/tmp/symmetry-guide-frame.png")
            try mirroredFrame.writePNG(to: "/tmp/symmetry-mirrored-frame.png")
            try Data(contentsOf: rendered).write(to: URL(fileURLWithPath: "/tmp/symmetry-render.png"))
        }
    }
}
