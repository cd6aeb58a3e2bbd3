import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// The ☰ menu in words: rows with their keys, reached by the keyboard as GNOME's menus are (F10, the arrows,
/// Return, Escape), and help among its rows.
@Suite(.serialized) struct MenuWindowTests {
    /// evdev key codes.
    static let (f10, down, up, end, enter, escape) = (
        UInt32(68), UInt32(108), UInt32(103), UInt32(107), UInt32(28), UInt32(1)
    )

    @Test func theKeyboardOpensTheMenuWalksItAndOpensHelpFromIt() throws {
        let session = try AppSession.withTablet()
        #expect(try session.resizeWindow(width: 600, height: 500, pixelsWide: 600))
        let layout = ToolbarLayout(width: 600, height: 500, showsClose: true)
        let frame = try #require(layout.menuFrame)
        let help = try #require(layout.menu.last)
        #expect(help.action == .help && help.isWorded && frame.y + frame.height <= 500)
        let closed = try #require(session.image)

        try session.key(Self.f10)
        #expect(session.pump(until: { session.image.map { differs($0, closed, in: frame) } == true }))
        // Our own title bar: the drawing's name and "all saved" on the menu's title row.
        let title = try #require(layout.menuList.titleRow)
        // Words on the menu's dark ground: some light pixels, far fewer than a row of light buttons has.
        let light = try #require(session.image.map { lightPixels($0, in: title) })
        #expect(light > 40 && light < 2000, "no title in the menu: \(light) light pixels")
        try session.key(Self.end)
        // The row the keyboard is on is filled with the chosen colour.
        #expect(session.pump(until: { session.image.map { isChosen($0, at: help) } == true }), "help is not lit")
        try session.image?.writePNG(to: "/tmp/menu-keyboard.png")
        try session.key(Self.enter)
        // The menu is gone and the list of keys covers the window's middle.
        #expect(
            session.pump(until: {
                guard let image = session.image else { return false }
                return !isChosen(image, at: help) && image.rgba(x: 300, y: 300).red < 40
            }), "Return on help did not show the keys")
        #expect(session.terminate() == 0)
    }

    @Test func escapeClosesTheMenuAndTheArrowsWrapAround() throws {
        let session = try AppSession.withTablet()
        #expect(try session.resizeWindow(width: 600, height: 500, pixelsWide: 600))
        let layout = ToolbarLayout(width: 600, height: 500, showsClose: true)
        let frame = try #require(layout.menuFrame)
        let closed = try #require(session.image)
        try session.key(Self.f10)
        try session.key(Self.up)  // from the first item round to the last
        let help = try #require(layout.menu.last)
        #expect(session.pump(until: { session.image.map { isChosen($0, at: help) } == true }))
        try session.key(Self.escape)
        #expect(session.pump(until: { session.image.map { !differs($0, closed, in: frame) } == true }))
        #expect(session.terminate() == 0)
    }

    /// Whether a menu row is filled with the chosen colour (near its top-right corner, clear of its words).
    func isChosen(_ image: Image, at item: ToolbarMenu.Item) -> Bool {
        let pixel = image.rgba(x: Int(item.x + item.width - 4), y: Int(item.y + 3))
        return abs(Int(pixel.red) - 120) < 12 && abs(Int(pixel.green) - 160) < 12 && abs(Int(pixel.blue) - 230) < 12
    }

    func lightPixels(_ image: Image, in box: (x: Double, y: Double, width: Double, height: Double)) -> Int {
        var count = 0
        for y in Int(box.y)..<Int(box.y + box.height) {
            for x in Int(box.x)..<Int(box.x + box.width) where image.rgba(x: x, y: y).red > 150 { count += 1 }
        }
        return count
    }

    func differs(_ a: Image, _ b: Image, in frame: (x: Double, y: Double, width: Double, height: Double)) -> Bool {
        var changed = 0
        for y in stride(from: Int(frame.y), to: Int(frame.y + frame.height), by: 4) {
            for x in stride(from: Int(frame.x), to: Int(frame.x + frame.width), by: 4)
            where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) {
                changed += 1
            }
        }
        return changed > 100
    }
}
