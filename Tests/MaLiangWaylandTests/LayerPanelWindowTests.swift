import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// Layers as a user makes them: the pen opens the layer panel, adds a layer, paints on it, moves it under and
/// hides it; killed right after, the drawing reopens with its layers as they were.
@Suite(.serialized) struct LayerPanelWindowTests {
    /// Which of red and blue the window shows more of at (x, y) — where the translucent marker strokes cross, the
    /// one on top — or nil for neither (paper).
    func ink(_ session: AppSession, atX x: Double, y: Double) -> String? {
        guard let pixel = session.image?.rgba(x: Int(x), y: Int(y)) else { return nil }
        if Int(pixel.red) > Int(pixel.blue) + 20 { return "red" }
        if Int(pixel.blue) > Int(pixel.red) + 20 { return "blue" }
        return nil
    }

    @Test func theLayerPanelMakesOrdersAndHidesLayersThatTheFileKeeps() throws {
        let session = try AppSession.withTablet()
        #expect(try session.resizeWindow(width: 1200, height: 700, pixelsWide: 1200))
        let layout = ToolbarLayout(width: 1200, showsClose: true)
        func button(_ action: ToolbarLayout.Action) throws -> (Double, Double) {
            let found = try #require(layout.buttons.first { $0.action == action })
            return (found.x + 20, 24)
        }
        let panel = LayerPanel(windowWidth: 1200, windowHeight: 700)
        func tap(_ box: LayerPanel.Box) throws { try session.pen([(box.x + box.width / 2, box.y + box.height / 2)]) }

        // Red across on layer 1, with the marker (wide enough to find).
        try session.pen([try button(.brush(2))])
        try session.pen([try button(.color(1))])
        try session.pen(points((150, 400), (600, 400)), pressure: 1)
        // A new layer, blue down it.
        try session.pen([try button(.layers)])
        try tap(panel.button(.add))
        try session.key(1)  // Escape closes the panel
        try session.pen([try button(.color(4))])
        try session.pen(points((400, 250), (400, 600)), pressure: 1)
        #expect(session.pump(until: { ink(session, atX: 400, y: 400) == "blue" }), "the new layer is not on top")
        #expect(ink(session, atX: 200, y: 400) == "red")

        // Down: the blue layer goes under the red one.
        try session.pen([try button(.layers)])
        try tap(panel.button(.lower))
        #expect(session.pump(until: { ink(session, atX: 400, y: 400) == "red" }), "the layer did not go under")
        // Its eye hides it (row 1: the bottom of two).
        try tap(panel.eye(1))
        #expect(session.pump(until: { ink(session, atX: 400, y: 300) == nil }), "the layer did not hide")
        #expect(ink(session, atX: 200, y: 400) == "red")
        try session.key(1)  // Escape closes the panel: the canvas shows whole.
        let panelArea = panel.shown(panel.row(3))
        #expect(
            session.pump(until: {
                session.image?.rgba(x: Int(panelArea.x + 20), y: Int(panelArea.y + 5)).red == 255
            }), "the panel did not close")
        session.settle(.milliseconds(300))
        let lastFrame = try #require(session.image)
        let dataHome = session.dataHome
        _ = session.kill()

        // What the window showed is what the file renders.
        let rendered = dataHome.appendingPathComponent("rendered.png")
        let render = try maliang(["render", session.documentURL.path, "-o", rendered.path])
        #expect(render.status == 0, "\(render.output)")
        let comparison = FrameComparison(
            frame: lastFrame, render: try PNG.decode(try Data(contentsOf: rendered), depth: .eight), top: 48,
            width: 1200, height: 700 - 48 - 28, tolerance: 3)
        #expect(comparison.differing <= comparison.compared / 2000, "\(comparison)")
        let info = try maliang(["info", session.documentURL.path])
        #expect(info.output.contains("Layer 1 (normal, 100 %): 1 element"), "\(info.output)")
        #expect(info.output.contains("Layer 2 (normal, 100 %, hidden): 1 element"), "\(info.output)")

        let next = try AppSession.withTablet(dataHome: dataHome)
        #expect(try next.resizeWindow(width: 1200, height: 700, pixelsWide: 1200))
        #expect(next.pump(until: { ink(next, atX: 200, y: 400) == "red" }), "the red stroke is gone")
        #expect(ink(next, atX: 400, y: 300) == nil, "the hidden layer shows")
        // Shown again, it is under the red one.
        try next.pen([try button(.layers)])
        try next.pen([(panel.eye(1).x + 12, panel.eye(1).y + 12)])
        #expect(next.pump(until: { ink(next, atX: 400, y: 300) == "blue" }), "the hidden layer did not come back")
        #expect(ink(next, atX: 400, y: 400) == "red")
        #expect(next.terminate() == 0)
    }
}
