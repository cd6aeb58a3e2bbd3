import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// The brush, its size and the colour come back in the next session, as a painter left them.
@Suite(.serialized) struct KeptBrushesWindowTests {
    @Test func theBrushItsSizeAndTheColourComeBackNextTime() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-brushes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let first = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try first.resizeWindow(width: 1000, height: 700, pixelsWide: 1000))
        let layout = ToolbarLayout(width: 1000, showsClose: true)
        let blue = try #require(layout.buttons.first { $0.action == .color(4) })
        try first.pen([(blue.x + 20, 24)])
        try first.key(3)  // 2: the pencil
        for _ in 0..<3 { try first.key(27) }  // ]: larger, three times
        #expect(first.roundTrip())
        #expect(first.terminate() == 0)
        let kept = config.appendingPathComponent("maliang/brushes-in-use.json")
        #expect(FileManager.default.fileExists(atPath: kept.path))

        // A new drawing in the next session paints with them.
        let next = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        try next.pen(points((200, 400), (700, 400)), pressure: 1)
        _ = try next.nextImage()
        next.settle(.milliseconds(300))
        #expect(next.terminate() == 0)
        let file = try DocumentFile.open(at: next.documentURL, readOnly: true)
        defer { file.close() }
        guard case .stroke(let stroke) = try #require(file.document.elements.first) else {
            Issue.record("no stroke")
            return
        }
        let pencil = try #require(BrushPresets.brush(named: "pencil")).base
        #expect(stroke.brush.base.name == "pencil")
        #expect(abs(stroke.brush.base.pointSize - pencil.pointSize * 1.25 * 1.25 * 1.25) < 0.01)
        let color = ToolbarLayout.colors[4]
        #expect(
            abs(stroke.brush.base.color.red - color.red) < 0.01 && abs(stroke.brush.base.color.blue - color.blue) < 0.01
        )

        // A kept file that is not one (damaged, or from elsewhere) leaves the built-in brushes.
        try Data("{\"chosen\": 7".utf8).write(to: kept)
        let third = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        try third.pen(points((200, 400), (700, 400)), pressure: 1)
        _ = try third.nextImage()
        third.settle(.milliseconds(300))
        #expect(third.terminate() == 0)
        let plain = try DocumentFile.open(at: third.documentURL, readOnly: true)
        defer { plain.close() }
        if case .stroke(let stroke) = plain.document.elements.first { #expect(stroke.brush.base.name == "pen") }
    }
}
