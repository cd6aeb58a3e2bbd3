import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The mirrored view and symmetry painting, driven as a user drives them: keys, the toolbar, pen, finger and mouse.
@Suite struct MirrorAndSymmetryTests {
    /// H mirrors the view about the canvas's middle and back; the drawing does not change, and a pen lands where it
    /// points in either view.
    @Test func theMirroredViewKeepsTheDrawingAndWhereInputLands() throws {
        let session = try makeSession()
        _ = session.rotate(by: 0.4, aboutX: 300, y: 500)
        _ = session.zoom(by: 1.7, aboutX: 700, y: 400)
        let before = session.view
        let middle = session.documentPoint(x: 640, y: 300)
        _ = session.handle(KeyEvent(keysym: Keysym.character("h")))
        #expect(session.view.mirrored)
        // The vertical line through the window's middle stays where it is.
        let after = session.documentPoint(x: 640, y: 300)
        #expect(abs(after.x - middle.x) < 1e-9 && abs(after.y - middle.y) < 1e-9)
        // What was right of the middle is as far left of it now.
        let right = session.documentPoint(x: 640 + 200, y: 300)
        let (x, y) = before.apply(right.x, right.y)
        #expect(abs(x - (640 - 200)) < 1e-6 && abs(y - 300) < 1e-6)
        // A stroke lands under the pen, and is stored unmirrored in the drawing.
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((300, 300), (500, 400)))
        let stroke = try #require(session.strokes.first)
        let first = try #require(stroke.samples.first)
        let shown = session.view.apply(first.position.x, first.position.y)
        // Within the 32-bit float the document keeps positions in.
        #expect(abs(shown.0 - 300) < 1e-3 && abs(shown.1 - 300) < 1e-3)
        // Fit and actual pixels keep the mirror; H again shows the drawing as drawn, exactly as before.
        _ = session.perform(.resetView)
        #expect(session.view.mirrored && session.view.rotation == 0)
        _ = session.perform(.actualPixels)
        #expect(session.view.mirrored && session.view.scale == 1)
        _ = session.handle(KeyEvent(keysym: Keysym.character("h")))
        #expect(!session.view.mirrored)
        #expect(session.document.elements.count == 1)
    }

    /// Fit centres the page in a mirrored view as in an unmirrored one.
    @Test func fitCentresAMirroredPage() throws {
        let session = try makeSession()
        _ = session.perform(.resetView)
        let unmirrored = session.view.apply(500, 400)
        _ = session.press(.mirrorView)
        _ = session.perform(.resetView)
        let mirrored = session.view.apply(500, 400)
        #expect(abs(mirrored.0 - unmirrored.0) <= 0.5 && abs(mirrored.1 - unmirrored.1) <= 0.5)
        // The page's left edge is now on the right.
        #expect(session.view.apply(0, 0).0 > session.view.apply(1000, 0).0)
    }

    /// Y steps through off, vertical, horizontal, both, radial and off; the spokes keys work in radial only, within
    /// 2…12.
    @Test func theSymmetryKeyStepsThroughTheModes() throws {
        let session = try makeSession()
        func key(_ character: Character) { _ = session.handle(KeyEvent(keysym: Keysym.character(character))) }
        #expect(session.symmetry == nil)
        key(",")
        #expect(session.symmetry == nil)
        var modes: [Symmetry.Mode?] = []
        for _ in 0..<5 {
            key("y")
            modes.append(session.symmetry?.mode)
        }
        #expect(modes == [.vertical, .horizontal, .both, .radial(spokes: 6), nil])
        key("y")
        #expect(session.symmetry == Symmetry(.vertical, center: Point(x: 500, y: 400)))
        for _ in 0..<3 { key("y") }
        for _ in 0..<20 { key(".") }
        #expect(session.symmetry?.mode == .radial(spokes: 12))
        for _ in 0..<20 { key(",") }
        #expect(session.symmetry?.mode == .radial(spokes: 2))
        // Off and on again: radial comes back with the spokes chosen.
        key("y")
        for _ in 0..<4 { key("y") }
        #expect(session.symmetry?.mode == .radial(spokes: 2))
    }

    /// A stroke drawn with symmetry is one element and one undo step that carries its symmetry, and its copies are
    /// shown live as it is drawn: every stamp and its mirror image.
    @Test func aSymmetricStrokeIsOneElementShownWithItsCopiesLive() throws {
        let session = try makeSession()
        _ = session.setSymmetry(Symmetry(.vertical, center: Point(x: 500, y: 400)))
        var pen = Gesture(.tool(1), .pen)
        let effects = session.drag(&pen, line((200, 200), (400, 300), count: 30))
        #expect(session.document.elements.count == 1)
        let stroke = try #require(session.strokes.first)
        #expect(stroke.symmetry == Symmetry(.vertical, center: Point(x: 500, y: 400)))
        var live: [Stamp] = []
        for case .stamps(let stamps) in effects.live { live += stamps }
        #expect(!live.isEmpty && live.count.isMultiple(of: 2))
        // Each stamp left of the centre line has its mirror image right of it.
        let left = live.filter { $0.x < 500 }
        let right = Set(live.filter { $0.x > 500 }.map { [Int(($0.x * 100).rounded()), Int(($0.y * 100).rounded())] })
        #expect(left.count == live.count / 2)
        #expect(
            left.allSatisfy { right.contains([Int(((1000 - $0.x) * 100).rounded()), Int(($0.y * 100).rounded())]) })
        // What the document will stamp again is what was shown.
        var builder = stroke.makeBuilder()
        var again = builder.add(stroke.samples)
        builder.finish(into: &again)
        #expect(again.count == live.count)
        // One undo takes all of it away, one redo brings it back.
        _ = session.perform(.undo)
        #expect(session.document.elements.isEmpty)
        _ = session.perform(.redo)
        #expect(session.strokes.first == stroke)
    }

    /// The mouse and a finger move the guide's centre from its handle; the pen's tip paints there (a stroke can start at
    /// the centre), its lower button moves it. Turning symmetry off and on keeps the centre.
    @Test func theGuideCentreMovesByMouseFingerAndPenButton() throws {
        let session = try makeSession()
        _ = session.setSymmetry(Symmetry(.radial(spokes: 8), center: Point(x: 500, y: 400)))
        let shown = try #require(session.symmetryCenterInWindow)
        var mouse = Gesture(.mouse, .mouse, buttons: .primary)
        _ = session.drag(&mouse, line((shown.x + 3, shown.y), (shown.x + 103, shown.y + 50)))
        #expect(session.symmetry?.center == Point(x: 600, y: 450))
        #expect(session.document.elements.isEmpty)
        var finger = Gesture(.touch(1), .finger)
        _ = session.drag(&finger, line((shown.x + 100 + 15, shown.y + 50), (shown.x + 15, shown.y), count: 20))
        #expect(session.symmetry?.center == Point(x: 500, y: 400))
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((shown.x, shown.y), (shown.x + 80, shown.y)))
        #expect(session.symmetry?.center == Point(x: 500, y: 400))
        #expect(session.strokes.count == 1 && session.strokes[0].symmetry?.mode == .radial(spokes: 8))
        var barrel = Gesture(.tool(1), .pen, buttons: .barrelLower)
        _ = session.drag(&barrel, line((shown.x, shown.y), (shown.x - 40, shown.y - 30)))
        #expect(session.symmetry?.center == Point(x: 460, y: 370))
        _ = session.press(.symmetry)
        #expect(session.symmetry == nil)
        for _ in 0..<4 { _ = session.press(.symmetry) }
        #expect(session.symmetry == Symmetry(.radial(spokes: 8), center: Point(x: 460, y: 370)))
    }

    /// A centre out of reach is brought within the coordinate limit; one that is not a number is the origin.
    @Test func aCentreOutOfReachIsBroughtWithinTheLimits() throws {
        let session = try makeSession()
        _ = session.setSymmetry(Symmetry(.both, center: Point(x: 1e300, y: -.infinity)))
        #expect(session.symmetry?.center.isFinite == true)
        _ = session.setSymmetry(Symmetry(.both, center: Point(x: .nan, y: 3)))
        #expect(session.symmetry?.center == Point(x: 0, y: 0))
    }
}
