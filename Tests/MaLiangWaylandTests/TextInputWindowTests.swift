import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import TestCompositor
import Testing
import WaylandProtocol
import WaylandTestSupport

@testable import MaLiangWayland

/// Names and colours typed with an on-screen keyboard (zwp_text_input_v3), the test playing the input method: the
/// window enables text input for the field being typed in, with its words, purpose and place, shows the preedit,
/// takes committed words and deletions, and disables it when typing ends; the drawing keeps the result.
@Suite(.serialized) struct TextInputWindowTests {
    func session() throws -> AppSession {
        var options = ScriptedCompositor.Options()
        options.globals = ScriptedCompositor.Global.standard + [.textInputManager]
        let session = try AppSession.withTablet(options: options)
        try session.compositor.enterTextInput()
        session.roundTrip()
        return session
    }

    @Test func aLayerIsNamedWithTheOnScreenKeyboard() throws {
        let session = try session()
        let compositor = session.compositor
        #expect(compositor.textInput?.isEnabled == false, "enabled before anything is typed")
        try session.key(64)  // F6: the layer panel
        let panel = LayerPanel(windowWidth: 1280, windowHeight: 800)
        let row = panel.shown(panel.row(0))
        // A finger on the current layer's name starts typing a new one: the keyboard is asked for.
        try session.finger([(row.x + row.width / 2, row.y + row.height / 2)])
        #expect(session.pump(until: { compositor.textInput?.isEnabled == true }), "no text input enabled")
        let state = try #require(compositor.textInput)
        #expect(state.text == "Layer 1" && state.cursor == 7 && state.purpose == .normal)
        // Once the finger lifts the panel is a finger's: the field's place follows, for the keyboard to keep it in
        // view.
        let touchPanel = LayerPanel(windowWidth: 1280, windowHeight: 800, fit: PanelFit(controls: .touch))
        let touchRow = touchPanel.shown(touchPanel.row(0))
        #expect(
            session.pump(until: {
                guard let rectangle = compositor.textInput?.cursorRectangle else { return false }
                return abs(Double(rectangle.y) - touchRow.y) < 2 && rectangle.height > 10
            }), "the field's place is \(String(describing: compositor.textInput?.cursorRectangle))")

        // The keyboard takes the old name back and types another, with more still in its preedit.
        try compositor.sendTextInput(preedit: "lin", commit: "Sky ", deleteBefore: 7)
        #expect(session.pump(until: { compositor.textInput?.text == "Sky " }), "the committed words did not arrive")
        try compositor.sendTextInput(commit: "line")
        #expect(session.pump(until: { compositor.textInput?.text == "Sky line" }))
        // Return (a key) names the layer; typing ends and the keyboard is let go.
        try session.key(28)
        #expect(session.pump(until: { compositor.textInput?.isEnabled == false }), "text input left enabled")
        #expect(session.terminate() == 0)
        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        defer { file.close() }
        #expect(file.document.layers.map(\.name) == ["Sky line"])
    }

    @Test func aColourIsTypedInHexAndOnlyHexDigitsCount() throws {
        let session = try session()
        let compositor = session.compositor
        let layout = ToolbarLayout(width: 1280, showsClose: true)
        let wheel = try #require(layout.buttons.first { $0.action == .colorWheel })
        try session.finger([(wheel.x + 20, 24)])
        // Opened by a finger, the panel is a finger's.
        let panel = ColorPanel(layout: layout, windowWidth: 1280, windowHeight: 800, fit: PanelFit(controls: .touch))
        let hex = panel.shown(panel.hexRow)
        try session.finger([(hex.x + hex.width / 2, hex.y + hex.height / 2)])
        #expect(session.pump(until: { compositor.textInput?.isEnabled == true }), "no text input for the hex value")
        #expect(compositor.textInput?.purpose == .alpha && compositor.textInput?.text == "")
        try compositor.sendTextInput(commit: "1x9z3A7bd5")
        #expect(session.pump(until: { compositor.textInput?.text == "193A7BD5".prefix(6).description }))
        try session.key(28)
        #expect(session.pump(until: { compositor.textInput?.isEnabled == false }))
        // The colour paints (away from the panel; Escape puts it away).
        try session.key(1)
        try session.pen(points((800, 650), (1100, 650)), pressure: 1)
        #expect(
            session.pump(until: {
                guard let pixel = session.image?.rgba(x: 950, y: 650) else { return false }
                return abs(Int(pixel.red) - 0x19) < 8 && abs(Int(pixel.green) - 0x3A) < 8
                    && abs(Int(pixel.blue) - 0x7B) < 8
            }), "the typed colour does not paint")
        #expect(session.terminate() == 0)
    }

    /// The text focus may come after typing began (the window was pressed before it was focused): the field is told
    /// at once, and again after it left and came back.
    @Test func aFieldBeingTypedInIsToldWhenTheFocusComes() throws {
        var options = ScriptedCompositor.Options()
        options.globals = ScriptedCompositor.Global.standard + [.textInputManager]
        let session = try AppSession.withTablet(options: options)
        let compositor = session.compositor
        try session.key(64)
        let panel = LayerPanel(windowWidth: 1280, windowHeight: 800)
        let row = panel.shown(panel.row(0))
        try session.pen([(row.x + row.width / 2, row.y + row.height / 2)])
        session.roundTrip()
        #expect(compositor.textInput?.isEnabled != true)
        try compositor.enterTextInput()
        #expect(session.pump(until: { compositor.textInput?.isEnabled == true }), "not told when the focus came")
        try compositor.leaveTextInput()
        try compositor.enterTextInput()
        #expect(
            session.pump(until: { compositor.textInput?.isEnabled == true && compositor.textInput?.text == "Layer 1" }))
        #expect(session.terminate() == 0)
    }

    @Test func leavingTheWindowDropsThePreviewAndKeysStillType() throws {
        let session = try session()
        let compositor = session.compositor
        try session.key(64)
        let panel = LayerPanel(windowWidth: 1280, windowHeight: 800)
        let row = panel.shown(panel.row(0))
        try session.pen([(row.x + row.width / 2, row.y + row.height / 2)])
        #expect(session.pump(until: { compositor.textInput?.isEnabled == true }))
        try compositor.sendTextInput(preedit: "never committed")
        session.roundTrip()
        try compositor.leaveTextInput()
        session.roundTrip()
        // Keys type as before: BackSpace seven times, then "Ink", Return.
        for _ in 0..<7 { try session.key(14) }
        for code: UInt32 in [23, 49, 37] { try session.key(code, modifiers: code == 23 ? 1 : 0) }
        try session.key(28)
        #expect(session.terminate() == 0)
        let file = try DocumentFile.open(at: session.documentURL, readOnly: true)
        defer { file.close() }
        #expect(file.document.layers.map(\.name) == ["Ink"])
    }
}

/// An input method takes back UTF-8 bytes; the field's draft is typed in characters.
@Suite struct TextInputBytesTests {
    @Test func bytesBeforeTheCursorAreCountedAsCharacters() {
        #expect(TextInput.characters(inLast: 7, of: "Layer 1") == 7)
        // "é" is two bytes, "月" three, "🎨" four.
        #expect(TextInput.characters(inLast: 4, of: "café🎨") == 1)
        #expect(TextInput.characters(inLast: 6, of: "café🎨") == 2)
        #expect(TextInput.characters(inLast: 3, of: "日月") == 1)
        #expect(TextInput.characters(inLast: 100, of: "ab") == 2)
        #expect(TextInput.characters(inLast: 0, of: "ab") == 0)
    }
}
