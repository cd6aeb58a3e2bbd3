import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// A finger's panels on a real connection: after a tap the layer panel is drawn with rows a finger can hit, and
/// taps on those rows act and reach the file; a pen brings the compact panel back.
@Suite(.serialized) struct FingerSizedPanelsWindowTests {
    /// Whether the window shows the panel's "chosen" blue (the current layer's row) at a logical point.
    func chosen(_ session: AppSession, _ x: Double, _ y: Double, scale: Double) -> Bool {
        guard let pixel = session.image?.rgba(x: Int(x * scale), y: Int(y * scale)) else { return false }
        return abs(Int(pixel.red) - 120) < 12 && abs(Int(pixel.green) - 161) < 12 && abs(Int(pixel.blue) - 230) < 12
    }

    @Test(arguments: [Int32(1), 2])
    func aFingersLayerPanel(outputScale: Int32) throws {
        var options = ScriptedCompositor.Options()
        options.outputScale = outputScale
        let scale = Double(outputScale)
        let session = try AppSession.withTablet(options: options)
        let (width, height) = (1200.0, 760.0)
        #expect(try session.resizeWindow(width: Int32(width), height: Int32(height), pixelsWide: Int(width * scale)))
        let layout = ToolbarLayout(width: width, height: height, showsClose: true)
        let layers = try #require(layout.buttons.first { $0.action == .layers })
        try session.pen(points((150, 400), (600, 400)), pressure: 1)
        #expect(
            session.pump(until: {
                session.image.map { $0.rgba(x: Int(400 * scale), y: Int(400 * scale)).red < 80 } == true
            }))
        // Past palm rejection's half second after the pen.
        session.pastPalmRejection()
        try session.finger([(layers.x + 20, 24)])
        let touch = LayerPanel(windowWidth: width, windowHeight: height, fit: PanelFit(controls: .touch))
        let compact = LayerPanel(windowWidth: width, windowHeight: height)
        // The current layer's row, 44 high, reaches below where a compact row ends.
        let row = touch.row(0)
        #expect(row.height >= 44 && row.y + row.height > compact.row(0).y + compact.row(0).height + 10)
        #expect(
            session.pump(until: { chosen(session, row.x + row.width - 8, row.y + row.height - 3, scale: scale) }),
            "the layer panel is not drawn for a finger")
        try session.image?.writePNG(to: "/tmp/maliang-finger-panel-\(Int(scale)).png")
        func tap(_ box: LayerPanel.Box) throws { try session.finger([(box.x + box.width / 2, box.y + box.height / 2)]) }
        // New layer, then the bottom layer's eye (row 1 of two) hides the line.
        try tap(touch.button(.add))
        session.settle(.milliseconds(200))
        try tap(touch.eye(1))
        #expect(
            session.pump(until: {
                session.image.map { $0.rgba(x: Int(400 * scale), y: Int(400 * scale)).red > 200 } == true
            }),
            "a finger on the eye did not hide the layer")
        // A pen's press and lift on the panel's background gives the compact rows back.
        try session.pen([(touch.x + touch.width - 20, touch.y + touch.height - 4)])
        let lowRow = touch.row(0)
        #expect(
            session.pump(until: {
                !chosen(session, lowRow.x + lowRow.width - 8, lowRow.y + lowRow.height - 3, scale: scale)
            }),
            "the pen did not bring the compact panel back")
        #expect(session.terminate() == 0)
        let (image, _) = try session.render(session.documentURL.path)
        guard case .rgba8(let bytes) = image.pixels else {
            Issue.record("not 8-bit RGBA")
            return
        }
        // The page lies under the toolbar: window (400, 400) is drawing (400, 352).
        #expect(bytes[(352 * image.width + 400) * 4] > 200, "the hidden layer shows in the file")
    }

    /// A portrait tablet, 800×1280 at scale 2: a finger's brush editor is one column at full size, scrolls under
    /// the finger, and its Save (out of sight at first) saves the brush.
    @Test func onAPortraitTabletTheBrushEditorScrollsToSave() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-portrait-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        var options = ScriptedCompositor.Options()
        options.outputScale = 2
        let session = try AppSession.withTablet(options: options, environment: ["XDG_CONFIG_HOME": config.path])
        let (width, height) = (400.0, 640.0)
        #expect(try session.resizeWindow(width: Int32(width), height: Int32(height), pixelsWide: 800))
        let layout = ToolbarLayout(width: width, height: height, showsClose: true)
        let undo = try #require(layout.buttons.first { $0.action == .undo })
        // A finger's tap (undo, with nothing to undo) sizes the panels for a finger; F5 opens the editor.
        try session.finger([(undo.x + 20, 24)])
        try session.key(63)
        let editor = BrushEditorPanel(
            layout: layout, windowWidth: width, windowHeight: height, fit: PanelFit(controls: .touch))
        #expect(editor.isSingleColumn && editor.zoom == 1 && editor.placement.furthest > 0)
        let preview = editor.shown(editor.preview)
        #expect(
            session.pump(until: {
                BrushEditorWindowTests().inkHeight(
                    session, x: preview.x + preview.width / 2, fromY: preview.y, toY: preview.y + preview.height,
                    scale: 2) > 2
            }), "the editor's preview does not show")
        // Drags up its left margin (the panel's background) take it to its end.
        let margin = editor.x + 5
        for _ in 0..<4 { try session.finger(points((margin, 600), (margin, 200), count: 8)) }
        let end = BrushEditorPanel(
            layout: layout, windowWidth: width, windowHeight: height,
            fit: PanelFit(controls: .touch, scroll: 1_000_000))
        let save = end.shown(end.button(.save))
        #expect(save.y + save.height < height)
        session.settle(.milliseconds(300))
        try session.image?.writePNG(to: "/tmp/maliang-portrait-editor.png")
        try session.finger([(save.x + save.width / 2, save.y + save.height / 2)])
        try session.key(28)  // Return keeps the name offered
        let folder = config.appendingPathComponent("maliang/brushes")
        #expect(
            session.pump(until: {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains {
                    $0.hasSuffix(".maliang-brush")
                }
            }), "the scrolled Save saved no brush")
        #expect(session.terminate() == 0)
    }
}
