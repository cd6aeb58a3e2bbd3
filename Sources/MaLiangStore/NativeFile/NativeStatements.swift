import Foundation
import MaLiangCore

/// The prepared statements that write document changes.
struct Statements {
    let insertElement: SQLiteStatement
    let hideElement: SQLiteStatement
    let showElement: SQLiteStatement
    let updateChartlet: SQLiteStatement
    let insertTexture: SQLiteStatement
    let setMeta: SQLiteStatement

    init(_ database: SQLiteDatabase) throws(StoreError) {
        insertElement = try database.prepare(
            """
            INSERT OR REPLACE INTO elements(id, visible, kind, brush, seed, canvas_scale, samples, texture_id, center_x,
                center_y, width, height, angle) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        hideElement = try database.prepare("UPDATE elements SET visible = 0 WHERE id = ?")
        showElement = try database.prepare("UPDATE elements SET visible = 1 WHERE id = ?")
        updateChartlet = try database.prepare(
            "UPDATE elements SET texture_id = ?, center_x = ?, center_y = ?, width = ?, height = ?, angle = ? WHERE id = ?"
        )
        insertTexture = try database.prepare("INSERT OR REPLACE INTO textures(id, png) VALUES (?, ?)")
        setMeta = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")
    }

    func write(_ change: DocumentChange) throws(StoreError) {
        switch change {
        case .inserted(let element, _): try insert(element)
        case .removed(let element, _): try hideElement.run([.integer(element.id.rawValue)])
        case .updated(_, .chartlet(let chartlet), _):
            try updateChartlet.run(
                [
                    .text(chartlet.textureID), .real(chartlet.center.x), .real(chartlet.center.y),
                    .real(chartlet.size.width),
                    .real(chartlet.size.height), .real(chartlet.angle), .integer(chartlet.id.rawValue),
                ])
        case .updated(_, let element, _): try insert(element)
        case .cleared(let elements):
            // Only what the document held: rows it could not read stay as they are.
            for element in elements { try hideElement.run([.integer(element.id.rawValue)]) }
        case .restored(let elements):
            for element in elements { try showElement.run([.integer(element.id.rawValue)]) }
        case .textureAdded(let id, let png): try insertTexture.run([.text(id), .blob(png)])
        case .backgroundChanged(_, let color): try setMeta.run([.text("background"), .text(Self.text(color))])
        }
    }

    /// A colour as the meta table keeps it: "red green blue alpha".
    static func text(_ color: Color) -> String { "\(color.red) \(color.green) \(color.blue) \(color.alpha)" }

    func insert(_ element: Element) throws(StoreError) {
        switch element {
        case .stroke(let stroke):
            let brush: String
            do { brush = String(decoding: try JSONEncoder().encode(stroke.brush), as: UTF8.self) } catch {
                throw StoreError(.invalidContent, "cannot encode the brush of stroke \(stroke.id): \(error)")
            }
            try insertElement.run(
                [
                    .integer(stroke.id.rawValue), .text("stroke"), .text(brush),
                    .integer(Int64(bitPattern: stroke.seed)),
                    .real(stroke.canvasScale), .blob(SampleCodec.encode(stroke.samples)), .null, .null, .null, .null,
                    .null, .null,
                ])
        case .chartlet(let chartlet):
            try insertElement.run(
                [
                    .integer(chartlet.id.rawValue), .text("chartlet"), .null, .null, .null, .null,
                    .text(chartlet.textureID),
                    .real(chartlet.center.x), .real(chartlet.center.y), .real(chartlet.size.width),
                    .real(chartlet.size.height),
                    .real(chartlet.angle),
                ])
        }
    }
}
