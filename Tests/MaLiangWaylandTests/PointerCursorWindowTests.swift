import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// The mouse's cursor says what a press would do: the theme's crosshair over the drawing, its arrow over the
/// toolbar and the panel that hangs from it.
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
}
