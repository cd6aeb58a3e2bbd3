import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// A pad's rings and strips become whole steps, and each step changes its mode's setting.
struct PadMappingTests {
    @Test func aRingStepsEveryFifteenDegreesEitherWayAndAcrossTheTop() {
        var dial = PadDial()
        #expect(dial.turn(to: 350) == 0)  // where the finger lands: no step yet
        #expect(dial.turn(to: 10) == 1)  // 20° clockwise across the top: one step, 5° carried
        #expect(dial.turn(to: 20) == 1)  // 15°
        #expect(dial.turn(to: 340) == -2)  // 40° back across the top: two steps, 10° carried back
        dial.stop()
        #expect(dial.turn(to: 90) == 0)  // a finger put down elsewhere starts afresh
        #expect(dial.turn(to: 134) == 2)
        #expect(dial.turn(to: .nan) == 0)
    }

    @Test func aStripStepsEverySixteenthOfItsLength() {
        var dial = PadDial()
        #expect(dial.slide(to: 0) == 0)
        #expect(dial.slide(to: 65535) == 15)
        // Three steps back, less the almost-whole step carried from the way down.
        #expect(dial.slide(to: 65535 - 4096 * 3) == -2)
    }

    @Test func modesTakeTheRingsAndStripsActionsInTurn() {
        let mapping = PadMapping.standard
        #expect(mapping.button(0) == .undo && mapping.button(99) == .none && mapping.button(-1) == .none)
        #expect((0..<5).map(mapping.ring(mode:)) == [.brushSize, .zoom, .rotateView, .opacity, .brushSize])
        #expect(PadMapping(buttons: [], rings: [], strips: []).ring(mode: 3) == .none)
        // The names the desktop shows are words, every one different.
        #expect(Set(PadButtonAction.allCases.map(\.name)).count == PadButtonAction.allCases.count)
        #expect(Set(PadDialAction.allCases.map(\.name)).count == PadDialAction.allCases.count)
    }

    @Test func eachDialActionChangesItsSetting() throws {
        let session = try makeSession()
        let size = try #require(session.style.brush(eraser: false)?.base.pointSize)
        _ = session.turnDial(.brushSize, steps: 2)
        #expect(abs((session.style.brush(eraser: false)?.base.pointSize ?? 0) - size * 1.25 * 1.25) < 1e-9)
        let scale = session.view.scale
        _ = session.turnDial(.zoom, steps: -3)
        #expect(abs(session.view.scale - scale / pow(1.1, 3)) < 1e-9)
        _ = session.turnDial(.rotateView, steps: 2)
        #expect(abs(session.view.rotation - .pi / 6) < 1e-9)
        let opacity = try #require(session.style.brush(eraser: false)?.base.opacity)
        _ = session.turnDial(.opacity, steps: -1)
        #expect((session.style.brush(eraser: false)?.base.opacity ?? 1) < opacity)
        #expect(!session.turnDial(.none, steps: 5).redraw)
    }
}
