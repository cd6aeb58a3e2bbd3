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
    let writeLayer: SQLiteStatement
    let deleteLayer: SQLiteStatement
    let shiftLayers: SQLiteStatement
    let placeLayer: SQLiteStatement
    let updateLayer: SQLiteStatement

    init(_ database: SQLiteDatabase) throws(StoreError) {
        insertElement = try database.prepare(
            """
            INSERT OR REPLACE INTO elements(id, visible, kind, brush, seed, canvas_scale, samples, texture_id, center_x,
                center_y, width, height, angle, layer, symmetry, transform, mirrored)
                VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        hideElement = try database.prepare("UPDATE elements SET visible = 0 WHERE id = ?")
        showElement = try database.prepare("UPDATE elements SET visible = 1 WHERE id = ?")
        updateChartlet = try database.prepare(
            "UPDATE elements SET texture_id = ?, center_x = ?, center_y = ?, width = ?, height = ?, angle = ?, mirrored = ?, layer = ? WHERE id = ?"
        )
        insertTexture = try database.prepare("INSERT OR REPLACE INTO textures(id, png) VALUES (?, ?)")
        setMeta = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")
        writeLayer = try database.prepare(
            "INSERT OR REPLACE INTO layers(id, position, name, visible, locked, opacity, blend) VALUES (?, ?, ?, ?, ?, ?, ?)"
        )
        deleteLayer = try database.prepare("DELETE FROM layers WHERE id = ?")
        // Positions at or above the first parameter move by the second (positions stay 0…n-1 in layer order).
        shiftLayers = try database.prepare("UPDATE layers SET position = position + ?2 WHERE position >= ?1")
        placeLayer = try database.prepare("UPDATE layers SET position = ? WHERE id = ?")
        updateLayer = try database.prepare(
            "UPDATE layers SET name = ?, visible = ?, locked = ?, opacity = ?, blend = ? WHERE id = ?")
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
                    .real(chartlet.size.height), .real(chartlet.angle), .integer(chartlet.isMirrored ? 1 : 0),
                    .integer(chartlet.layer.rawValue), .integer(chartlet.id.rawValue),
                ])
        case .updated(_, let element, _): try insert(element)
        case .cleared(let elements):
            // Only what the document held: rows it could not read stay as they are.
            for element in elements { try hideElement.run([.integer(element.id.rawValue)]) }
        case .restored(let elements):
            for element in elements { try showElement.run([.integer(element.id.rawValue)]) }
        case .textureAdded(let id, let png): try insertTexture.run([.text(id), .blob(png)])
        case .backgroundChanged(_, let color): try setMeta.run([.text("background"), .text(Self.text(color))])
        case .layerInserted(let layer, let index, let elements, let copyOf):
            try shiftLayers.run([.integer(Int64(index)), .integer(1)])
            try write(layer, at: index)
            for element in elements {
                // A copy's rows are new; a deleted layer coming back shows its rows again.
                if copyOf != nil { try insert(element) } else { try showElement.run([.integer(element.id.rawValue)]) }
            }
        case .layerRemoved(let layer, let index, let elements):
            // Its rows are hidden like undone strokes (dropped when the file next opens), so undo can show them.
            for element in elements { try hideElement.run([.integer(element.id.rawValue)]) }
            try deleteLayer.run([.integer(layer.id.rawValue)])
            try shiftLayers.run([.integer(Int64(index + 1)), .integer(-1)])
        case .layerMoved(let id, let from, let to):
            // Out of the way, the others closed up and opened again, then in place: positions never collide.
            try placeLayer.run([.integer(-1), .integer(id.rawValue)])
            try shiftLayers.run([.integer(Int64(from + 1)), .integer(-1)])
            try shiftLayers.run([.integer(Int64(to)), .integer(1)])
            try placeLayer.run([.integer(Int64(to)), .integer(id.rawValue)])
        case .layerChanged(_, let layer):
            try updateLayer.run([
                .text(layer.name), .integer(layer.isVisible ? 1 : 0), .integer(layer.isLocked ? 1 : 0),
                .real(layer.opacity), .text(layer.blend.rawValue), .integer(layer.id.rawValue),
            ])
        }
    }

    /// Writes `layer`'s row at `position`.
    func write(_ layer: Layer, at position: Int) throws(StoreError) {
        try writeLayer.run([
            .integer(layer.id.rawValue), .integer(Int64(position)), .text(layer.name),
            .integer(layer.isVisible ? 1 : 0), .integer(layer.isLocked ? 1 : 0), .real(layer.opacity),
            .text(layer.blend.rawValue),
        ])
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
                    .null, .null, .integer(stroke.layer.rawValue),
                    stroke.symmetry.map { .text(SymmetryText.text($0)) } ?? .null,
                    stroke.transform.map { .text(TransformText.text($0)) } ?? .null, .integer(0),
                ])
        case .chartlet(let chartlet):
            try insertElement.run(
                [
                    .integer(chartlet.id.rawValue), .text("chartlet"), .null, .null, .null, .null,
                    .text(chartlet.textureID),
                    .real(chartlet.center.x), .real(chartlet.center.y), .real(chartlet.size.width),
                    .real(chartlet.size.height),
                    .real(chartlet.angle), .integer(chartlet.layer.rawValue), .null, .null,
                    .integer(chartlet.isMirrored ? 1 : 0),
                ])
        }
    }
}
