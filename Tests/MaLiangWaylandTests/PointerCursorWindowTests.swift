import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// The cursor says what a press would do: over the drawing the mouse's crosshair and the pen's brush outline, over
/// the toolbar and the panel that hangs from it the theme's arrow.
@Suite(.serialized) struct PointerCursorWindowTests {
    @Test func theArrowIsOverTheControlsAndTheCrosshairOverTheDrawing() throws {
        let session = try AppSession.withTablet()
        #expect(try session.resizeWindow(width: 1200, height: 700, pixelsWide: 1200))
        let compositor = session.compositor
        func cursorImage() -> Image? { compositor.pointerCursor.surface?.image }
        try compositor.sendPointer([.enter(x: 300, y: 300), .frame])
        #expect(session.pump(until: { cursorImage() != nil }, timeout: .seconds(5)), "no cursor after entering")
        let crosshair = try #require(cursorImage())

        try compositor.sendPointer([.motion(x: 300, y: 12), .frame])
        #expect(
            session.pump(until: { cursorImage() != crosshair }, timeout: .seconds(5)),
            "the crosshair stays over the toolbar")
        let arrow = try #require(cursorImage())
        // Along the toolbar the arrow is not set again.
        let setOverToolbar = compositor.pointerCursor.setCount
        try compositor.sendPointer([.motion(x: 340, y: 14), .frame, .motion(x: 380, y: 20), .frame])
        session.settle()
        #expect(compositor.pointerCursor.setCount == setOverToolbar)

        try compositor.sendPointer([.motion(x: 300, y: 300), .frame])
        #expect(
            session.pump(until: { cursorImage() == crosshair }, timeout: .seconds(5)),
            "the arrow stays over the drawing")

        // The layer panel (F6) is a control too; beside it, the drawing again.
        try session.key(64)
        session.settle()
        let panel = LayerPanel(windowWidth: 1200, windowHeight: 700)
        try compositor.sendPointer([.motion(x: panel.x + 40, y: panel.y + 60), .frame])
        #expect(
            session.pump(until: { cursorImage() == arrow }, timeout: .seconds(5)),
            "the crosshair stays over the open layer panel")
        try compositor.sendPointer([.motion(x: panel.x - 40, y: panel.y + 60), .frame])
        #expect(
            session.pump(until: { cursorImage() == crosshair }, timeout: .seconds(5)),
            "the arrow stays over the drawing beside the panel")
        #expect(session.terminate() == 0)
    }

    /// A pen hovering over the toolbar shows the arrow; back over the drawing, its brush outline.
    @Test func thePensArrowIsOverTheControlsAndItsOutlineOverTheDrawing() throws {
        let session = try AppSession.withTablet()
        let compositor = session.compositor
        try compositor.sendToolFrame(tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 300, y: 300)])
        #expect(session.pump(until: { compositor.toolCursor("pen").setCount == 1 }, timeout: .seconds(5)))
        let outline = try #require(compositor.toolCursor("pen").surface)
        try compositor.sendToolFrame(tool: "pen", [.motion(x: 300, y: 14)])
        #expect(
            session.pump(until: { compositor.toolCursor("pen").setCount == 2 }, timeout: .seconds(5)),
            "the outline stays over the toolbar")
        let arrow = try #require(compositor.toolCursor("pen").surface)
        #expect(arrow !== outline && arrow.image != outline.image)
        try compositor.sendToolFrame(tool: "pen", [.motion(x: 340, y: 20)])
        session.settle()
        #expect(compositor.toolCursor("pen").setCount == 2, "the arrow is set again along the toolbar")
        try compositor.sendToolFrame(tool: "pen", [.motion(x: 300, y: 300)])
        #expect(session.pump(until: { compositor.toolCursor("pen").surface === outline }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
    }
}
