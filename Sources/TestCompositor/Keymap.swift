import CXKBCommon
import Glibc
import WaylandProtocol

/// The keyboard map sent to clients: xkbcommon's compilation of the default US layout, in a sealed memfd.
struct Keymap {
    let descriptor: Int32
    let size: UInt32

    init() throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw CompositorError("xkb_context_new failed")
        }
        defer { xkb_context_unref(context) }
        var names = xkb_rule_names(rules: nil, model: nil, layout: nil, variant: nil, options: nil)
        guard let keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            throw CompositorError("cannot compile the default xkb keymap (is xkb-data installed?)")
        }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw CompositorError("xkb_keymap_get_as_string failed")
        }
        defer { free(text) }
        let length = strlen(text) + 1
        let descriptor = AnonymousFile.create(prefix: "maliang-keymap")
        guard descriptor >= 0, write(descriptor, text, length) == length else {
            throw CompositorError("cannot write the keymap to a memfd")
        }
        self.descriptor = descriptor
        size = UInt32(length)
    }
}
