import Foundation
import MaLiangCore
import PNGCodec

/// Reads a checked native file into a ``Document``, validating every element against ``Limits``. An element or
/// image that cannot be read is left out (and said so), never the whole file; only a file without a usable canvas
/// size is refused.
struct NativeReader {
    let database: SQLiteDatabase
    /// Where loaded strokes read their samples from; nil keeps every stroke's samples in memory.
    let samples: StoredSampleReader?
    /// The file's schema version: a reader leaves an older file as it is (version 1: no layers, every element on
    /// one).
    var version = Schema.currentVersion

    /// The document and what was left out of it. `dropHidden` removes the rows an earlier session had undone.
    func read(dropHidden: Bool, progress: ProgressHandler?) throws(StoreError) -> (Document, leftOut: [String]) {
        let document = try readMeta()
        progress?(0.05)
        if dropHidden {
            // Hidden rows are what an earlier session had undone: the history is gone, so they are too. Tidying
            // only: a full disk must not keep the drawing from opening.
            try? database.execute("DELETE FROM elements WHERE visible = 0")
        }
        let total = max(try database.integer("SELECT count(*) FROM elements WHERE visible = 1"), 1)
        let maxID = try database.integer(
            "SELECT coalesce(max(id), 0) FROM elements WHERE id <= \(Limits.elementID.upperBound)")
        var leftOut: [String] = []
        let (textures, unreadableImages) = try readTextures()
        leftOut += unreadableImages.map { "the image \"\($0.key)\": \($0.value)" }.sorted()
        let (layers, unreadableLayers) = try readLayers()
        leftOut += unreadableLayers
        let layerIDs = Set(layers.map(\.id))
        let rows = try database.prepare(
            """
            SELECT id, kind, brush, seed, canvas_scale, samples, texture_id, center_x, center_y, width, height, angle,
                \(version >= 2 ? "layer" : "1"), \(version >= 3 ? "symmetry" : "NULL"),
                \(version >= 4 ? "transform, mirrored" : "NULL, 0")
            FROM elements WHERE visible = 1 ORDER BY id
            """)
        try rows.bind([])
        var elements: [Element] = []
        elements.reserveCapacity(Int(min(total, 1 << 20)))
        let decoder = JSONDecoder()
        var seen = 0
        while try rows.step() {
            seen += 1
            switch element(from: rows, decoder: decoder, textures: textures) {
            case .success(let element) where layerIDs.contains(element.layer): elements.append(element)
            case .success(let element):
                leftOut.append("element \(element.id) is on \(element.layer), which the file lacks")
            case .failure(let problem): leftOut.append(problem.reason)
            }
            if seen % 256 == 0 { progress?(0.05 + 0.9 * Double(seen) / Double(total)) }
        }
        document.load(elements: elements, textures: textures, layers: layers)
        // Ids of rows left out stay taken, so new elements never replace them.
        document.reserveIDs(through: ElementID(max(maxID, 0)))
        progress?(1)
        return (document, leftOut)
    }

    private struct Problem: Error {
        var reason: String
    }

    private func damaged(_ reason: String) -> StoreError {
        StoreError(.damaged, "\(database.path) is damaged: \(reason)")
    }

    private func readMeta() throws(StoreError) -> Document {
        let statement = try database.prepare("SELECT key, value FROM meta")
        try statement.bind([])
        var meta: [String: String] = [:]
        while try statement.step() {
            if let key = statement.text(0) { meta[key] = statement.text(1) }
        }
        guard let width = meta["width"].flatMap(Double.init), let height = meta["height"].flatMap(Double.init) else {
            throw damaged("the canvas size is missing")
        }
        let size = Size(width: width, height: height)
        guard Document.isValid(size) else {
            throw StoreError(.invalidContent, "\(database.path): a canvas of \(width)×\(height) pixels is not possible")
        }
        let parts = (meta["background"] ?? "1 1 1 1").split(separator: " ").compactMap { Double($0) }
        let background =
            parts.count == 4 && parts.allSatisfy(\.isFinite)
            ? Color(red: parts[0], green: parts[1], blue: parts[2], alpha: parts[3]) : .white
        do { return try Document(size: size, background: background) } catch {
            throw StoreError(.invalidContent, error.description)
        }
    }

    private func element(from row: SQLiteStatement, decoder: JSONDecoder, textures: [String: Data])
        -> Result<Element, Problem>
    {
        let rawID = row.int64(0)
        let id = ElementID(rawID)
        guard Limits.elementID.contains(rawID) else {
            return .failure(Problem(reason: "element \(id): its id is outside 1…\(Limits.elementID.upperBound)"))
        }
        switch row.text(1) {
        case "stroke":
            let brush: AnyBrush
            do { brush = try decoder.decode(AnyBrush.self, from: Data((row.text(2) ?? "").utf8)) } catch {
                return .failure(Problem(reason: "stroke \(id): its brush cannot be read (\(error))"))
            }
            // Every stroke's samples are checked as the file opens; then they stay in the file until needed.
            let columns: SampleColumns
            do { columns = try SampleCodec.decode(row.blob(5)) } catch {
                return .failure(Problem(reason: "stroke \(id): \(error.reason)"))
            }
            guard columns.count > 0 else { return .failure(Problem(reason: "stroke \(id) has no samples")) }
            let samples =
                self.samples.map { StrokeSamples(stored: StoredSamples(id: id, count: columns.count, source: $0)) }
                ?? StrokeSamples(columns)
            let scale = row.double(4)
            guard Limits.zoom.contains(scale) else {
                return .failure(Problem(reason: "stroke \(id) was drawn at an impossible zoom (\(scale))"))
            }
            var symmetry: Symmetry?
            if let text = row.text(13) {
                guard let read = SymmetryText.symmetry(text) else {
                    return .failure(
                        Problem(reason: "stroke \(id) has a symmetry that cannot be drawn (\"\(text.prefix(60))\")"))
                }
                symmetry = read
            }
            var stroke = Stroke(
                id: id, brush: brush, seed: UInt64(bitPattern: row.int64(3)), canvasScale: scale,
                samples: samples, layer: LayerID(row.int64(12)), symmetry: symmetry)
            if let text = row.text(14) {
                guard let transform = TransformText.transform(text) else {
                    return .failure(
                        Problem(reason: "stroke \(id) has a transform that cannot be drawn (\"\(text.prefix(80))\")"))
                }
                stroke.transform = transform
            }
            return .success(.stroke(stroke))
        case "chartlet":
            let values = (7...11).map { row.double(Int32($0)) }
            guard let texture = row.text(6) else {
                return .failure(Problem(reason: "chartlet \(id) names no image"))
            }
            var chartlet = Chartlet(
                id: id, textureID: texture, center: Point(x: values[0], y: values[1]),
                size: Size(width: values[2], height: values[3]), angle: values[4], layer: LayerID(row.int64(12)))
            chartlet.isMirrored = row.int64(15) != 0
            guard chartlet.isValid else {
                return .failure(Problem(reason: "chartlet \(id) has an impossible placement"))
            }
            guard textures[texture] != nil else {
                return .failure(Problem(reason: "chartlet \(id) uses the image \"\(texture)\", which the file lacks"))
            }
            return .success(.chartlet(chartlet))
        case let kind:
            return .failure(Problem(reason: "element \(id) is of unknown kind \"\(kind ?? "null")\""))
        }
    }

    /// The layers, bottom first (one plain layer when the file has none it can use), and why any are left out.
    private func readLayers() throws(StoreError) -> ([Layer], leftOut: [String]) {
        guard version >= 2 else { return ([Layer(id: .first, name: "Layer 1")], []) }
        let statement = try database.prepare(
            "SELECT id, name, visible, locked, opacity, blend FROM layers ORDER BY position, id")
        try statement.bind([])
        var layers: [Layer] = []
        var leftOut: [String] = []
        while try statement.step() {
            let id = LayerID(statement.int64(0))
            guard Limits.elementID.contains(id.rawValue), layers.count < Document.maximumLayers else {
                leftOut.append("\(id): beyond what a document holds")
                continue
            }
            guard let blend = LayerBlend(rawValue: statement.text(5) ?? "") else {
                leftOut.append("\(id): its blend \"\(statement.text(5) ?? "null")\" is unknown")
                continue
            }
            // Out-of-range values (a name too long, an opacity of 3) are brought within bounds, not refused.
            layers.append(
                Layer(
                    id: id, name: statement.text(1) ?? "", isVisible: statement.int64(2) != 0,
                    isLocked: statement.int64(3) != 0, opacity: statement.double(4), blend: blend
                ).clamped())
        }
        return (layers.isEmpty ? [Layer(id: .first, name: "Layer 1")] : layers, leftOut)
    }

    /// The readable images, and why each unreadable one is not.
    private func readTextures() throws(StoreError) -> ([String: Data], unreadable: [String: String]) {
        let statement = try database.prepare("SELECT id, png FROM textures")
        try statement.bind([])
        var textures: [String: Data] = [:]
        var unreadable: [String: String] = [:]
        while try statement.step() {
            guard let id = statement.text(0) else { continue }
            let png = statement.blob(1)
            // Decoded whole: a truncated or damaged image is left out here, not skipped without a word when drawn.
            do {
                _ = try ImageCheck.dimensions(of: png)
                textures[id] = png
            } catch {
                unreadable[id] = error.message
            }
        }
        return (textures, unreadable)
    }
}
