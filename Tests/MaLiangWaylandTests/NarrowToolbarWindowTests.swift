import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// A window too narrow for the toolbar: what does not fit is in the menu behind "more", and works from there.
@Suite(.serialized) struct NarrowToolbarWindowTests {
    @Test(arguments: [Int32(1), 2])
    func theMenuHoldsWhatDoesNotFitAndItsColoursPaint(scale: Int32) throws {
        var options = ScriptedCompositor.Options()
        options.outputScale = scale
        let session = try AppSession.withTablet(options: options)
        #expect(try session.resizeWindow(width: 600, height: 500, pixelsWide: 600 * Int(scale)))
        let layout = ToolbarLayout(width: 600, showsClose: true)
        let more = try #require(layout.buttons.first { $0.action == .more })
        let red = try #require(layout.menu.first { $0.action == .color(1) })
        // Nothing is drawn beyond the window: close is at its right edge.
        let s = Double(scale)
        let image = try #require(session.image)
        // The close button's light tile (its corner; the middle is the X), and the X's centre.
        #expect(image.rgba(x: Int((600 - 41) * s), y: Int(7 * s)).red > 200, "no close button at the right edge")
        #expect(image.rgba(x: Int((600 - 24) * s), y: Int(24 * s)).red < 100)

        try session.mouse([(more.x + 20, 24)])
        #expect(session.pump(until: { (session.image.map { menuShown($0, layout: layout, scale: s) }) == true }))
        try session.mouse([(red.x + 20, red.y + 20)])
        #expect(session.pump(until: { (session.image.map { menuShown($0, layout: layout, scale: s) }) == false }))
        try session.pen(points((100, 300), (500, 300)), pressure: 1)
        #expect(
            session.pump(
                until: {
                    guard let pixel = session.image?.rgba(x: Int(300 * s), y: Int(300 * s)) else { return false }
                    return pixel.red > 150 && pixel.green < 80
                }, timeout: .seconds(5)), "the red from the menu does not paint")
        #expect(session.terminate() == 0)
    }

    /// At a fractional scale (wp_fractional_scale_v1 and a viewport) the buffer is 1.5 times the window, the toolbar
    /// is drawn for it, nothing lies beyond the window and the menu's colours paint.
    @Test func theToolbarFitsAtScaleOneAndAHalf() throws {
        var options = ScriptedCompositor.Options()
        options.outputScale = 2
        options.fractionalScale = 1.5
        let session = try AppSession.withTablet(options: options)
        let window = try #require(session.compositor.focusedToplevel)
        #expect(try session.resizeWindow(width: 600, height: 500, pixelsWide: 900) && session.image?.height == 750)
        let destination = try #require(window.surface.destination)
        #expect(destination.width == 600 && destination.height == 500 && window.surface.pixelsPerPoint == 1.5)
        let layout = ToolbarLayout(width: 600, showsClose: true)
        let more = try #require(layout.buttons.first { $0.action == .more })
        let image = try #require(session.image)
        #expect(image.rgba(x: Int((600 - 41) * 1.5), y: Int(7 * 1.5)).red > 200, "no close button at the right edge")
        #expect(image.rgba(x: Int((600 - 24) * 1.5), y: Int(24 * 1.5)).red < 100)
        try session.mouse([(more.x + 20, 24)])
        #expect(session.pump(until: { (session.image.map { menuShown($0, layout: layout, scale: 1.5) }) == true }))
        let red = try #require(layout.menu.first { $0.action == .color(1) })
        try session.mouse([(red.x + 20, red.y + 20)])
        #expect(session.pump(until: { (session.image.map { menuShown($0, layout: layout, scale: 1.5) }) == false }))
        try session.pen(points((100, 300), (500, 300)), pressure: 1)
        #expect(
            session.pump(
                until: {
                    guard let pixel = session.image?.rgba(x: 450, y: 450) else { return false }
                    return pixel.red > 150 && pixel.green < 80
                }, timeout: .seconds(5)), "the red from the menu does not paint at (300, 300)")
        #expect(session.terminate() == 0)
    }

    /// Whether the menu's red swatch shows where the layout puts it.
    func menuShown(_ image: Image, layout: ToolbarLayout, scale: Double) -> Bool {
        guard let red = layout.menu.first(where: { $0.action == .color(1) }) else { return false }
        let pixel = image.rgba(x: Int((red.x + 20) * scale), y: Int((red.y + 20) * scale))
        return pixel.red > 200 && pixel.green < 60
    }
}
