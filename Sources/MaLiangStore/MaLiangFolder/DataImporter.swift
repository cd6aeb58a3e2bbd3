import Foundation
import MaLiang
import PNGCodec

/// Reads MaLiang folders (`info`, `content`, `textures/`) exactly as MaLiang 2.9 writes them.
///
/// Everything is checked before anything is kept: a folder is imported whole or refused with a reason.
public enum DataImporter {
    /// Largest `info` or `content` file read.
    static let maximumJSONBytes = 512 << 20

    /// Imports `folder` into a new native file at `destination`. MaLiang's name; runs on the calling thread and
    /// hands the result to `result` before returning.
    public static func importData(
        from folder: URL, to destination: URL, progress: ProgressHandler? = nil,
        result: (Result<DocumentFile, StoreError>) -> Void
    ) {
        do { result(.success(try importDataSynchronously(from: folder, to: destination, progress: progress))) } catch {
            result(.failure(error))
        }
    }

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
        let content: FolderContent = try decodeJSON(folder.appendingPathComponent("content"), name: "content")
        progress?(0.1)
        let document = try makeDocument(content, folder: folder)
        var elements: [(index: Int, make: (ElementID) throws(StoreError) -> Element)] = []
        for (number, strip) in (content.lineStrips ?? []).enumerated() {
            elements.append((strip.index, { id throws(StoreError) in try stroke(strip, number: number, id: id) }))
        }
        var textureIDs = Set<String>()
        for (number, chartlet) in (content.chartlets ?? []).enumerated() {
            guard TextureName.isSafe(chartlet.texture) else {
                throw StoreError(
                    .invalidContent,
                    "chartlet \(number + 1) names the texture \"\(chartlet.texture)\", which is not a safe file name")
            }
            textureIDs.insert(chartlet.texture)
            elements.append(
                (chartlet.index, { id throws(StoreError) in try Self.chartlet(chartlet, number: number, id: id) }))
        }
        // MaLiang draws elements in `index` order; ids follow it so our order is the same.
        var built: [Element] = []
        for (offset, entry) in elements.enumerated().sorted(by: {
            ($0.element.index, $0.offset) < ($1.element.index, $1.offset)
        }).map(\.element)
            .enumerated()
        {
            built.append(try entry.make(ElementID(Int64(offset + 1))))
        }
        progress?(0.3)
        let textures = try readTextures(textureIDs, folder: folder, progress: { progress?(0.3 + 0.7 * $0) })
        document.load(elements: built, textures: textures)
        progress?(1)
        return document
    }

    // MARK: - Pieces

    private static func decodeJSON<Value: Decodable>(_ url: URL, name: String) throws(StoreError) -> Value {
        let data = try readFile(url, limit: maximumJSONBytes, what: "\"\(name)\"")
        do { return try JSONDecoder().decode(Value.self, from: data) } catch {
            throw StoreError(.damaged, "\(url.path) is not valid MaLiang \(name) JSON: \(describe(error))")
        }
    }

    private static func readFile(_ url: URL, limit: Int, what: String) throws(StoreError) -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.damaged, "the MaLiang folder lacks \(what) (\(url.path))")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limit else {
            throw StoreError(.invalidContent, "\(url.path) is \(size) bytes; at most \(limit) are read")
        }
        do { return try Data(contentsOf: url) } catch {
            throw StoreError(.io, "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    private static func makeDocument(_ content: FolderContent, folder: URL) throws(StoreError) -> Document {
        guard let size = content.size, size.count == 2 else {
            throw StoreError(.damaged, "\(folder.path)/content has no canvas size")
        }
        do { return try Document(size: Size(width: size[0], height: size[1])) } catch {
            throw StoreError(.invalidContent, "\(folder.path): \(error.description)")
        }
    }

    /// A MaLiang coordinate pair (points × 10) in document pixels, or nil when absurd.
    private static func point(_ pair: [Double]) -> Point? {
        guard pair.count == 2, pair.allSatisfy({ $0.isFinite && abs($0) <= InputSample.coordinateLimit * 10 }) else {
            return nil
        }
        return Point(x: pair[0] / 10, y: pair[1] / 10)
    }

    private static func stroke(_ strip: FolderLineStrip, number: Int, id: ElementID) throws(StoreError) -> Element {
        let name = "line strip \(number + 1)"
        guard let color = HexColor.parse(strip.color) else {
            throw StoreError(.invalidContent, "\(name) has the colour \"\(strip.color)\"; MaLiang writes aarrggbb")
        }
        guard !strip.lines.isEmpty else { throw StoreError(.invalidContent, "\(name) has no lines") }
        var points: [Point] = []
        var sizes: [Double] = []
        for (lineNumber, line) in strip.lines.enumerated() {
            guard let begin = point(line.begin), let end = point(line.end) else {
                throw StoreError(
                    .invalidContent, "line \(lineNumber + 1) of \(name) has non-finite or absurd coordinates")
            }
            guard line.size.isFinite, line.step.isFinite, line.size >= 0, line.step >= 0 else {
                throw StoreError(
                    .invalidContent,
                    "line \(lineNumber + 1) of \(name) has size \(line.size) and step \(line.step); neither may be negative"
                )
            }
            if points.isEmpty {
                points.append(begin)
                sizes.append(line.size)
            }
            points.append(end)
            sizes.append(line.size)
        }
        let largest = sizes.max() ?? 0
        // MaLiang saves a step under 0.05 pt as 0 (and then crashes loading it); the engine's minimum step applies.
        let step = max((strip.lines.first?.step ?? 10) / 10, Brush.minimumStep)
        let brush = FolderBrushes.brush(
            named: strip.brush, color: color, opacity: color.alpha, size: max(largest / 10, 0.1), step: step,
            varies: sizes.contains { $0 != largest })
        let samples = points.enumerated().map { offset, position in
            InputSample(
                position: position, pressure: largest > 0 ? sizes[offset] / largest : 1, time: UInt64(offset) * 8000,
                tool: .pen)
        }
        return .stroke(Stroke(id: id, brush: brush, seed: UInt64(strip.index) &* 0x9E37_79B9 &+ 1, samples: samples))
    }

    private static func chartlet(_ chartlet: FolderChartlet, number: Int, id: ElementID) throws(StoreError) -> Element {
        guard let center = point(chartlet.center), let size = point(chartlet.size), size.x > 0, size.y > 0,
            size.x <= Document.maximumSide * 4, size.y <= Document.maximumSide * 4, (chartlet.angle ?? 0).isFinite
        else { throw StoreError(.invalidContent, "chartlet \(number + 1) has an impossible centre, size or angle") }
        return .chartlet(
            Chartlet(
                id: id, textureID: chartlet.texture, center: center, size: Size(width: size.x, height: size.y),
                angle: chartlet.angle ?? 0))
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
            do { _ = try PNG.header(of: png) } catch {
                throw StoreError(.invalidContent, "the texture \"\(id)\" is not a usable PNG: \(error.description)")
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
