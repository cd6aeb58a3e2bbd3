import CSystemd
import Foundation

/// A D-Bus message being built or read, as sd-bus holds it: only valid while the call or callback that handed it
/// over runs. Every method fails softly (false or nil): a message that cannot be built is not sent, one that cannot
/// be read is ignored.
struct BusMessage {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    // MARK: - Building

    func append(_ string: String) -> Bool {
        string.withCString { sd_bus_message_append_basic(pointer, type("s"), $0) } >= 0
    }

    func append(_ value: UInt32) -> Bool {
        var value = value
        return sd_bus_message_append_basic(pointer, type("u"), &value) >= 0
    }

    func append(_ value: Bool) -> Bool {
        var value: Int32 = value ? 1 : 0
        return sd_bus_message_append_basic(pointer, type("b"), &value) >= 0
    }

    /// A byte array (`ay`).
    func append(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { sd_bus_message_append_array(pointer, type("y"), $0.baseAddress, $0.count) } >= 0
    }

    /// A container of `kind` ("a", "v", "r", "e") holding `contents`, filled by `body`.
    func container(_ kind: Character, _ contents: String, _ body: () -> Bool) -> Bool {
        guard sd_bus_message_open_container(pointer, type(kind), contents) >= 0, body() else { return false }
        return sd_bus_message_close_container(pointer) >= 0
    }

    /// An array of structs `(contents)`, one per item, each filled by `body`.
    func structs<Item>(_ contents: String, _ items: [Item], _ body: (Item) -> Bool) -> Bool {
        container("a", "(\(contents))") { items.allSatisfy { item in container("r", contents) { body(item) } } }
    }

    /// An `a{sv}` of options, each value appended by its closure inside a variant of the given signature.
    func appendOptions(_ options: [(key: String, signature: String, value: (BusMessage) -> Bool)]) -> Bool {
        container("a", "{sv}") {
            options.allSatisfy { option in
                container("e", "sv") {
                    append(option.key) && container("v", option.signature) { option.value(self) }
                }
            }
        }
    }

    // MARK: - Reading

    func readString() -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(pointer, type("s"), &value) >= 0, let value else { return nil }
        return String(cString: value)
    }

    func readUInt32() -> UInt32? {
        var value: UInt32 = 0
        return sd_bus_message_read_basic(pointer, type("u"), &value) >= 0 ? value : nil
    }

    func readDouble() -> Double? {
        var value = 0.0
        return sd_bus_message_read_basic(pointer, type("d"), &value) >= 0 ? value : nil
    }

    /// Reads into a container of `kind` and `contents`; false at its end (or when the next item is another thing).
    func enter(_ kind: Character, _ contents: String) -> Bool {
        sd_bus_message_enter_container(pointer, type(kind), contents) > 0
    }

    func exit() -> Bool { sd_bus_message_exit_container(pointer) >= 0 }

    /// Skips the next item, whose signature is `signature`.
    func skip(_ signature: String) -> Bool { sd_bus_message_skip(pointer, signature) >= 0 }

    /// The next item's type and, for a container, its contents' signature.
    func peek() -> (type: Character, contents: String?)? {
        var kind: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(pointer, &kind, &contents) > 0 else { return nil }
        return (Character(UnicodeScalar(UInt8(bitPattern: kind))), contents.map { String(cString: $0) })
    }

    /// Reads an `a{sv}`, handing each key to `entry` positioned at its variant's value; variants `entry` does not
    /// read are skipped.
    func readOptions(_ entry: (String, BusMessage) -> Void) -> Bool {
        guard enter("a", "{sv}") else { return false }
        while enter("e", "sv") {
            guard let key = readString(), let (_, contents) = peek(), let contents, enter("v", contents) else {
                return false
            }
            entry(key, self)
            // Leave the variant, whatever the entry read of it.
            while let next = peek() { guard skip(signature(of: next)) else { return false } }
            guard exit(), exit() else { return false }
        }
        return exit()
    }

    private func signature(of item: (type: Character, contents: String?)) -> String {
        switch item.type {
        case "a": "a" + (item.contents ?? "")
        case "v": "v"
        case "r": "(" + (item.contents ?? "") + ")"
        case "e": "{" + (item.contents ?? "") + "}"
        default: String(item.type)
        }
    }

    private func type(_ character: Character) -> CChar { CChar(bitPattern: character.asciiValue ?? 0) }
}
