import Foundation
import MaLiangEditor
import TestCompositor
import Testing
import WaylandTestSupport

@testable import MaLiangWayland

/// The toolbar speaks: a tooltip with the action and its key under a button the pointer rests on, and the brush's
/// size and opacity and the zoom beside the buttons.
@Suite(.serialized) struct ToolbarWordsWindowTests {
    /// Dark pixels in a band under the toolbar around `x` (where a tooltip goes).
    func tooltipPixels(_ image: Image, x: Int) -> Int {
        var count = 0
        for y in 52..<80 {
            for column in max(0, x - 10)..<min(image.width, x + 150) {
                let pixel = image.rgba(x: column, y: y)
                if (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3 < 60 { count += 1 }
            }
        }
        return count
    }

    @Test func restingOnAButtonShowsItsTooltipAndMovingOffHidesIt() throws {
        let session = try AppSession.withTablet()
        // Undo is the first of the last group; find it as the app lays it out (1280 wide, close shown or not).
        let undoX = 4 + 8 * 44 + 12 + 9 * 44 + 12 + 4 * 44 + 12
        try session.compositor.sendPointer([.enter(x: Double(undoX + 20), y: 24), .frame])
        try session.compositor.sendPointer([.motion(x: Double(undoX + 21), y: 24), .frame])
        #expect(
            session.pump(
                until: { session.image.map { tooltipPixels($0, x: undoX) > 300 } ?? false }, timeout: .seconds(5)),
            "no tooltip under the undo button")
        try session.compositor.sendPointer([.motion(x: 600, y: 400), .frame])
        #expect(
            session.pump(
                until: { session.image.map { tooltipPixels($0, x: undoX) == 0 } ?? false }, timeout: .seconds(5)),
            "the tooltip stays after the pointer left")
        #expect(session.terminate() == 0)
    }

    @Test func theReadoutFollowsTheBrushSize() throws {
        let session = try AppSession.withTablet()
        // A window wide enough for the readout between the buttons and the window's own buttons.
        let window = try #require(session.compositor.focusedToplevel)
        session.compositor.configure(window, width: 1600, height: 800)
        #expect(session.pump(until: { session.image?.width == 1600 }, timeout: .seconds(5)))
        session.settle()
        let before = try #require(session.image)
        try session.key(0x1b)  // ]: a larger brush
        session.settle()
        let after = try #require(session.image)
        // The readout sits right of the last group of buttons, in the toolbar.
        let layout = ToolbarLayout(width: 1600, showsClose: true)
        let fit = try #require(layout.buttons.first { $0.action == .fit })
        let more = try #require(layout.buttons.first { $0.action == .more })
        let start = Int(fit.x + ToolbarLayout.button + 8)
        var changed = 0
        var lit = 0
        for y in 8..<40 {
            for x in start..<Int(more.x) - 4 {
                let a = before.rgba(x: x, y: y)
                let b = after.rgba(x: x, y: y)
                if a.red != b.red { changed += 1 }
                if b.red > 150 { lit += 1 }
            }
        }
        #expect(lit > 50, "no readout text beside the buttons")
        #expect(changed > 10, "the readout did not change with the size")
        #expect(session.terminate() == 0)
    }
}

/// The words themselves.
@Suite struct ToolbarWordsTests {
    @Test func tooltipsCarryTheValueTheirButtonChanges() {
        let readout = ToolbarWords.Readout(size: 6, opacity: 0.5, zoom: 0.25)
        #expect(ToolbarWords.tooltip(for: .larger, readout: readout) == "Larger brush (]) — 6.0 px")
        #expect(ToolbarWords.tooltip(for: .lighter, readout: readout) == "Lighter — 50 %")
        #expect(ToolbarWords.tooltip(for: .fit, readout: readout) == "Show the whole drawing (0) — zoom 25 %")
        #expect(ToolbarWords.tooltip(for: .undo, readout: readout) == "Undo (Ctrl+Z)")
        #expect(readout.lines == ["6.0 px · 50 %", "zoom 25 %"])
        #expect(ToolbarWords.Readout(size: nil, opacity: nil, zoom: 1).lines == ["zoom 100 %"])
    }
}
