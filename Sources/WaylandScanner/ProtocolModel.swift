/// A Wayland protocol as its XML describes it.
public struct WaylandProtocol: Equatable, Sendable {
    public var name: String
    public var interfaces: [Interface]
}

public struct Interface: Equatable, Sendable {
    public var name: String
    public var version: UInt32
    public var summary: String?
    public var requests: [Message]
    public var events: [Message]
    public var enums: [EnumType]
}

public struct Message: Equatable, Sendable {
    public var name: String
    /// The interface version that introduced the message.
    public var since: UInt32
    public var isDestructor: Bool
    public var summary: String?
    public var arguments: [Argument]
}

public struct Argument: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case int, uint, fixed, string, object, newID = "new_id", array, fd
    }

    public var name: String
    public var kind: Kind
    /// The object's or new object's interface; `nil` for an untyped object or new_id.
    public var interface: String?
    public var allowsNull: Bool
    /// `enum` attribute: `name` for this interface's enum, `iface.name` for another's.
    public var enumName: String?
    public var summary: String?
}

public struct EnumType: Equatable, Sendable {
    public var name: String
    public var isBitfield: Bool
    public var summary: String?
    public var entries: [Entry]

    public struct Entry: Equatable, Sendable {
        public var name: String
        public var value: UInt32
        public var summary: String?
    }
}
