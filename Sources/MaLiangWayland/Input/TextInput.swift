import MaLiangEditor
import WaylandClient
import WaylandProtocol

/// Words from an on-screen keyboard or another input method, through `zwp_text_input_v3`: enabled while the
/// window has the text focus and a name or colour is being typed (``EditingSession/textField``), with the field's
/// purpose, what it holds and where it is, so the keyboard comes up for it and leaves it in view; disabled when
/// typing ends. What the input method sends between two `done` events is applied at the second, as the protocol
/// asks: the text before the cursor it takes back, then the words it commits, then its preedit, shown in the
/// field until it commits or changes it. Keys still type as before.
final class TextInput {
    private let object: ZwpTextInputV3
    /// The window has the text focus (between `enter` and `leave`).
    private var focused = false
    /// The field as last told to the compositor; nil: disabled.
    private var told: TextFieldFocus?
    /// Commits sent, for `done`'s serial.
    private var commits: UInt32 = 0
    /// The field's words changed last by the input method (said with the next state).
    private var changedByInputMethod = false
    private var pending = Pending()
    /// The input method's words not committed yet, shown after what is typed.
    private(set) var preedit = ""

    private struct Pending {
        var preedit = ""
        var commit: String?
        var deleteBefore: UInt32 = 0
    }

    /// Called at `done` with how many characters before the cursor to take back, and the words to type.
    var apply: ((_ deleteBefore: Int, _ commit: String?) -> Void)?
    /// Called when the preedit shown changes.
    var preeditChanged: (() -> Void)?
    /// Called when the window gets the text focus: a field already being typed in is told at once.
    var gainedFocus: (() -> Void)?

    init(_ object: ZwpTextInputV3) {
        self.object = object
        object.onEvent = { [unowned self] event in handle(event) }
    }

    deinit { object.destroy() }

    /// Tells the compositor about `field` when it changed: enabled with its purpose, words and place (logical
    /// pixels), or disabled.
    func update(_ field: TextFieldFocus?) {
        guard focused, field != told else { return }
        if let field {
            if told == nil { object.enable() }
            let text = String(field.text.suffix(1000))
            let cursor = Int32(text.utf8.count)
            object.setSurroundingText(text: text, cursor: cursor, anchor: cursor)
            object.setTextChangeCause(cause: changedByInputMethod ? .inputMethod : .other)
            changedByInputMethod = false
            switch field.purpose {
            case .name: object.setContentType(hint: [.spellcheck], purpose: .normal)
            case .hexColor: object.setContentType(hint: [.uppercase], purpose: .alpha)
            }
            object.setCursorRectangle(
                x: Int32(field.x.rounded()), y: Int32(field.y.rounded()), width: Int32(field.width.rounded()),
                height: Int32(field.height.rounded()))
        } else {
            object.disable()
            showPreedit("")
        }
        object.commit()
        commits &+= 1
        told = field
    }

    private func handle(_ event: ZwpTextInputV3.Event) {
        switch event {
        case .enter:
            focused = true
            told = nil
            gainedFocus?()
        case .leave:
            // The compositor disables it on leave; the next enter starts afresh.
            focused = false
            told = nil
            pending = Pending()
            showPreedit("")
        case .preeditString(let text, _, _):
            pending.preedit = text ?? ""
        case .commitString(let text):
            pending.commit = text
        case .deleteSurroundingText(let before, _):
            pending.deleteBefore = before
        case .done:
            let done = pending
            pending = Pending()
            if done.deleteBefore > 0 || done.commit != nil {
                changedByInputMethod = true
                apply?(Self.characters(inLast: Int(done.deleteBefore), of: told?.text ?? ""), done.commit)
            }
            showPreedit(done.preedit)
        }
    }

    private func showPreedit(_ text: String) {
        guard text != preedit else { return }
        preedit = text
        preeditChanged?()
    }

    /// How many characters at the end of `text` the last `bytes` UTF-8 bytes cover.
    static func characters(inLast bytes: Int, of text: String) -> Int {
        var count = 0
        var covered = 0
        for character in text.reversed() where covered < bytes {
            covered += character.utf8.count
            count += 1
        }
        return count
    }
}
