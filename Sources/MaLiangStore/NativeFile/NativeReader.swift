import Foundation
import MaLiang
import PNGCodec

/// Reads a checked native file into a ``Document``, validating every element; refuses the file as a whole rather
/// than loading half of it.
struct NativeReader {
    let database: SQLiteDatabase

    func read(progress: ProgressHandler?) throws(StoreError) -> Document {
        let document = try readMeta()
        progress?(0.05)
        // Hidden rows are what an earlier session had undone: the history is gone, so they are too.
        try database.execute("DELETE FROM elements WHERE visible = 0")
        let total = max(try database.integer("SELECT count(*) FROM elements"), 1)
        let maxID = try database.integer("SELECT coalesce(max(id), 0) FROM elements")
        let rows = try database.prepare(
            """
            SELECT id, kind, brush, seed, canvas_scale, samples, texture_id, center_x, center_y, width, height, angle
            FROM elements ORDER BY id
            """)
        try rows.bind([])
        var elements: [Element] = []
        elements.reserveCapacity(Int(total))
        let decoder = JSONDecoder()
        while try rows.step() {
            elements.append(try element(from: rows, decoder: decoder))
            if elements.count % 256 == 0 { progress?(0.05 + 0.85 * Double(elements.count) / Double(total)) }
        }
        let textures = try readTextures()
        for case .chartlet(let chartlet) in elements where textures[chartlet.textureID] == nil {
            throw damaged("chartlet \(chartlet.id) uses the image \"\(chartlet.textureID)\", which the file lacks")
        }
        document.load(elements: elements, textures: textures)
        document.reserveIDs(through: ElementID(maxID))
        progress?(1)
        return document
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

    private func element(from row: SQLiteStatement, decoder: JSONDecoder) throws(StoreError) -> Element {
        let id = ElementID(row.int64(0))
        switch row.text(1) {
        case "stroke":
            let brush: AnyBrush
            do { brush = try decoder.decode(AnyBrush.self, from: Data((row.text(2) ?? "").utf8)) } catch {
                throw damaged("stroke \(id) has an unreadable brush (\(error))")
            }
            let samples: [InputSample]
            do { samples = try SampleCodec.decode(row.blob(5)) } catch {
                throw damaged("stroke \(id): \(error.reason)")
            }
            guard samples.allSatisfy({ $0.validated() != nil }) else {
                throw StoreError(.invalidContent, "\(database.path): stroke \(id) has non-finite or absurd coordinates")
            }
            let scale = row.double(4)
            guard scale.isFinite && scale > 0 else { throw damaged("stroke \(id) has a zoom of \(scale)") }
            return .stroke(
                Stroke(
                    id: id, brush: brush, seed: UInt64(bitPattern: row.int64(3)), canvasScale: scale, samples: samples))
        case "chartlet":
            let values = (7...11).map { row.double(Int32($0)) }
            guard let texture = row.text(6), values.allSatisfy(\.isFinite), values[2] > 0, values[3] > 0,
                abs(values[0]) <= InputSample.coordinateLimit, abs(values[1]) <= InputSample.coordinateLimit,
                values[2] <= Document.maximumSide * 4, values[3] <= Document.maximumSide * 4
            else { throw StoreError(.invalidContent, "\(database.path): chartlet \(id) has an impossible placement") }
            return .chartlet(
                Chartlet(
                    id: id, textureID: texture, center: Point(x: values[0], y: values[1]),
                    size: Size(width: values[2], height: values[3]), angle: values[4]))
        case let kind:
            throw damaged("element \(id) is of unknown kind \"\(kind ?? "null")\"")
        }
    }

    private func readTextures() throws(StoreError) -> [String: Data] {
        let statement = try database.prepare("SELECT id, png FROM textures")
        try statement.bind([])
        var textures: [String: Data] = [:]
        while try statement.step() {
            guard let id = statement.text(0) else { continue }
            let png = statement.blob(1)
            do { _ = try PNG.header(of: png) } catch {
                throw damaged("the image \"\(id)\" is not a usable PNG: \(error)")
            }
            textures[id] = png
        }
        return textures
    }
}
