/// How protocol names become Swift names. The rules are fixed: changing one renames public API.
public enum SwiftNames {
    /// `zwp_tablet_tool_v2` → `ZwpTabletToolV2`.
    static func type(_ name: String) -> String {
        name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `damage_buffer` → `damageBuffer`; names that are Swift keywords are escaped with backticks.
    static func member(_ name: String) -> String {
        let parts = name.split(separator: "_")
        guard let first = parts.first else { return "_" }
        var result = String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let character = result.first, character.isNumber { result = "_" + result }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// The shared enum type for `enumName` as seen from `interface`: `wl_shm.format` → `WlShmFormat`.
    static func enumType(_ enumName: String, in interface: String) -> String {
        let parts = enumName.split(separator: ".", maxSplits: 1).map(String.init)
        return parts.count == 2 ? type(parts[0]) + nestedEnum(parts[1]) : type(interface) + nestedEnum(parts[0])
    }

    /// The name of an enum nested in an interface's class: `type` would clash with `.Type`, `error` with Error.
    static func nestedEnum(_ name: String) -> String {
        switch name {
        case "type": "Kind"
        case "error": "ErrorCode"
        default: type(name)
        }
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch",
        "false", "is", "nil", "self", "Self", "super", "throw", "throws", "true", "try", "Any", "Type",
    ]
}

/// Accumulates generated source text with indentation.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    mutating func doc(_ summary: String?) {
        guard let summary, !summary.isEmpty else { return }
        line("/// " + summary.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    mutating func block(_ opening: String, _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}

extension SwiftNames {
    /// `tablet_unstable_v2` → `TabletUnstableV2.swift`.
    public static func fileName(_ protocolName: String) -> String { type(protocolName) + ".swift" }
}
