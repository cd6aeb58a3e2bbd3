import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The selection tool driven as a user drives it: S, an outline drawn by pen, finger or mouse, the box's inside,
/// corners and turning handle, the keys; each change one undo step.
@Suite struct SelectionTests {
    /// Two strokes, one left and one right (window pixels; the toolbar is above the page).
    func sessionWithTwoStrokes() throws -> EditingSession {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((100, 200), (300, 200)))
        _ = session.drag(&pen, line((600, 200), (800, 300)))
        // The pen goes away, so fingers are not taken for a palm.
        _ = session.handle(pen.event(.leave, 800, 300))
        #expect(session.strokes.count == 2)
        return session
    }

    func lasso(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)] {
        line((x0, y0), (x1, y0)) + line((x1, y0), (x1, y1)) + line((x1, y1), (x0, y1)) + line((x0, y1), (x0, y0))
    }

    @Test(arguments: [ToolKind.pen, .mouse, .finger])
    func aLassoSelectsWhatItEnclosesAndADragMovesItAsOneUndoStep(tool: ToolKind) throws {
        let session = try sessionWithTwoStrokes()
        _ = session.handle(KeyEvent(keysym: Keysym.character("s")))
        #expect(session.tool == .select)
        let device: InputEvent.Device = tool == .finger ? .touch(1) : tool == .mouse ? .mouse : .tool(1)
        var contact = Gesture(device, tool, buttons: tool == .mouse ? .primary : [])
        contact.time = 10_000_000
        // Around the first stroke only.
        _ = session.drag(&contact, lasso(80, 170, 320, 230))
        let selection = try #require(session.elementSelection)
        let first = session.strokes[0]
        #expect(selection.ids == [first.id])
        #expect(session.document.elements.count == 2 && session.strokes[0].transform == nil)
        // Dragging inside moves it; the document changes once, at the end.
        var effects = session.drag(&contact, line((200, 200), (250, 250)))
        #expect(effects.changes.count == 1)
        let moved = try #require(session.strokes[0].transform)
        #expect(abs(moved.tx - 50) < 1e-9 && abs(moved.ty - 50) < 1e-9 && moved.a == 1 && moved.d == 1)
        #expect(session.strokes[1].transform == nil)
        effects = session.perform(.undo)
        #expect(session.strokes[0].transform == nil)
        effects = session.perform(.redo)
        #expect(session.strokes[0].transform == moved)
        #expect(!effects.changes.isEmpty)
    }

    /// A corner scales in proportion about the opposite corner; with Shift, freely. The turning handle turns about
    /// the box's middle.
    @Test func cornersScaleAndTheHandleTurns() throws {
        let session = try sessionWithTwoStrokes()
        _ = session.selectAll()
        let selection = try #require(session.elementSelection)
        #expect(selection.ids.count == 2)
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        let handles = session.selectionHandles(of: selection)
        // The bottom-right corner dragged half as far again from the top-left.
        let corner = handles.corners[2]
        let anchor = handles.corners[0]
        let target = (anchor.x + (corner.x - anchor.x) * 1.5, anchor.y + (corner.y - anchor.y) * 1.5)
        _ = session.drag(&mouse, line((corner.x, corner.y), target))
        let scaled = try #require(session.strokes[0].transform)
        #expect(abs(scaled.a - 1.5) < 1e-6 && abs(scaled.d - 1.5) < 1e-6 && abs(scaled.b) < 1e-9)
        // The top-left corner stayed.
        let after = try #require(session.elementSelection).corners()[0]
        #expect(after.distance(to: selection.corners()[0]) < 1e-6)
        // Shift: only across.
        _ = session.handle(KeyEvent(keysym: 0xffe1, pressed: true))
        let now = session.selectionHandles(of: try #require(session.elementSelection))
        _ = session.drag(&mouse, line((now.corners[2].x, now.corners[2].y), (now.corners[2].x + 100, now.corners[2].y)))
        _ = session.handle(KeyEvent(keysym: 0xffe1, pressed: false))
        let free = try #require(session.strokes[0].transform)
        #expect(free.a > 1.6 && abs(free.d - 1.5) < 1e-6)
        // The handle, turned a quarter about the middle.
        let turned = session.selectionHandles(of: try #require(session.elementSelection))
        let middle = session.view.apply(
            try #require(session.elementSelection).center.x, try #require(session.elementSelection).center.y)
        let radius = hypot(turned.turn.x - middle.0, turned.turn.y - middle.1)
        _ = session.drag(
            &mouse,
            [
                (turned.turn.x, turned.turn.y), (middle.0 + radius * 0.7, middle.1 - radius * 0.7),
                (middle.0 + radius, middle.1),
            ]
        )
        let rotation = try #require(session.strokes[1].transform)
        // Up to right is a quarter turn clockwise on screen: +x toward +y.
        let angle = atan2(rotation.b, rotation.a)
        #expect(abs(angle - .pi / 2) < 0.02)
        #expect(session.document.canUndo)
    }

    /// A finger dragging a corner scales in proportion; a second finger held anywhere makes it free, as Shift does,
    /// and paints nothing, undoes nothing and cancels nothing. Lifted, proportion comes back.
    @Test func aSecondFingerScalesACornerFreely() throws {
        let session = try sessionWithTwoStrokes()
        _ = session.selectAll()
        let selection = try #require(session.elementSelection)
        let corner = session.selectionHandles(of: selection).corners[2]
        let start: UInt64 = 10_000_000
        func touch(_ id: Int32, _ phase: InputEvent.Phase, _ x: Double, _ y: Double, _ at: UInt64) -> Effects {
            session.handle(
                InputEvent(device: .touch(id), phase: phase, tool: .finger, x: x, y: y, time: at, received: at))
        }
        _ = touch(1, .down, corner.x, corner.y, start)
        _ = touch(1, .move, corner.x + 10, corner.y, start + 8_000)
        // The second finger, far from the box, held while the first goes only across.
        _ = touch(2, .down, 1100, 700, start + 16_000)
        _ = touch(2, .move, 1130, 720, start + 20_000)
        _ = touch(1, .move, corner.x + 100, corner.y, start + 24_000)
        _ = touch(1, .up, corner.x + 100, corner.y, start + 32_000)
        _ = touch(2, .up, 1130, 720, start + 40_000)
        let free = try #require(session.strokes[0].transform)
        #expect(free.a > 1.1 && abs(free.d - 1) < 1e-6, "\(free)")
        #expect(session.strokes.count == 2 && session.elementSelection != nil)

        // Alone, a finger on the corner keeps the proportions.
        let now = session.selectionHandles(of: try #require(session.elementSelection)).corners[2]
        _ = touch(3, .down, now.x, now.y, start + 1_000_000)
        _ = touch(3, .move, now.x + 100, now.y, start + 1_008_000)
        _ = touch(3, .up, now.x + 100, now.y, start + 1_016_000)
        let proportional = try #require(session.strokes[0].transform)
        #expect(proportional.d > 1.05 && abs(proportional.a / free.a - proportional.d) < 0.2)
    }

    /// Shift+H flips across the box's middle (strokes take a mirroring transform, images mirror); Delete removes
    /// the selection as one undo step; Escape selects nothing.
    @Test func flipDeleteAndNone() throws {
        let session = try sessionWithTwoStrokes()
        _ = session.selectAll()
        let box = try #require(session.elementSelection).corners()
        _ = session.handle(KeyEvent(keysym: Keysym.character("h"), shift: true))
        let flipped = try #require(session.strokes[0].transform)
        #expect(flipped.flips && abs(flipped.a + 1) < 1e-9)
        // The box is where it was.
        let again = try #require(session.elementSelection).corners()
        #expect(
            Set(again.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" })
                == Set(box.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }))
        _ = session.perform(.deleteSelection)
        #expect(session.document.elements.isEmpty && session.elementSelection == nil)
        _ = session.perform(.undo)
        #expect(session.document.elements.count == 2)
        _ = session.selectAll()
        _ = session.handle(KeyEvent(keysym: Keysym.escape))
        #expect(session.elementSelection == nil)
    }

    /// The touched rule takes what the outline crosses; a rectangle outline works the same; a tap takes the
    /// element under it.
    @Test func rectangleTouchedAndTap() throws {
        let session = try sessionWithTwoStrokes()
        _ = session.perform(.selectTool)
        _ = session.perform(.selectionShape)
        _ = session.perform(.selectionRule)
        var pen = Gesture(.tool(1), .pen)
        // Crosses the middle of the first stroke, encloses none.
        _ = session.drag(&pen, line((180, 180), (220, 220)))
        #expect(session.elementSelection?.ids == [session.strokes[0].id])
        _ = session.drag(&pen, [(700, 250)])
        #expect(session.elementSelection?.ids == [session.strokes[1].id])
        _ = session.drag(&pen, [(500, 600)])
        #expect(session.elementSelection == nil)
    }

    /// A locked layer's elements cannot be selected, as it cannot be painted.
    @Test func aLockedLayerRefuses() throws {
        let session = try sessionWithTwoStrokes()
        _ = session.document.updateLayer(session.currentLayer) { $0.isLocked = true }
        let effects = session.selectAll()
        #expect(session.elementSelection == nil)
        #expect(effects.messages.contains { $0.text.contains("locked") })
    }

    /// Images take the transform as a placement: moved, scaled, mirrored by a flip.
    @Test func anImageFlipsAndScales() throws {
        let session = try makeSession()
        let (texture, _) = session.addImage(png: try testPNG())
        let (placed, _) = session.placeImage(
            try #require(texture), center: Point(x: 400, y: 300), size: Size(width: 100, height: 50))
        let chartlet = try #require(placed)
        _ = session.select([chartlet.id])
        _ = session.perform(.flipHorizontal)
        guard case .chartlet(let flipped) = session.document.elements[0] else { throw Failure() }
        #expect(flipped.isMirrored && abs(flipped.center.x - 400) < 1e-6)
        _ = session.transformSelection(.scale(x: 2, y: 2, about: Point(x: 400, y: 300)))
        guard case .chartlet(let scaled) = session.document.elements[0] else { throw Failure() }
        #expect(abs(scaled.size.width - 200) < 1e-6 && abs(scaled.size.height - 100) < 1e-6)
        // A move past the coordinate limit is kept inside it, as a whole.
        _ = session.transformSelection(.translation(dx: 5e6, dy: 0))
        guard case .chartlet(let far) = session.document.elements[0] else { throw Failure() }
        #expect(far.center.x + 100 <= Limits.coordinate + 1e-6 && abs(far.size.width - 200) < 1e-6)
    }

    struct Failure: Error {}
}
