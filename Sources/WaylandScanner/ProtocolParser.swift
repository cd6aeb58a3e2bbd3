import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a protocol XML file (the format of wayland.dtd) into a ``WaylandProtocol``.
public enum ProtocolParser {
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func parse(contentsOf url: URL) throws -> WaylandProtocol {
        try parse(data: try Data(contentsOf: url), source: url.lastPathComponent)
    }

    public static func parse(data: Data, source: String = "<xml>") throws -> WaylandProtocol {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        guard parser.parse() else {
            let reason = delegate.failure ?? parser.parserError.map { "\($0)" } ?? "unknown XML error"
            throw ParseError(description: "\(source):\(parser.lineNumber): \(reason)")
        }
        if let failure = delegate.failure { throw ParseError(description: "\(source): \(failure)") }
        guard delegate.openElements == 0 else {
            throw ParseError(description: "\(source): the document ends inside an element")
        }
        guard let result = delegate.result else { throw ParseError(description: "\(source): no <protocol> element") }
        return result
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var result: WaylandProtocol?
        var failure: String?
        /// Elements started and not yet ended: libxml2 accepts a truncated document without complaint.
        var openElements = 0
        private var interface: Interface?
        private var message: Message?
        private var isEvent = false
        private var enumType: EnumType?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            openElements += 1
            do {
                try start(element, attributes)
            } catch {
                failure = "\(error)"
                parser.abortParsing()
            }
        }

        private func start(_ element: String, _ attributes: [String: String]) throws {
            func required(_ key: String) throws -> String {
                guard let value = attributes[key] else { throw ParseError(description: "<\(element)> lacks \(key)") }
                return value
            }
            func number(_ key: String) throws -> UInt32? {
                guard let text = attributes[key] else { return nil }
                let parsed = text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : UInt32(text)
                guard let parsed else {
                    throw ParseError(description: "<\(element)> \(key)=\"\(text)\" is not a number")
                }
                return parsed
            }
            switch element {
            case "protocol":
                result = WaylandProtocol(name: try required("name"), interfaces: [])
            case "interface":
                interface = Interface(
                    name: try required("name"), version: try number("version") ?? 1, summary: nil, requests: [],
                    events: [], enums: [])
            case "request", "event":
                isEvent = element == "event"
                message = Message(
                    name: try required("name"), since: try number("since") ?? 1,
                    isDestructor: attributes["type"] == "destructor", summary: nil, arguments: [])
            case "arg":
                guard let kind = Argument.Kind(rawValue: try required("type")) else {
                    throw ParseError(description: "unknown argument type \"\(attributes["type"] ?? "")\"")
                }
                message?.arguments.append(
                    Argument(
                        name: try required("name"), kind: kind, interface: attributes["interface"],
                        allowsNull: attributes["allow-null"] == "true", enumName: attributes["enum"],
                        summary: attributes["summary"]))
            case "enum":
                enumType = EnumType(
                    name: try required("name"), isBitfield: attributes["bitfield"] == "true", summary: nil, entries: [])
            case "entry":
                guard let value = try number("value") else { throw ParseError(description: "<entry> lacks value") }
                enumType?.entries.append(
                    EnumType.Entry(name: try required("name"), value: value, summary: attributes["summary"]))
            case "description":
                let summary = attributes["summary"]
                if enumType != nil {
                    enumType?.summary = summary
                } else if message != nil {
                    message?.summary = summary
                } else if interface != nil {
                    interface?.summary = summary
                }
            default:
                break
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            openElements -= 1
            switch element {
            case "interface":
                if let interface { result?.interfaces.append(interface) }
                interface = nil
            case "request", "event":
                if let message {
                    if isEvent { interface?.events.append(message) } else { interface?.requests.append(message) }
                }
                message = nil
            case "enum":
                if let enumType { interface?.enums.append(enumType) }
                enumType = nil
            default:
                break
            }
        }
    }
}
