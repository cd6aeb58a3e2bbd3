import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// The fill tool in the real window: a shape drawn with a gap in its outline, filled by a tap of the pen, the mouse
/// and a finger; a tap outside refused. SIGKILL after, and the file renders as the window showed it.
@Suite(.serialized) struct FillWindowTests {
    enum Key {
        static let g: UInt32 = 34
    }

    static let top = 48

    @Test func aTapFillsTheShapeUnderItAndTheFileKeepsIt() throws {
        let session = try AppSession.withTablet()
        // A rectangle of four lines, a 2-pixel gap left at its top right corner.
        try session.pen(points((300, 200), (598, 200), count: 30), pressure: 0.9)
        try session.pen(points((600, 202), (600, 400), count: 30), pressure: 0.9)
        try session.pen(points((600, 400), (300, 400), count: 30), pressure: 0.9)
        try session.pen(points((300, 400), (300, 200), count: 30), pressure: 0.9)
        // A second shape for the mouse: a triangle.
        try session.pen(points((800, 200), (1000, 400), count: 30), pressure: 0.9)
        try session.pen(points((1000, 400), (800, 400), count: 30), pressure: 0.9)
        try session.pen(points((800, 400), (800, 200), count: 30), pressure: 0.9)
        try session.key(Key.g)
        try session.pen([(450, 300)], pressure: 0.5)
        _ = try session.nextImage()
        try session.mouse([(850, 370)])
        _ = try session.nextImage()
        // Outside every shape: refused, nothing changes.
        session.pastPalmRejection()  // past palm rejection after the pen
        try session.finger([(100, 700)])
        _ = try session.nextImage()
        session.settle(.milliseconds(400))
        let lastFrame = try #require(session.image)
        #expect(session.log.contains("Nothing filled: no closed shape here"), "\(session.log)")
        #expect(session.kill() == SIGKILL)

        let opened = try DocumentFile.open(at: session.documentURL, readOnly: true)
        let strokes = opened.document.elements.compactMap { if case .stroke(let s) = $0 { s } else { nil } }
        let textures = opened.document.textures
        opened.close()
        let fills = strokes.filter { if case .chartlet(let brush) = $0.brush { brush.keepsProportions } else { false } }
        #expect(fills.count == 2, "\(strokes.count) strokes")
        for fill in fills {
            guard case .chartlet(let brush) = fill.brush, let id = brush.textureIDs.first else { continue }
            #expect(textures[id] != nil)
        }
        // The inside is filled, the outside is paper.
        #expect(Int(lastFrame.rgba(x: 450, y: 300).red) < 60)
        #expect(Int(lastFrame.rgba(x: 860, y: 380).red) < 60)
        #expect(Int(lastFrame.rgba(x: 700, y: 300).red) > 250 && Int(lastFrame.rgba(x: 100, y: 700).red) > 250)

        let (image, rendered) = try session.render(session.documentURL.path)
        let comparison = FrameComparison(
            frame: lastFrame, render: image, top: Self.top, width: 1280, height: 800 - Self.top - 28, tolerance: 3)
        #expect(comparison.differing <= comparison.compared / 2000, "\(comparison)")
        if ProcessInfo.processInfo.environment["MALIANG_KEEP_FRAMES"] != nil {
            try lastFrame.writePNG(to: "/tmp/fill-frame.png")
            try Data(contentsOf: rendered).write(to: URL(fileURLWithPath: "/tmp/fill-render.png"))
        }
    }
}
