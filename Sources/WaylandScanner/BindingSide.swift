/// The two sides of a connection the bindings are generated for. Requests go from client to server, events
/// from server to client: each side sends one kind and receives the other.
public enum BindingSide: Sendable {
    case client
    case server

    /// The Swift class wrapping an interface on this side.
    func className(_ interface: String) -> String {
        switch self {
        case .client: SwiftNames.type(interface)
        case .server: SwiftNames.type(interface) + "Resource"
        }
    }

    /// The base class untyped objects are passed as.
    var baseClass: String {
        switch self {
        case .client: "WaylandObject"
        case .server: "WaylandResource"
        }
    }

    var module: String {
        switch self {
        case .client: "WaylandClient"
        case .server: "WaylandServer"
        }
    }

    func outgoing(_ interface: Interface) -> [Message] { self == .client ? interface.requests : interface.events }
    func incoming(_ interface: Interface) -> [Message] { self == .client ? interface.events : interface.requests }

    /// The name of the enum of incoming messages.
    var incomingEnum: String { self == .client ? "Event" : "Request" }
}

/// Swift types and conversions for message arguments, shared by both sides.
struct ArgumentCoding {
    let side: BindingSide
    let interface: Interface

    func swiftType(_ argument: Argument) -> String {
        let base: String
        switch argument.kind {
        case .int: base = argument.enumName.map { SwiftNames.enumType($0, in: interface.name) } ?? "Int32"
        case .uint: base = argument.enumName.map { SwiftNames.enumType($0, in: interface.name) } ?? "UInt32"
        case .fixed: base = "Double"
        case .string: base = "String"
        case .object, .newID: base = argument.interface.map(side.className) ?? side.baseClass
        case .array: base = "[UInt8]"
        case .fd: base = "Int32"
        }
        return argument.allowsNull && (argument.kind == .string || argument.kind == .object) ? base + "?" : base
    }

    /// The `wl_argument` for an outgoing argument held in the Swift variable `name`.
    func encode(_ argument: Argument, _ name: String) -> String {
        switch argument.kind {
        case .int where argument.enumName != nil: "wl_argument(i: Int32(bitPattern: \(name).rawValue))"
        case .uint where argument.enumName != nil: "wl_argument(u: \(name).rawValue)"
        case .int: "wl_argument(i: \(name))"
        case .uint: "wl_argument(u: \(name))"
        case .fixed: "wl_argument(f: WaylandFixed.encode(\(name)))"
        case .string: "wl_argument(s: \(name)CString.pointer)"
        case .object:
            argument.allowsNull ? "wl_argument(o: \(name)?.objectPointer)" : "wl_argument(o: \(name).objectPointer)"
        case .newID: "wl_argument(o: \(name).objectPointer)"
        case .array: "wl_argument(a: \(name)Array.pointer)"
        case .fd: "wl_argument(h: \(name))"
        }
    }

    /// An expression decoding incoming argument `index` of `arguments`, or `nil` for kinds decoded by the caller.
    func decode(_ argument: Argument, index: Int) -> String {
        let slot = "arguments[\(index)]"
        switch argument.kind {
        case .int:
            return argument.enumName.map {
                "\(SwiftNames.enumType($0, in: interface.name))(rawValue: UInt32(bitPattern: \(slot).i))"
            }
                ?? "\(slot).i"
        case .uint:
            return argument.enumName.map { "\(SwiftNames.enumType($0, in: interface.name))(rawValue: \(slot).u)" }
                ?? "\(slot).u"
        case .fixed: return "WaylandFixed.decode(\(slot).f)"
        case .string:
            return argument.allowsNull ? "\(slot).s.map({ String(cString: $0) })" : "String(cString: \(slot).s)"
        case .array: return "WaylandArray.bytes(\(slot).a)"
        case .fd: return "\(slot).h"
        case .object:
            let type = argument.interface.map(side.className) ?? side.baseClass
            return "\(slot).o.map({ owner.wrap($0, \(type).self) })"
        case .newID:
            let type = argument.interface.map(side.className) ?? side.baseClass
            return side == .client
                ? "\(slot).o.map({ owner.adopt($0, \(type).self, version: version) })"
                : "\(type)(owner: owner, client: client, version: version, id: \(slot).n)"
        }
    }
}
