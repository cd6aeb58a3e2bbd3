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
