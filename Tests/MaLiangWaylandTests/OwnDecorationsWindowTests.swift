import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

/// Where the compositor draws no decorations (GNOME, weston): the window's own — a border the mouse resizes from,
/// minimise, maximise and close — and a first size that fits the screen.
@Suite(.serialized) struct OwnDecorationsWindowTests {
    @Test func theBorderResizesAndTheWindowButtonsWork() throws {
        let session = try AppSession.withTablet()
        let window = try #require(session.compositor.focusedToplevel)
        // A press of the mouse on the left border, then the bottom-right corner.
        try session.compositor.sendPointer([.enter(x: 2, y: 400), .frame, .button(0x110, pressed: true), .frame])
        try session.compositor.sendPointer([.button(0x110, pressed: false), .frame])
        try session.compositor.sendPointer([.motion(x: 1278, y: 798), .frame, .button(0x110, pressed: true), .frame])
        try session.compositor.sendPointer([.button(0x110, pressed: false), .frame])
        #expect(session.pump(until: { window.resizeRequests.count == 2 }, timeout: .seconds(5)))
        #expect(window.resizeRequests == [.left, .bottomRight])

        let layout = ToolbarLayout(width: 1280, showsClose: true)
        let minimize = try #require(layout.buttons.first { $0.action == .minimize })
        let maximize = try #require(layout.buttons.first { $0.action == .maximize })
        try session.mouse([(minimize.x + 20, 24)])
        #expect(session.pump(until: { window.minimizeRequests == 1 }, timeout: .seconds(5)))
        try session.mouse([(maximize.x + 20, 24)])
        #expect(session.pump(until: { window.wantsMaximized }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
        #expect(try maliang(["info", session.documentURL.path]).output.contains("strokes: 0"))
    }

    @Test func theFirstSizeFitsASmallScreen() throws {
        var options = ScriptedCompositor.Options()
        options.outputWidth = 1000
        options.outputHeight = 700
        // Bounds wider than nine tenths of the screen: the screen's fit stands (whichever is smaller).
        options.windowBounds = (1800, 1000)
        let session = try AppSession.withTablet(options: options)
        #expect(
            session.pump(until: { session.image?.width == 900 && session.image?.height == 630 }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
    }

    /// The work area the compositor tells (configure_bounds: a screen less its panels) bounds the first size from
    /// the first frame on.
    @Test func theFirstSizeFitsTheBoundsTheCompositorGives() throws {
        var options = ScriptedCompositor.Options()
        options.windowBounds = (1000, 560)
        let session = try AppSession.withTablet(options: options)
        let first = try #require(session.image)
        #expect(first.width == 1000 && first.height == 560, "\(first.width)×\(first.height)")
        #expect(session.terminate() == 0)
    }
}
