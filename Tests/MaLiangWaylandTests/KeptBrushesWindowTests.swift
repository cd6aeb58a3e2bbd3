import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// The brush, its size and the colour come back in the next session, as a painter left them.
@Suite(.serialized) struct KeptBrushesWindowTests {
    /// The brush of a stroke painted across a fresh window on `config`, read from its file once it is closed; the
    /// window must have said `saying` first, when given.
    func brushPainted(with config: URL, saying: String? = nil) throws -> Brush? {
        let session = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        if let saying { #expect(session.pump(until: { session.log.contains(saying) }), "\(session.log)") }
        try session.pen(points((200, 400), (700, 400)), pressure: 1)
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        #expect(session.terminate() == 0)
        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        defer { file.close() }
        guard case .stroke(let stroke) = file.document.elements.first else { return nil }
        return stroke.brush.base
    }

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
        let brush = try #require(try brushPainted(with: config))
        let pencil = try #require(BrushPresets.brush(named: "pencil")).base
        #expect(brush.name == "pencil")
        #expect(abs(brush.pointSize - pencil.pointSize * 1.25 * 1.25 * 1.25) < 0.01)
        let color = ToolbarLayout.colors[4]
        #expect(abs(brush.color.red - color.red) < 0.01 && abs(brush.color.blue - color.blue) < 0.01)

        // A kept file that is not one (damaged, or from elsewhere) leaves the built-in brushes, and the window says so.
        try Data("{\"chosen\": 7".utf8).write(to: kept)
        #expect(try brushPainted(with: config, saying: "The last session's brushes are not used")?.name == "pen")
    }

    /// The selection tool chosen with a rectangle, and a finger's panels, are how the next session starts.
    @Test func theToolAndThePanelsSizeComeBackNextTime() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-tools-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let first = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        try first.key(31)  // S: the selection tool
        try first.key(19)  // R: a rectangle
        try first.finger([(600, 500)])
        #expect(first.roundTrip())
        #expect(first.terminate() == 0)
        let kept = try String(
            contentsOf: config.appendingPathComponent("maliang/brushes-in-use.json"), encoding: .utf8)
        #expect(kept.contains("\"tool\" : \"select\"") && kept.contains("\"shape\" : \"rectangle\""), "\(kept)")
        #expect(kept.contains("\"controls\" : \"touch\""), "\(kept)")

        // The pen selects in the next session, until S brings painting back.
        let next = try AppSession.withTablet(environment: ["XDG_CONFIG_HOME": config.path])
        try next.pen(points((200, 400), (700, 450)), pressure: 1)
        #expect(next.roundTrip())
        try next.key(31)
        try next.pen(points((200, 500), (700, 500)), pressure: 1)
        _ = try next.nextImage()
        #expect(next.terminate() == 0)
        let file = try DocumentFile.open(at: next.documentURL, readOnly: true)
        defer { file.close() }
        #expect(file.document.elements.count == 1)
    }
}
