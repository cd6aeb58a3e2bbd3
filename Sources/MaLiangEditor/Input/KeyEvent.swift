/// A key pressed or let go, as the shell's keymap gives it: the keysym (XKB's numbering, lower case), the text it
/// types with the modifiers held, and the modifiers that choose a shortcut.
public struct KeyEvent: Equatable, Sendable {
    /// The keysym, lower case (`a` is 0x61 whether Shift is held or not).
    public var keysym: UInt32
    /// What the key types (empty for keys that type none).
    public var text: String
    public var isPressed: Bool
    public var control: Bool
    public var shift: Bool

    public init(keysym: UInt32, text: String = "", pressed: Bool = true, control: Bool = false, shift: Bool = false) {
        self.keysym = keysym
        self.text = text
        isPressed = pressed
        self.control = control
        self.shift = shift
    }
}

/// The keysyms the core names (XKB's values, xkbcommon-keysyms.h).
public enum Keysym {
    public static let space: UInt32 = 0x20
    public static let tab: UInt32 = 0xff09
    public static let backspace: UInt32 = 0xff08
    public static let returnKey: UInt32 = 0xff0d
    public static let keypadEnter: UInt32 = 0xff8d
    public static let escape: UInt32 = 0xff1b
    public static let pageUp: UInt32 = 0xff55
    public static let pageDown: UInt32 = 0xff56
    /// Left and right Shift.
    static func isShift(_ keysym: UInt32) -> Bool { keysym == 0xffe1 || keysym == 0xffe2 }
    public static let delete: UInt32 = 0xffff
    public static let f1: UInt32 = 0xffbe
    public static let f5: UInt32 = 0xffc2
    public static let f6: UInt32 = 0xffc3
    public static let f10: UInt32 = 0xffc7
    public static let f11: UInt32 = 0xffc8
    public static let left: UInt32 = 0xff51
    public static let up: UInt32 = 0xff52
    public static let right: UInt32 = 0xff53
    public static let down: UInt32 = 0xff54
    public static let home: UInt32 = 0xff50
    public static let end: UInt32 = 0xff57
    /// The keyboard's menu key.
    public static let menu: UInt32 = 0xff67

    /// The keysym of a lower-case letter, digit or printable ASCII character.
    public static func character(_ character: Character) -> UInt32 {
        character.unicodeScalars.first.map(\.value) ?? 0
    }

    static func isEnter(_ keysym: UInt32) -> Bool { keysym == returnKey || keysym == keypadEnter }
}

/// Which editing command a key asks for.
enum KeyCommand {
    /// The command for a keysym (lower case) with the modifiers held, if any.
    static func command(keysym: UInt32, control: Bool, shift: Bool) -> Command? {
        switch (keysym, control, shift) {
        case (0x7a, true, false): .undo  // z
        case (0x7a, true, true), (0x79, true, _): .redo  // Z, y
        case (0x73, true, false): .save  // s
        case (0x73, true, true): .saveAs  // S
        case (0x6f, true, false): .open  // o
        case (0x6e, true, false): .newDocument  // n
        case (0x76, true, false): .paste  // v
        case (0x70, false, false): .togglePenOnly  // p
        case (0x65, true, true): .exportPNG  // E
        case (0x5b, false, _): .smaller  // [
        case (0x5d, false, _): .larger  // ]
        case (0x65, false, false): .eraser  // e
        case (0x62, false, false): .brush  // b
        case (0x68, false, false): .mirrorView  // h
        case (0x68, false, true): .flipHorizontal  // H
        case (0x76, false, true): .flipVertical  // V
        case (0x73, false, false): .selectTool  // s
        case (0x67, false, false): .fillTool  // g
        case (0x61, true, false): .selectAll  // Ctrl+A
        case (Keysym.escape, false, _): .selectNone
        case (0x63, true, false): .copy  // Ctrl+C
        case (0x78, true, false): .cut  // Ctrl+X
        case (0x64, true, false): .duplicate  // Ctrl+D
        case (0x63, false, false): .recolorSelection  // c
        case (Keysym.pageUp, false, true): .selectionToLayerAbove
        case (Keysym.pageDown, false, true): .selectionToLayerBelow
        case (0x72, false, false): .selectionShape  // r
        case (0x74, false, false): .selectionRule  // t
        case (0x79, false, false): .symmetry  // y
        case (0x2c, false, false): .fewerSpokes  // ,
        case (0x2e, false, false): .moreSpokes  // .
        case (0x31...0x39, false, false): .preset(Int(keysym) - 0x30)  // 1…9
        case (0x30, false, false), (0x30, true, false): .resetView  // 0, Ctrl+0
        case (0x31, true, false): .actualPixels  // Ctrl+1
        case (Keysym.delete, true, _): .clear  // Ctrl+Delete
        case (Keysym.delete, false, _), (Keysym.backspace, false, false): .deleteSelection  // Delete, BackSpace
        case (Keysym.f11, _, _): .fullscreen
        case (Keysym.tab, false, false): .toggleToolbar
        case (Keysym.f5, _, _): .brushEditor
        case (Keysym.f6, _, _): .layers
        case (Keysym.f1, _, _), (0x3f, false, _), (0x2f, false, true): .shortcuts  // F1, ?
        default: nil
        }
    }
}

extension ColorPanelKey {
    /// The colour panel's key for a (lower-case) keysym: hex digits, BackSpace, Return (or the keypad's Enter) and
    /// Escape.
    init?(keysym: UInt32) {
        switch keysym {
        case 0x30...0x39, 0x61...0x66: self = .digit(Character(Unicode.Scalar(UInt8(keysym))))
        case 0xffb0...0xffb9: self = .digit(Character(Unicode.Scalar(UInt8(keysym - 0xffb0 + 0x30))))
        case Keysym.backspace: self = .backspace
        case Keysym.returnKey, Keysym.keypadEnter: self = .enter
        case Keysym.escape: self = .escape
        default: return nil
        }
    }
}

extension BrushEditorKey {
    /// The key a name being typed takes for a (lower-case) keysym and the text it types: BackSpace, Return (or the
    /// keypad's Enter), Escape, or text.
    init?(keysym: UInt32, text: String) {
        switch keysym {
        case Keysym.backspace: self = .backspace
        case Keysym.returnKey, Keysym.keypadEnter: self = .enter
        case Keysym.escape: self = .escape
        default:
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
            else { return nil }
            self = .text(text)
        }
    }
}
