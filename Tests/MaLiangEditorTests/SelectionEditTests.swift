import Foundation
import MaLiangCore
import MaLiangStore
import Testing

@testable import MaLiangEditor

/// What the selection tool does to what it holds besides moving it: copy, cut, paste, duplicate, recolour, another
/// layer — each one undo step.
@Suite struct SelectionEditTests {
    func sessionWithAStroke() throws -> EditingSession {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((100, 200), (300, 200)))
        _ = session.selectAll()
        return session
    }

    func copiedData(_ effects: Effects) -> Data? {
        for request in effects.requests { if case .copyElements(let data) = request { return data } }
        return nil
    }

    @Test func copyCutAndPasteKeepEveryStrokeAsItWas() throws {
        let session = try sessionWithAStroke()
        _ = session.transformSelection(.rotation(0.3, about: Point(x: 200, y: 150)))
        let original = session.strokes[0]
        let data = try #require(copiedData(session.handle(KeyEvent(keysym: Keysym.character("c"), control: true))))
        #expect(session.document.elements.count == 1)
        var effects = session.pasteElements(data)
        #expect(session.document.elements.count == 2)
        let pasted = session.strokes[1]
        #expect(
            pasted.id != original.id && pasted.samples == original.samples && pasted.transform == original.transform)
        #expect(pasted.brush == original.brush && pasted.seed == original.seed)
        #expect(session.elementSelection?.ids == [pasted.id])
        // One undo takes the paste back.
        effects = session.perform(.undo)
        #expect(session.document.elements.count == 1 && !effects.changes.isEmpty)
        // Cut: on the clipboard, and gone (one undo step).
        _ = session.selectAll()
        let cut = try #require(copiedData(session.handle(KeyEvent(keysym: Keysym.character("x"), control: true))))
        #expect(session.document.elements.isEmpty)
        _ = session.pasteElements(cut)
        #expect(session.strokes.map(\.samples) == [original.samples])
    }

    @Test(arguments: ["", "[]", "{\"format\":2,\"elements\":[],\"textures\":{}}", "{\"format\":1}"])
    func pastingWhatIsNotOursChangesNothing(text: String) throws {
        let session = try sessionWithAStroke()
        let effects = session.pasteElements(Data(text.utf8))
        #expect(session.document.elements.count == 1)
        #expect(effects.messages.contains { $0.severity == .error && $0.text.hasPrefix("Cannot paste") })
    }

    /// A stroke whose samples no drawing holds (a position beyond the limits) is refused, not pasted.
    @Test func pastingImpossibleStrokesIsRefused() throws {
        let session = try sessionWithAStroke()
        var stroke = session.strokes[0]
        stroke.samples = StrokeSamples([InputSample(position: Point(x: 1e12, y: 0))])
        let data = try ElementClipboard.encode([.stroke(stroke)], textures: [:])
        let effects = session.pasteElements(data)
        #expect(session.document.elements.count == 1 && effects.messages.first?.severity == .error)
    }

    @Test func duplicateRecolourAndAnotherLayer() throws {
        let session = try sessionWithAStroke()
        _ = session.handle(KeyEvent(keysym: Keysym.character("d"), control: true))
        #expect(session.strokes.count == 2)
        let copy = session.strokes[1]
        #expect(copy.transform == .translation(dx: 24, dy: 24) && session.elementSelection?.ids == [copy.id])
        // C: the selected copy in the current colour.
        _ = session.perform(.color(1))
        _ = session.handle(KeyEvent(keysym: Keysym.character("c")))
        #expect(session.strokes[1].brush.base.color.red > 0.8 && session.strokes[0].brush.base.color.red < 0.1)
        // Shift+Page Up: onto a new layer above, which becomes current.
        let bottom = session.currentLayer
        _ = session.addLayer()
        _ = session.selectLayer(bottom)
        _ = session.select([copy.id])
        _ = session.handle(KeyEvent(keysym: Keysym.pageUp, shift: true))
        let top = try #require(session.document.layers.last)
        #expect(session.strokes[1].layer == top.id && session.currentLayer == top.id)
        #expect(session.strokes[0].layer == bottom)
        _ = session.perform(.undo)
        #expect(session.strokes[1].layer == bottom)
    }
}
