import CXKBCommon
import Glibc
import MaLiangEditor

/// The compositor's keymap through xkbcommon: evdev key codes become keysyms with the current modifiers.
final class Keyboard {
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?

    init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        self.context = context
    }

    deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// Loads the keymap the compositor sent: `size` bytes (its text, possibly with a terminating NUL) behind a
    /// file descriptor to map. Closes the descriptor; returns whether a keymap was read.
    func load(fd: Int32, size: UInt32) -> Bool {
        defer { close(fd) }
        guard size > 0, size < 64 << 20,
            let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED
        else { return false }
        defer { munmap(mapped, Int(size)) }
        // From the buffer with its length: nothing reads past what the compositor gave, NUL or not.
        let bytes = mapped.assumingMemoryBound(to: CChar.self)
        let length = bytes[Int(size) - 1] == 0 ? Int(size) - 1 : Int(size)
        guard
            let loaded = xkb_keymap_new_from_buffer(
                context, bytes, length, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return false }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = loaded
        state = xkb_state_new(loaded)
        return state != nil
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The lower-case keysym of evdev key `key`, or nil without a keymap or for a code no keyboard has.
    func keysym(for key: UInt32) -> UInt32? {
        // xkb key codes are evdev codes + 8; a code that would overflow is no key.
        guard let state, key <= UInt32.max - 8 else { return nil }
        return xkb_keysym_to_lower(xkb_state_key_get_one_sym(state, key + 8))
    }

    /// The text evdev key `key` types with the current modifiers (empty for keys that type none).
    func text(for key: UInt32) -> String {
        guard let state, key <= UInt32.max - 8 else { return "" }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_state_key_get_utf8(state, key + 8, &buffer, buffer.count)
        guard length > 0, length < buffer.count else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    var control: Bool { isActive("Control") }
    var shift: Bool { isActive("Shift") }

    private func isActive(_ modifier: String) -> Bool {
        guard let state else { return false }
        return xkb_state_mod_name_is_active(state, modifier, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}

/// Which editing command a key asks for.
package enum KeyCommand {
    /// The command for a keysym (lower case) with the modifiers held, if any.
    package static func command(keysym: UInt32, control: Bool, shift: Bool) -> Command? {
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
        case (0x31...0x39, false, false): .preset(Int(keysym) - 0x30)  // 1…9
        case (0x30, false, false), (0x30, true, false): .resetView  // 0, Ctrl+0
        case (0x31, true, false): .actualPixels  // Ctrl+1
        case (0xffff, true, _): .clear  // Ctrl+Delete
        case (0xffff, false, _), (0xff08, false, false): .deleteSelection  // Delete, BackSpace
        case (0xffc8, _, _): .fullscreen  // F11
        case (0xffc2, _, _): .brushEditor  // F5
        case (0xffc3, _, _): .layers  // F6
        case (0xffbe, _, _), (0x3f, false, _), (0x2f, false, true): .shortcuts  // F1, ?
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
        case 0xff08: self = .backspace
        case 0xff0d, 0xff8d: self = .enter
        case 0xff1b: self = .escape
        default: return nil
        }
    }
}

extension BrushEditorKey {
    /// The brush editor's key for a (lower-case) keysym and the text it types: BackSpace, Return (or the keypad's
    /// Enter), Escape, or text.
    init?(keysym: UInt32, text: String) {
        switch keysym {
        case 0xff08: self = .backspace
        case 0xff0d, 0xff8d: self = .enter
        case 0xff1b: self = .escape
        default:
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
            else { return nil }
            self = .text(text)
        }
    }
}
