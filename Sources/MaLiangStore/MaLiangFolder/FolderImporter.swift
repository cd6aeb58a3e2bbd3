import Foundation
import MaLiangCore
import PNGCodec

/// Reads MaLiang folders (`info`, `content`, `textures/`) exactly as MaLiang 2.9 writes them.
///
/// Everything is checked before anything is kept: a folder is imported whole or refused with a reason.
public enum FolderImporter {
    /// Largest `content` file read (it is streamed, so this bounds time, not memory: 5,000 strokes of 1,500
    /// samples take about 500 MB).
    static let maximumJSONBytes = 4 << 30

    /// Imports `folder` into a new native file at `destination` (which must not exist).
    public static func importDataSynchronously(from folder: URL, to destination: URL, progress: ProgressHandler? = nil)
        throws(StoreError) -> DocumentFile
    {
        let document = try read(folder, progress: { progress?($0 * 0.7) })
        return try DocumentFile.create(at: destination, from: document, progress: { progress?(0.7 + 0.3 * $0) })
    }

    /// Reads a MaLiang folder into an in-memory document.
    public static func read(_ folder: URL, progress: ProgressHandler? = nil) throws(StoreError) -> Document {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw StoreError(.io, "\(folder.path) is not a folder")
        }
        let info: FolderInfo = try decodeJSON(folder.appendingPathComponent("info"), name: "info")
        guard info.library != nil else {
            throw StoreError(
                .damaged, "\(folder.path)/info lacks \"library\": not written by MaLiang (MaLiang refuses it too)")
        }
        progress?(0.02)
        let contentURL = folder.appendingPathComponent("content")
        _ = try fileSize(contentURL, limit: maximumJSONBytes, what: "\"content\"")
        // Read as a stream: the strokes become compact samples as they are read, never a tree of JSON objects.
        var reader = try JSONStreamReader(path: contentURL.path)
        defer { reader.close() }
        var size: [Double]?
        var elements: [(index: Int, element: Element)] = []
        var textureIDs = Set<String>()
        var strips = 0
        var chartlets = 0
        try reader.readObject { (reader, key) throws(StoreError) in
            switch key {
            case "size":
                size = try reader.readNumbers()
            case "lineStrips":
                guard try !reader.readNull() else { return }
                try reader.readArray { (reader: inout JSONStreamReader) throws(StoreError) in
                    strips += 1
                    let (index, stroke) = try readStrip(&reader, number: strips)
                    elements.append((index, stroke))
                    if strips % 256 == 0 { progress?(0.02 + 0.28 * min(Double(elements.count) / 1e5, 1)) }
                }
            case "chartlets":
                guard try !reader.readNull() else { return }
                try reader.readArray { (reader: inout JSONStreamReader) throws(StoreError) in
                    chartlets += 1
                    let (index, chartlet) = try readChartlet(&reader, number: chartlets)
                    textureIDs.insert(chartlet.textureID)
                    elements.append((index, .chartlet(chartlet)))
                }
            default:
                try reader.skipValue()
            }
        }
        try reader.finish()
        guard let size, size.count == 2 else {
            throw StoreError(.damaged, "\(folder.path)/content has no canvas size")
        }
        let document: Document
        do { document = try Document(size: Size(width: size[0], height: size[1])) } catch {
            throw StoreError(.invalidContent, "\(folder.path): \(error.description)")
        }
        // MaLiang draws elements in `index` order; ids follow it so our order is the same.
        let ordered = elements.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
        elements = []
        var built: [Element] = []
        built.reserveCapacity(ordered.count)
        for (offset, entry) in ordered.enumerated() {
            built.append(entry.element.element.withID(ElementID(Int64(offset + 1))))
        }
        progress?(0.3)
        let textures = try readTextures(textureIDs, folder: folder, progress: { progress?(0.3 + 0.7 * $0) })
        document.load(elements: built, textures: textures)
        progress?(1)
        return document
    }

    // MARK: - Pieces

    private static func decodeJSON<Value: Decodable>(_ url: URL, name: String) throws(StoreError) -> Value {
        let data = try readFile(url, limit: 1 << 20, what: "\"\(name)\"")
        do { return try JSONDecoder().decode(Value.self, from: data) } catch {
            throw StoreError(.damaged, "\(url.path) is not valid MaLiang \(name) JSON: \(describe(error))")
        }
    }

    private static func fileSize(_ url: URL, limit: Int, what: String) throws(StoreError) -> Int {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.damaged, "the MaLiang folder lacks \(what) (\(url.path))")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limit else {
            throw StoreError(.invalidContent, "\(url.path) is \(size) bytes; at most \(limit) are read")
        }
        return size
    }

    private static func readFile(_ url: URL, limit: Int, what: String) throws(StoreError) -> Data {
        _ = try fileSize(url, limit: limit, what: what)
        return try BoundedFile.read(url, limit: limit, what: what)
    }

    /// A MaLiang coordinate pair (points × 10) in document pixels, or nil when absurd.
    private static func point(_ pair: [Double]) -> Point? {
        guard pair.count == 2, pair.allSatisfy({ $0.isFinite && abs($0) <= Limits.coordinate * 10 }) else {
            return nil
        }
        return Point(x: pair[0] / 10, y: pair[1] / 10)
    }

    /// One line strip: its `index` and the stroke it becomes (id assigned later).
    private static func readStrip(_ reader: inout JSONStreamReader, number: Int) throws(StoreError)
        -> (Int, Element)
    {
        let name = "line strip \(number)"
        var index: Int?
        var brushName: String?
        var colorText: String?
        var points: [Point] = []
        var sizes: [Double] = []
        var firstStep: Double?
        var lineNumber = 0
        try reader.readObject { (reader, key) throws(StoreError) in
            switch key {
            case "index": index = Int(exactly: try reader.readNumber().rounded())
            case "brush": brushName = try reader.readString()
            case "color": colorText = try reader.readString()
            case "lines":
                try reader.readArray { (reader: inout JSONStreamReader) throws(StoreError) in
                    lineNumber += 1
                    guard points.count < Limits.samplesPerStroke else {
                        throw StoreError(.invalidContent, "\(name) has more than \(Limits.samplesPerStroke) lines")
                    }
                    var begin: Point?
                    var end: Point?
                    var size: Double?
                    var step: Double?
                    var absurd = false
                    try reader.readObject { (reader, key) throws(StoreError) in
                        switch key {
                        case "begin":
                            begin = point(try reader.readNumbers())
                            absurd = absurd || begin == nil
                        case "end":
                            end = point(try reader.readNumbers())
                            absurd = absurd || end == nil
                        case "size": size = try reader.readNumber()
                        case "step": step = try reader.readNumber()
                        default: try reader.skipValue()
                        }
                    }
                    guard !absurd, let begin, let end else {
                        throw StoreError(
                            .invalidContent, "line \(lineNumber) of \(name) has non-finite or absurd coordinates")
                    }
                    guard let size, let step, size.isFinite, step.isFinite, size >= 0, step >= 0 else {
                        throw StoreError(
                            .invalidContent,
                            "line \(lineNumber) of \(name) has size \(size ?? .nan) and step \(step ?? .nan); neither may be negative"
                        )
                    }
                    if points.isEmpty {
                        points.append(begin)
                        sizes.append(size)
                        firstStep = step
                    }
                    points.append(end)
                    sizes.append(size)
                }
            default:
                try reader.skipValue()
            }
        }
        guard let index, let brushName, let colorText else {
            throw StoreError(.damaged, "\(name) lacks its index, brush or colour")
        }
        guard let color = HexColor.parse(colorText) else {
            throw StoreError(.invalidContent, "\(name) has the colour \"\(colorText)\"; MaLiang writes aarrggbb")
        }
        guard !points.isEmpty else { throw StoreError(.invalidContent, "\(name) has no lines") }
        let largest = sizes.max() ?? 0
        // MaLiang saves a step under 0.05 pt as 0 (and then crashes loading it); the engine's minimum step applies.
        let step = max((firstStep ?? 10) / 10, Brush.minimumStep)
        let brush = FolderBrushes.brush(
            named: brushName, color: color, opacity: color.alpha, size: max(largest / 10, 0.1), step: step,
            firstSize: sizes[0] / 10, varies: sizes.contains { $0 != largest })
        var samples = StrokeSamples()
        samples.reserveCapacity(points.count)
        for (offset, position) in points.enumerated() {
            samples.append(
                InputSample(
                    position: position,
                    pressure: FolderBrushes.pressure(forSize: sizes[offset] / 10, of: brush.base),
                    time: UInt64(offset) * 8000, tool: .pen))
        }
        let stroke = Stroke(
            id: ElementID(1), brush: brush, seed: UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9 &+ 1, samples: samples
        )
        return (index, .stroke(stroke))
    }

    /// One chartlet: its `index` and placement (id assigned later).
    private static func readChartlet(_ reader: inout JSONStreamReader, number: Int) throws(StoreError)
        -> (Int, Chartlet)
    {
        var index: Int?
        var center: Point?
        var size: Point?
        var texture: String?
        var angle = 0.0
        try reader.readObject { (reader, key) throws(StoreError) in
            switch key {
            case "index": index = Int(exactly: try reader.readNumber().rounded())
            case "center": center = point(try reader.readNumbers())
            case "size": size = point(try reader.readNumbers())
            case "texture": texture = try reader.readString()
            case "angle": angle = try reader.readNull() ? 0 : try reader.readNumber()
            default: try reader.skipValue()
            }
        }
        guard let texture, TextureName.isSafe(texture) else {
            throw StoreError(
                .invalidContent,
                "chartlet \(number) names the texture \"\(texture ?? "")\", which is not a safe file name")
        }
        guard let index, let center, let size, angle.isFinite else {
            throw StoreError(.invalidContent, "chartlet \(number) has an impossible centre, size or angle")
        }
        let chartlet = Chartlet(
            id: ElementID(1), textureID: texture, center: center, size: Size(width: size.x, height: size.y),
            angle: angle)
        guard chartlet.isValid else {
            throw StoreError(.invalidContent, "chartlet \(number) has an impossible centre, size or angle")
        }
        return (index, chartlet)
    }

    private static func readTextures(_ ids: Set<String>, folder: URL, progress: ProgressHandler?) throws(StoreError)
        -> [String: Data]
    {
        guard !ids.isEmpty else { return [:] }
        let directory = folder.appendingPathComponent("textures")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw StoreError(.damaged, "\(folder.path) has chartlets but no textures folder")
        }
        var textures: [String: Data] = [:]
        for (offset, id) in ids.sorted().enumerated() {
            let url = directory.appendingPathComponent(id)
            let png = try readFile(url, limit: PNGLimits.standard.maximumBytes, what: "the texture \"\(id)\"")
            do { _ = try ImageCheck.dimensions(of: png) } catch {
                throw StoreError(.invalidContent, "the texture \"\(id)\" is \(error.message)")
            }
            textures[id] = png
            progress?(Double(offset + 1) / Double(ids.count))
        }
        return textures
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
