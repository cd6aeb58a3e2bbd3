import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The one router, fed events as a compositor would send them: what each contact does, for every kind of device.
@Suite struct InputRoutingTests {
    @Test func aPenStrokeIsLiveWhileDrawnAndOneDocumentChangeAtPenUp() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        let down = session.handle(pen.event(.down, 100, 300))
        guard case .began(let begun)? = down.live.first else {
            Issue.record("no stroke began: \(down.live)")
            return
        }
        #expect(down.changes.isEmpty)
        var stamped = 0
        for x in stride(from: 110.0, through: 400, by: 10) {
            let effects = session.handle(pen.event(.move, x, 300))
            #expect(effects.changes.isEmpty)
            for case .stamps(let stamps) in effects.live { stamped += stamps.count }
            // Only the stamps' area changed: a damage rectangle near the pen, not a full redraw.
            #expect(effects.damage.count <= 1)
            if let damage = effects.damage.first { #expect(damage.x > x - 40 && damage.x + damage.width < x + 40) }
            #expect(!effects.redraw)
        }
        #expect(stamped > 20)
        let up = session.handle(pen.event(.up, 400, 300))
        #expect(up.insertedStrokes.map(\.id) == [begun.id])
        #expect(session.strokes.count == 1 && session.strokes[0].samples.count == 31)
        // The document point under the pen: the view puts the page just below the toolbar.
        let first = session.strokes[0].samples[0].position
        #expect(first == Point(x: 100, y: 300 - ToolbarLayout.height))
        #expect(!session.isDrawing)
    }

    @Test func theToolbarTakesPressesFromEveryDeviceAndNeverPaints() throws {
        let session = try makeSession()
        let layout = session.toolbar
        let pencil = try #require(layout.buttons.first { $0.action == .brush(1) })
        for (device, tool) in [(InputEvent.Device.tool(1), ToolKind.pen), (.mouse, .mouse), (.touch(3), .finger)] {
            var gesture = Gesture(device, tool, buttons: tool == .mouse ? .primary : [])
            let effects = session.drag(&gesture, line((pencil.x + 5, 20), (pencil.x + 300, 30)))
            #expect(effects.live.isEmpty && effects.changes.isEmpty, "\(device)")
        }
        #expect(session.style.preset == 1)
        #expect(session.document.elements.isEmpty)
        // Between the buttons, on our own title bar: a press moves the window, a second one maximizes.
        let last = try #require(layout.buttons.first { $0.action == .layers })
        let more = try #require(layout.buttons.first { $0.action == .more })
        let gap = (last.x + ToolbarLayout.button + more.x) / 2
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        let first = session.drag(&mouse, [(gap, 20)])
        #expect(first.requests.contains { if case .moveWindow = $0 { true } else { false } })
        let second = session.drag(&mouse, [(gap, 20)])
        #expect(second.requests.contains(.toggleMaximized))
    }

    @Test func theEraserEndOfThePenErases() throws {
        let session = try makeSession()
        var eraser = Gesture(.tool(2), .eraser)
        let effects = session.drag(&eraser, line((100, 300), (200, 300)))
        guard case .eraser = effects.insertedStrokes.first?.brush else {
            Issue.record("not an eraser stroke: \(effects.insertedStrokes)")
            return
        }
    }

    @Test func theMiddleButtonAndSpacePanWithoutPainting() throws {
        let session = try makeSession()
        var middle = Gesture(.mouse, .mouse, buttons: .middle)
        let before = session.view
        _ = session.drag(&middle, line((500, 400), (600, 450)))
        #expect(session.view.offsetX == before.offsetX + 100 && session.view.offsetY == before.offsetY + 50)
        _ = session.perform(.panHold(true))
        var left = Gesture(.mouse, .mouse, buttons: .primary)
        _ = session.drag(&left, line((500, 400), (450, 400)))
        _ = session.perform(.panHold(false))
        #expect(session.view.offsetX == before.offsetX + 50)
        #expect(session.document.elements.isEmpty)
        // The pen's lower barrel button turns it into a hand away from images.
        var pen = Gesture(.tool(1), .pen, buttons: .barrelLower)
        _ = session.drag(&pen, line((500, 400), (500, 300)))
        #expect(session.view.offsetY == before.offsetY - 50 && session.document.elements.isEmpty)
    }

    @Test func thePickerTakesTheNextPressInsteadOfPainting() throws {
        let session = try makeSession()
        _ = session.perform(.pickColor)
        var pen = Gesture(.tool(1), .pen)
        let effects = session.drag(&pen, line((300, 300), (350, 300)))
        #expect(effects.requests.contains(.pickColor(at: Point(x: 300, y: 300 - ToolbarLayout.height))))
        #expect(effects.live.isEmpty && session.document.elements.isEmpty && !session.isPickingColor)
        _ = session.pickColor(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        #expect(session.style.color == Color(red: 0.2, green: 0.4, blue: 0.6))
    }

    @Test func palmsAreIgnoredWhileAPenIsNearAndFingersPaintAfterTheTail() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.handle(pen.event(.hover, 600, 600))
        var palm = Gesture(.touch(1), .finger)
        palm.time = pen.time
        #expect(session.drag(&palm, line((200, 300), (400, 300))).live.isEmpty)
        _ = session.handle(pen.event(.leave, 600, 600))
        // Within half a second of the pen leaving, still a palm.
        palm.time = pen.time + 100_000
        #expect(session.drag(&palm, line((200, 300), (400, 300))).live.isEmpty)
        palm.time = pen.time + 600_000
        let painted = session.drag(&palm, line((200, 300), (400, 300)))
        #expect(painted.insertedStrokes.count == 1)
        #expect(session.strokes.first?.samples.first?.tool == .finger)
        // Pen only: fingers never paint.
        _ = session.perform(.togglePenOnly)
        var finger = Gesture(.touch(2), .finger)
        finger.time = palm.time + 1_000_000
        #expect(session.drag(&finger, line((200, 500), (400, 500))).live.isEmpty)
    }

    @Test func aSecondFingerTurnsAStrokeIntoAGesture() throws {
        let session = try makeSession()
        var one = Gesture(.touch(1), .finger)
        var two = Gesture(.touch(2), .finger)
        _ = session.handle(one.event(.down, 500, 400))
        _ = session.handle(one.event(.move, 510, 400))
        #expect(session.isDrawing)
        two.time = one.time
        let second = session.handle(two.event(.down, 600, 400))
        #expect(second.live.contains(.cancelled) && !session.isDrawing)
        let scale = session.view.scale
        _ = session.handle(two.event(.move, 700, 400))
        #expect(session.view.scale > scale * 1.5)
        _ = session.handle(one.event(.up, 510, 400))
        _ = session.handle(two.event(.up, 700, 400))
        #expect(session.document.elements.isEmpty)
    }

    @Test func undoAndRedoAreOneStepEachAndWaitForTheStrokeInProgress() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((100, 300), (300, 300)))
        _ = session.handle(pen.event(.down, 100, 500))
        #expect(session.perform(.undo).changes.isEmpty)
        _ = session.handle(pen.event(.up, 100, 500))
        #expect(session.strokes.count == 2)
        #expect(session.perform(.undo).changes.count == 1 && session.strokes.count == 1)
        #expect(session.perform(.redo).changes.count == 1 && session.strokes.count == 2)
        // The upper barrel button undoes too.
        #expect(session.handle(pen.event(.buttonPressed(.barrelUpper), 10, 10)).changes.count == 1)
        let remaining = session.document.elements
        #expect(remaining.count == 1)
        #expect(session.perform(.clear).changes == [.cleared(remaining)] && session.document.elements.isEmpty)
    }

    @Test func closingCommitsTheStrokeInProgress() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.handle(pen.event(.down, 100, 300))
        _ = session.handle(pen.event(.move, 200, 300))
        let effects = session.finishContacts()
        #expect(effects.insertedStrokes.count == 1 && session.strokes.count == 1 && !session.isDrawing)
    }

    @Test func absurdCoordinatesNeverReachTheDocument() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.handle(pen.event(.down, .nan, 300))
        _ = session.handle(pen.event(.move, .infinity, -.infinity))
        _ = session.handle(pen.event(.move, 1e300, 5))
        _ = session.handle(pen.event(.move, 200, 300))
        _ = session.handle(pen.event(.up, 200, 300))
        #expect(session.strokes.allSatisfy { stroke in stroke.samples.allSatisfy { $0.position.isFinite } })
        #expect(session.strokes.count == 1 && session.strokes[0].samples.count == 1)
        // Gestures with absurd values leave the view usable.
        _ = session.zoom(by: .nan, aboutX: 0, y: 0)
        _ = session.zoom(by: 1e9, aboutX: 0, y: 0)
        _ = session.pan(byX: .infinity, y: 5)
        _ = session.rotate(by: .nan, aboutX: 1, y: 1)
        #expect(session.view.scale == Limits.zoom.upperBound)
        #expect(session.view.offsetX.isFinite && session.view.rotation.isFinite)
    }
}
