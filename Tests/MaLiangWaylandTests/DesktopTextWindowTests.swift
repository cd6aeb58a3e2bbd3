import Foundation
import MaLiangEditor
import MaLiangStore
import Testing
import WaylandTestSupport

/// The panels follow the desktop's text size from the portal's Settings (GNOME's font and text scaling), through
/// the real xdg-desktop-portal: larger text, larger panels, words and controls together.
@Suite(.serialized) struct DesktopTextWindowTests {
    /// Whether the window shows the panel's "chosen" blue (the current layer's row) at a logical point.
    func chosen(_ session: AppSession, _ x: Double, _ y: Double) -> Bool {
        guard let pixel = session.image?.rgba(x: Int(x), y: Int(y)) else { return false }
        return abs(Int(pixel.red) - 120) < 12 && abs(Int(pixel.green) - 161) < 12 && abs(Int(pixel.blue) - 230) < 12
    }

    /// The current layer's row, its bottom-right corner just inside, where `panel` draws it.
    func rowCorner(_ panel: LayerPanel) -> (x: Double, y: Double) {
        let row = panel.shown(panel.row(0))
        return (row.x + row.width - 3, row.y + row.height - 3)
    }

    @Test func thePanelsGrowWithTheDesktopsText() throws {
        // Cantarell 13.5: half as large again as the panels' own 9 pt.
        let bus = try DesktopPortalBus(scheme: 1, font: "Cantarell 13.5")
        let session = try AppSession.withTablet(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let layout = ToolbarLayout(width: 1280, height: 800, showsClose: true)
        let layers = try #require(layout.buttons.first { $0.action == .layers })
        try session.pen([(layers.x + 20, 24)])
        let larger = LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(textScale: 1.5))
        #expect(larger.zoom == 1.5)
        let corner = rowCorner(larger)
        let plain = LayerPanel(windowWidth: 1280, windowHeight: 800).shown(LayerPanel(windowWidth: 1280).row(0))
        #expect(corner.y > plain.y + plain.height + 10)
        #expect(session.pump(until: { chosen(session, corner.x, corner.y) }), "the layer panel did not grow")
        try session.image?.writePNG(to: "/tmp/maliang-text-scale.png")
        // A press on the larger panel's New adds a layer.
        let add = larger.shown(larger.button(.add))
        try session.pen([(add.x + add.width / 2, add.y + add.height / 2)])

        // The desktop's scaling doubled: the panel grows as far as the window lets it.
        bus.growText()
        let largest = LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(textScale: 2))
        #expect(largest.zoom > 1.8 && largest.zoom < 2, "the window has no room for twice the size")
        let farther = rowCorner(largest)
        #expect(session.pump(until: { chosen(session, farther.x, farther.y) }), "the layer panel did not grow again")
        #expect(session.terminate() == 0)
        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        #expect(file.document.layers.count == 2, "the larger panel's New made no layer")
    }
}
