import WaylandProtocol
import WaylandServer

/// zwp_text_input_v3, with the test as the input method: it sees what a client enables (its field's words, purpose
/// and place, as of the client's last commit) and sends preedit, committed words and deletions as an on-screen
/// keyboard would, each batch ended by `done`.
extension ScriptedCompositor {
    /// What a client's text input told the compositor at its last commit.
    public struct TextInputState: Equatable, Sendable {
        public var isEnabled = false
        public var text = ""
        /// The cursor, a UTF-8 byte offset into ``text``.
        public var cursor: Int32 = 0
        public var hint = ZwpTextInputV3ContentHint.none
        public var purpose = ZwpTextInputV3ContentPurpose.normal
        public var cursorRectangle: (x: Int32, y: Int32, width: Int32, height: Int32) = (0, 0, 0, 0)
        /// Commits the client has made.
        public var commits: UInt32 = 0

        public static func == (a: TextInputState, b: TextInputState) -> Bool {
            a.isEnabled == b.isEnabled && a.text == b.text && a.cursor == b.cursor && a.hint == b.hint
                && a.purpose == b.purpose && a.cursorRectangle == b.cursorRectangle && a.commits == b.commits
        }
    }

    /// One client's text input: what it has asked for and not committed, and what it committed.
    final class TextInput {
        let resource: ZwpTextInputV3Resource
        var pending = TextInputState()
        var current = TextInputState()

        init(_ resource: ZwpTextInputV3Resource) { self.resource = resource }
    }

    func advertiseTextInputManager() -> any WithdrawableGlobal {
        WaylandGlobal<ZwpTextInputManagerV3Resource>(
            display, version: options.version(of: .textInputManager, newest: 1)
        ) { [unowned self] manager in
            manager.onRequest = { [unowned self] request in
                guard case .getTextInput(let resource, _) = request else { return }
                let input = TextInput(resource)
                textInputs.append(input)
                resource.onDestroy = { [unowned self, unowned input] in textInputs.removeAll { $0 === input } }
                resource.onRequest = { [unowned input] request in Self.apply(request, to: input) }
            }
        }
    }

    private static func apply(_ request: ZwpTextInputV3Resource.Request, to input: TextInput) {
        switch request {
        case .enable:
            // Enabling starts from a clean state (the protocol's rule).
            input.pending = TextInputState()
            input.pending.isEnabled = true
        case .disable: input.pending.isEnabled = false
        case .setSurroundingText(let text, let cursor, _):
            input.pending.text = text
            input.pending.cursor = cursor
        case .setContentType(let hint, let purpose):
            input.pending.hint = hint
            input.pending.purpose = purpose
        case .setCursorRectangle(let x, let y, let width, let height):
            input.pending.cursorRectangle = (x, y, width, height)
        case .commit:
            input.pending.commits = input.current.commits + 1
            input.current = input.pending
        case .setTextChangeCause, .destroy:
            break
        }
    }

    /// The focused window's client's text input as it last committed; nil when it has none.
    public var textInput: TextInputState? {
        textInputs.last { $0.resource.client == focusedClient() }?.current
    }

    /// Gives the text focus to the focused window (`enter`), as a compositor does when the keyboard focus comes.
    public func enterTextInput() throws {
        guard let focus = focusedToplevel else { throw CompositorError("no window to give the text focus") }
        for input in textInputs where input.resource.client == focus.surface.resource.client {
            input.resource.enter(surface: focus.surface.resource)
        }
        flush()
    }

    /// Takes the text focus away (`leave`); the compositor disables the text input with it.
    public func leaveTextInput() throws {
        guard let focus = focusedToplevel else { throw CompositorError("no window had the text focus") }
        for input in textInputs where input.resource.client == focus.surface.resource.client {
            input.resource.leave(surface: focus.surface.resource)
            input.current.isEnabled = false
        }
        flush()
    }

    /// Sends what an input method would, then `done`: `deleteBefore` UTF-8 bytes before the cursor taken back,
    /// `commit` typed, `preedit` shown (nil: none).
    public func sendTextInput(preedit: String? = nil, commit: String? = nil, deleteBefore: UInt32 = 0) throws {
        guard let client = focusedClient() else { throw CompositorError("no window to type into") }
        for input in textInputs where input.resource.client == client {
            if let preedit {
                let end = Int32(preedit.utf8.count)
                input.resource.preeditString(text: preedit, cursorBegin: end, cursorEnd: end)
            }
            if let commit { input.resource.commitString(text: commit) }
            if deleteBefore > 0 { input.resource.deleteSurroundingText(beforeLength: deleteBefore, afterLength: 0) }
            input.resource.done(serial: input.current.commits)
        }
        flush()
    }
}
