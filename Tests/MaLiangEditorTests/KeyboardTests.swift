import MaLiangCore
import Testing

@testable import MaLiangEditor

/// Every shortcut and every key a panel takes, routed by the editing core from the shell's ``KeyEvent``s: no
/// compositor, no keymap.
@Suite struct KeyboardTests {
    /// A key pressed: `character` is a lower-case letter, digit or punctuation; `keysym` a named key.
    func key(
        _ character: Character? = nil, keysym: UInt32? = nil, text: String? = nil, control: Bool = false,
        shift: Bool = false, pressed: Bool = true
    ) -> KeyEvent {
        let symbol = keysym ?? Keysym.character(character ?? " ")
        let typed = text ?? character.map { shift ? String($0).uppercased() : String($0) } ?? ""
        return KeyEvent(keysym: symbol, text: control ? "" : typed, pressed: pressed, control: control, shift: shift)
    }

    @Test(arguments: [
        ("Ctrl+Z", KeyEvent(keysym: 0x7a, control: true), Request?.none),
        ("Ctrl+S", KeyEvent(keysym: 0x73, control: true), .save),
        ("Ctrl+Shift+S", KeyEvent(keysym: 0x73, control: true, shift: true), .saveAs),
        ("Ctrl+O", KeyEvent(keysym: 0x6f, control: true), .open),
        ("Ctrl+V", KeyEvent(keysym: 0x76, control: true), .paste),
        ("Ctrl+Shift+E", KeyEvent(keysym: 0x65, control: true, shift: true), .exportPNG),
        ("F11", KeyEvent(keysym: Keysym.f11), .toggleFullscreen),
        ("F1", KeyEvent(keysym: Keysym.f1), .toggleShortcuts),
        ("?", KeyEvent(keysym: 0x3f, text: "?", shift: true), .toggleShortcuts),
        ("Shift+/", KeyEvent(keysym: 0x2f, text: "?", shift: true), .toggleShortcuts),
    ])
    func aShortcutAsksTheShell(name: String, key: KeyEvent, request: Request?) throws {
        let session = try makeSession()
        let effects = session.handle(key)
        if let request { #expect(effects.requests == [request], "\(name)") } else { #expect(effects.requests.isEmpty) }
    }

    @Test func undoRedoAndClearChangeTheDrawing() throws {
        let session = try makeSession()
        var pen = Gesture(.tool(1), .pen)
        _ = session.drag(&pen, line((300, 300), (500, 400)))
        #expect(session.strokes.count == 1)
        #expect(!session.handle(key("z", control: true)).changes.isEmpty)
        #expect(session.strokes.isEmpty)
        #expect(!session.handle(key("z", control: true, shift: true)).changes.isEmpty)
        #expect(session.strokes.count == 1)
        _ = session.handle(key("z", control: true))
        #expect(!session.handle(key("y", control: true)).changes.isEmpty)
        #expect(session.strokes.count == 1)
        #expect(!session.handle(key(keysym: Keysym.delete, control: true)).changes.isEmpty)
        #expect(session.strokes.isEmpty)
    }

    @Test func brushKeysChooseAndSizeTheBrush() throws {
        let session = try makeSession()
        _ = session.handle(key("3"))
        #expect(session.style.preset == 2)
        let size = session.style.current.base.pointSize
        #expect(session.handle(key("]")).requests == [.brushOutlineChanged])
        #expect(session.style.current.base.pointSize > size)
        _ = session.handle(key("["))
        #expect(abs(session.style.current.base.pointSize - size) < 1e-9)
        _ = session.handle(key("e"))
        #expect(session.style.preset == BrushStyle.eraserIndex)
        _ = session.handle(key("b"))
        #expect(session.style.preset == 0)
    }

    @Test func viewKeysFitAndShowActualPixels() throws {
        let session = try makeSession()
        _ = session.zoom(by: 3, aboutX: 100, y: 100)
        _ = session.handle(key("1", control: true))
        #expect(session.view.scale == 1)
        _ = session.zoom(by: 3, aboutX: 100, y: 100)
        _ = session.handle(key("0"))
        let fitted = session.view.scale
        #expect(fitted != 3)
        _ = session.zoom(by: 2, aboutX: 100, y: 100)
        _ = session.handle(key("0", control: true))
        #expect(session.view.scale == fitted)
    }

    @Test func pTurnsFingerPaintingOffAndOn() throws {
        let session = try makeSession()
        #expect(!session.penOnly)
        #expect(session.handle(key("p")).messages.map(\.text) == ["Fingers only move the view"])
        #expect(session.penOnly)
        _ = session.handle(key("p"))
        #expect(!session.penOnly)
    }

    @Test func spaceHeldPansWithTheMouseUntilLetGoOrTheKeyboardLeaves() throws {
        let session = try makeSession()
        _ = session.handle(key(" "))
        #expect(session.input.spaceHeld)
        _ = session.handle(key(" ", pressed: false))
        #expect(!session.input.spaceHeld)
        _ = session.handle(key(" "))
        _ = session.keyboardLeft()
        #expect(!session.input.spaceHeld)
    }

    @Test func deleteAndBackspaceDeleteTheSelectedImage() throws {
        for keysym in [Keysym.delete, Keysym.backspace] {
            let session = try makeSession()
            _ = session.insertImage(png: try testPNG())
            #expect(session.selection != nil)
            #expect(!session.handle(key(keysym: keysym)).changes.isEmpty)
            #expect(session.chartlets.isEmpty)
        }
    }

    @Test func functionKeysOpenOnePanelAtATime() throws {
        let session = try makeSession()
        _ = session.handle(key(keysym: Keysym.f6))
        #expect(session.panels.open == .layers)
        _ = session.handle(key(keysym: Keysym.f5))
        #expect(session.panels.open == .brushEditor)
        _ = session.handle(key("n", control: true))
        #expect(session.panels.open == .newDrawing)
        _ = session.handle(key(keysym: Keysym.f5))
        #expect(session.panels.open == .brushEditor)
        _ = session.handle(key(keysym: Keysym.f5))
        #expect(session.panels.open == nil)
    }

    @Test func theNewPanelTakesReturnAndEscape() throws {
        let session = try makeSession()
        _ = session.handle(key("n", control: true))
        _ = session.handle(key(keysym: Keysym.escape))
        #expect(session.panels.open == nil)
        _ = session.handle(key("n", control: true))
        let effects = session.handle(key(keysym: Keysym.keypadEnter))
        #expect(session.panels.open == nil)
        #expect(effects.requests == [.newDocument(size: session.newDrawingSize, background: session.newDrawingPaper)])
    }

    @Test func theColourPanelTakesHexDigitsOnlyWhileOpen() throws {
        let session = try makeSession()
        // Closed: "e" is the eraser.
        _ = session.handle(key("e"))
        #expect(session.style.preset == BrushStyle.eraserIndex)
        _ = session.handle(key("b"))
        _ = session.press(.colorWheel)
        for character in "3a7bd5" { _ = session.handle(key(character)) }
        #expect(session.panels.hexDraft == "3A7BD5")
        #expect(session.style.preset == 0)
        _ = session.handle(key(keysym: Keysym.backspace))
        _ = session.handle(key(keysym: 0xffb5))  // the keypad's 5
        _ = session.handle(key(keysym: Keysym.returnKey))
        #expect(session.style.color.hex == "3A7BD5")
        #expect(session.panels.hexDraft == nil)
        _ = session.handle(key(keysym: Keysym.escape))
        #expect(session.panels.open == nil)
    }

    @Test func aBrushNameBeingTypedTakesEveryKeyThatTypes() throws {
        let session = try makeSession()
        _ = session.handle(key(keysym: Keysym.f5))
        session.panels.brushNameDraft = ""
        for character in "ink p" { _ = session.handle(key(character)) }
        _ = session.handle(key("e", text: "E", shift: true))
        // Space typed a space and "p" and "e" typed letters: no pan, no pen-only, no eraser.
        #expect(session.panels.brushNameDraft == "ink pE")
        #expect(!session.input.spaceHeld)
        #expect(!session.penOnly)
        #expect(session.style.preset == 0)
        // A shortcut with Control still works.
        #expect(session.handle(key("s", control: true)).requests == [.save])
        _ = session.handle(key(keysym: Keysym.escape))
        #expect(session.panels.brushNameDraft == nil)
    }

    @Test func aLayerNameBeingTypedTakesEveryKeyThatTypes() throws {
        let session = try makeSession()
        _ = session.handle(key(keysym: Keysym.f6))
        let current = session.currentLayer
        session.panels.layerNameDraft = ""
        for character in "sky 1" { _ = session.handle(key(character)) }
        _ = session.handle(key(keysym: Keysym.returnKey))
        #expect(session.document.layer(current)?.name == "sky 1")
        #expect(session.panels.layerNameDraft == nil)
        // Escape with no name being typed closes the panel.
        _ = session.handle(key(keysym: Keysym.escape))
        #expect(session.panels.open == nil)
    }

    @Test func keysLetGoAndUnknownKeysDoNothing() throws {
        let session = try makeSession()
        #expect(session.handle(key("z", control: true, pressed: false)).isEmpty)
        #expect(session.handle(key("q")).isEmpty)
        #expect(session.handle(key(keysym: 0xffe1)).isEmpty)  // Shift alone
    }
}
