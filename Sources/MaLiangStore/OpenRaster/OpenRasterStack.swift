import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An OpenRaster file's `stack.xml`, read with Foundation's XML parser (libxml2 underneath: well kept, and part of
/// the toolchain, so no C of our own touches the markup). Nested stacks (groups) are resolved into their layers —
/// positions added, opacities multiplied, hidden when the group is — and said in ``notes``, as is anything else
/// the file holds that MaLiang cannot show.
struct OpenRasterStack {
    /// One layer as the stack places it; `source` is the name of its picture in the archive.
    struct Entry {
        var name: String
        var source: String
        var x: Int
        var y: Int
        var opacity: Double
        var isVisible: Bool
        var isLocked: Bool
        var compositeOp: String
    }

    /// The largest `stack.xml` read.
    static let maximumBytes = 4 << 20
    /// Most layers a stack may list (MaLiang keeps fewer; this bounds the work of reading the list).
    static let maximumEntries = 10_000

    var width = 0
    var height = 0
    /// Layers, topmost first.
    var entries: [Entry] = []
    /// What cannot be shown as the file means it, in sentences.
    var notes: [String] = []

    /// Reads `xml`; throws when it is not a stack at all (no `image` with a size, not well-formed).
    init(xml: Data) throws(StoreError) {
        guard xml.count <= Self.maximumBytes else {
            throw StoreError(.invalidContent, "stack.xml is larger than \(Self.maximumBytes >> 20) MiB")
        }
        let reader = StackReader()
        let parser = XMLParser(data: xml)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        // On Linux, parse() can answer true after an error (libxml2 recovers): the error is what counts.
        let parsed = parser.parse()
        if let failure = reader.failure { throw failure }
        if let error = reader.syntaxError ?? (parsed ? nil : "line \(parser.lineNumber)") {
            throw StoreError(.damaged, "stack.xml is not well-formed XML (\(error))")
        }
        guard let size = reader.size else { throw StoreError(.damaged, "stack.xml has no <image> with w and h") }
        width = size.width
        height = size.height
        entries = reader.entries
        notes = reader.notes
    }
}

/// The parser's delegate: keeps the groups open around the element being read.
private final class StackReader: NSObject, XMLParserDelegate {
    /// A group's part in where and how its layers show.
    struct Group {
        var x = 0
        var y = 0
        var opacity = 1.0
        var isVisible = true
    }

    var size: (width: Int, height: Int)?
    var entries: [OpenRasterStack.Entry] = []
    var notes: [String] = []
    var failure: StoreError?
    /// The first syntax error libxml2 found: its code, and the line.
    var syntaxError: String?
    private var groups: [Group] = []
    private var nestedGroups = 0
    private var blendedGroups: [String] = []
    private var unknownElements = Set<String>()
    private var depth = 0

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        switch element {
        case "image" where depth == 1:
            guard let width = attributes["w"].flatMap(Int.init), let height = attributes["h"].flatMap(Int.init),
                width > 0, height > 0
            else {
                fail(StoreError(.invalidContent, "stack.xml's <image> has no usable w and h"), parser)
                return
            }
            size = (width, height)
        case "stack":
            let outer = groups.last ?? Group()
            if !groups.isEmpty {
                nestedGroups += 1
                let op = attributes["composite-op"] ?? "svg:src-over"
                if op != "svg:src-over" || attributes["isolation"] == "isolate" {
                    blendedGroups.append(attributes["name"] ?? "unnamed")
                }
            }
            groups.append(
                Group(
                    x: outer.x + integer(attributes["x"]), y: outer.y + integer(attributes["y"]),
                    opacity: outer.opacity * opacity(attributes["opacity"]),
                    isVisible: outer.isVisible && attributes["visibility"] != "hidden"))
        case "layer":
            guard let group = groups.last else {
                unknownElements.insert("a layer outside every stack")
                return
            }
            guard entries.count < OpenRasterStack.maximumEntries else {
                fail(
                    StoreError(
                        .invalidContent, "stack.xml lists more than \(OpenRasterStack.maximumEntries) layers"),
                    parser)
                return
            }
            entries.append(
                OpenRasterStack.Entry(
                    name: attributes["name"] ?? "", source: attributes["src"] ?? "",
                    x: group.x + integer(attributes["x"]), y: group.y + integer(attributes["y"]),
                    opacity: group.opacity * opacity(attributes["opacity"]),
                    isVisible: group.isVisible && attributes["visibility"] != "hidden",
                    isLocked: attributes["edit-locked"] == "true" || attributes["locked"] == "true",
                    compositeOp: attributes["composite-op"] ?? "svg:src-over"))
        default:
            if depth > 1 { unknownElements.insert("<\(element)>") }
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
    ) {
        depth -= 1
        if element == "stack" { groups.removeLast() }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        if syntaxError == nil {
            syntaxError = "libxml2 error \((error as NSError).code) at line \(parser.lineNumber)"
        }
    }

    func parserDidEndDocument(_ parser: XMLParser) {
        if nestedGroups > 0 {
            notes.append(
                "\(nestedGroups) layer group\(nestedGroups == 1 ? " was" : "s were") opened: "
                    + "MaLiang has no groups, so their layers come in one by one, with the group's opacity and "
                    + "visibility")
        }
        if !blendedGroups.isEmpty {
            notes.append(
                "The blending of group\(blendedGroups.count == 1 ? "" : "s") "
                    + blendedGroups.map { "“\($0)”" }.joined(separator: ", ") + " is not kept")
        }
        if !unknownElements.isEmpty {
            notes.append(
                "Left out, as MaLiang cannot show them: " + unknownElements.sorted().joined(separator: ", "))
        }
    }

    private func fail(_ error: StoreError, _ parser: XMLParser) {
        failure = error
        parser.abortParsing()
    }

    /// A position: whole pixels (a fraction is rounded); none, or nonsense, is 0.
    private func integer(_ text: String?) -> Int {
        guard let value = text.flatMap(Double.init), value.isFinite else { return 0 }
        return Int(min(max(value, -1e7), 1e7).rounded())
    }

    /// An opacity within 0…1; none, or nonsense, is 1.
    private func opacity(_ text: String?) -> Double {
        guard let value = text.flatMap(Double.init), value.isFinite else { return 1 }
        return min(max(value, 0), 1)
    }
}
