import MaLiangCore
import Testing

@testable import MaLiangEditor

/// New asks for the page and the paper: choices by pen or finger, Create (or Return) asks the shell for the drawing,
/// Cancel, Escape or a press beside the panel change nothing.
@Suite struct NewDrawingPanelTests {
    @Test func choicesAndCreate() throws {
        let session = try makeSession()
        #expect(session.perform(.newDocument).requests.isEmpty, "New made a drawing without asking")
        #expect(session.panels.isOpen(.newDrawing))
        var panel: NewDrawingPanel { session.newDrawingPanel }
        #expect(panel.x + NewDrawingPanel.width <= session.window.width && panel.x >= 0)
        // A finger first (after the pen, palm rejection would take it for a palm for half a second).
        var finger = Gesture(.touch(1), .finger)
        let none = panel.paper(5)
        _ = session.drag(&finger, [(none.x + 5, none.y + 5)])
        var pen = Gesture(.tool(1), .pen)
        let a4 = panel.size(2)
        _ = session.drag(&pen, [(a4.x + 5, a4.y + 5)])
        #expect(session.newDrawingSize == Size(width: 2480, height: 3508) && session.newDrawingPaper.alpha == 0)
        let create = panel.button(.create)
        let effects = session.drag(&pen, [(create.x + 5, create.y + 5)])
        #expect(effects.requests == [.newDocument(size: Size(width: 2480, height: 3508), background: .clear)])
        #expect(!session.panels.isOpen(.newDrawing) && session.strokes.isEmpty)
        // The choices stay for the next New; "like this drawing" takes this one's page and paper.
        _ = session.press(.newDocument)
        let like = session.newDrawingPanel.size(0)
        _ = session.drag(&pen, [(like.x + 5, like.y + 5)])
        let confirmed = try #require(session.confirmNewDrawing())
        #expect(confirmed.requests == [.newDocument(size: session.document.size, background: .clear)])
    }

    @Test func cancelEscapeAndAPressBesideChangeNothing() throws {
        let session = try makeSession()
        #expect(session.closeNewDrawingPanel() == nil && session.confirmNewDrawing() == nil)
        _ = session.perform(.newDocument)
        let cancel = session.newDrawingPanel.button(.cancel)
        var pen = Gesture(.tool(1), .pen)
        #expect(session.drag(&pen, [(cancel.x + 5, cancel.y + 5)]).requests.isEmpty)
        #expect(!session.panels.isOpen(.newDrawing))
        _ = session.perform(.newDocument)
        #expect(session.closeNewDrawingPanel() != nil && !session.panels.isOpen(.newDrawing))
        _ = session.perform(.newDocument)
        _ = session.drag(&pen, line((20, 600), (200, 600)))
        #expect(
            !session.panels.isOpen(.newDrawing) && session.strokes.isEmpty, "the press that closed the panel painted")
        // Another panel closes it.
        _ = session.perform(.newDocument)
        _ = session.press(.colorWheel)
        #expect(!session.panels.isOpen(.newDrawing) && session.panels.isOpen(.color))
    }
}
