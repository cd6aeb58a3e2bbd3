import Foundation
import MaLiangCore

/// Writes a document as a MaLiang folder that MaLiang on iOS opens: `info`, `content`, `textures/<id>`.
///
/// The folder is built beside the target and renamed into place when complete, so a failed export leaves nothing
/// half-written. The target must not exist or be an empty folder (MaLiang's rule).
public struct FolderExporter {
    /// What MaLiang's importer requires in `info.library`.
    static let library = FolderInfo.Bundle(name: "MaLiang", version: "2.9.2", identifier: "com.harley.MaLiang")
    static let app = FolderInfo.Bundle(name: "MaLiang for Wayland", version: "0.1", identifier: "org.maliang.MaLiang")

    public let document: Document

    /// An exporter of the document's current elements.
    public init(document: Document) { self.document = document }

    /// A MaLiang folder has no layers: the visible layers' elements, bottom layer first (hidden layers are left
    /// out; opacity and blend modes have no place there).
    var flattened: [Element] { document.elementsInLayerOrder(visibleOnly: true) }

    /// Writes the folder (which must not exist, or be empty); `identifier` goes into `info` (a new UUID when nil).
    public func saveSynchronously(to folder: URL, identifier: String? = nil, progress: ProgressHandler? = nil)
        throws(StoreError)
    {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true else {
                throw StoreError(.io, "\(folder.path) exists and is not an empty folder")
            }
        }
        let staging = folder.deletingLastPathComponent().appendingPathComponent(
            ".\(folder.lastPathComponent).partial-\(UUID().uuidString.prefix(8))")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw StoreError(.io, "cannot create \(staging.path): \(error.localizedDescription)")
        }
        do throws(StoreError) {
            progress?(0.01)
            // The content is written as it is made, element by element: a long session's folder never has to fit
            // in memory.
            var counts = FolderCounts()
            try AtomicFile.write(to: staging.appendingPathComponent("content")) {
                (writer: inout StreamWriter) throws(StoreError) in
                counts = try writeContent(to: &writer, progress: { progress?(0.01 + 0.89 * $0) })
            }
            let textureIDs = counts.textureIDs
            let info = FolderInfo(
                identifier: identifier ?? UUID().uuidString, version: Self.library.version, app: Self.app,
                library: Self.library, lines: counts.lineStrips, chartlets: counts.chartlets,
                textures: textureIDs.count)
            try AtomicFile.write(try encode(info), to: staging.appendingPathComponent("info"))
            progress?(0.9)
            if !textureIDs.isEmpty {
                let textures = staging.appendingPathComponent("textures")
                do { try manager.createDirectory(at: textures, withIntermediateDirectories: false) } catch {
                    throw StoreError(.io, "cannot create \(textures.path)")
                }
                for (offset, id) in textureIDs.enumerated() {
                    guard let png = document.textures[id], TextureName.isSafe(id) else {
                        throw StoreError(.invalidContent, "the image \"\(id)\" is missing or has an unsafe name")
                    }
                    try AtomicFile.write(png, to: textures.appendingPathComponent(id))
                    progress?(0.9 + 0.1 * Double(offset + 1) / Double(textureIDs.count))
                }
            }
            if manager.fileExists(atPath: folder.path) { try? manager.removeItem(at: folder) }
            try AtomicFile.replace(folder, with: staging.path)
            progress?(1)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    private func encode<Value: Encodable>(_ value: Value) throws(StoreError) -> Data {
        do { return try JSONEncoder().encode(value) } catch {
            throw StoreError(.invalidContent, "cannot encode: \(error)")
        }
    }

    /// What the content holds, for `info`.
    struct FolderCounts {
        var lineStrips = 0
        var chartlets = 0
        /// Images in the order first used.
        var textureIDs: [String] = []
    }

    /// MaLiang's content: strokes as line strips (the sample polyline, size and step per line, ×10), chartlets,
    /// and chartlet-brush strokes expanded into chartlets (MaLiang does not save its own chartlet groups). Written
    /// as JSON the way MaLiang reads it, one element at a time.
    private func writeContent(to writer: inout StreamWriter, progress: ProgressHandler?) throws(StoreError)
        -> FolderCounts
    {
        var counts = FolderCounts()
        var seen = Set<String>()
        func use(_ id: String) {
            if seen.insert(id).inserted { counts.textureIDs.append(id) }
        }
        let size = document.size
        try writer.append("{\"size\":[\(Self.number(size.width)),\(Self.number(size.height))],\"lineStrips\":[")
        // MaLiang's `index` orders all elements; a chartlet brush's images take one index each.
        var index = 0
        let elements = flattened
        let total = max(elements.count, 1)
        for (offset, element) in elements.enumerated() {
            index += 1
            switch element {
            case .chartlet:
                break
            case .stroke(let stroke):
                if case .chartlet = stroke.brush {
                    index += max(placedImages(stroke).count - 1, 0)
                } else {
                    // A symmetric stroke's copies are lines of their own (MaLiang has no symmetry).
                    for (number, copy) in Self.copies(of: stroke).enumerated() {
                        if number > 0 { index += 1 }
                        if try writeLineStrip(
                            stroke, copy: copy, index: index, separator: counts.lineStrips > 0, to: &writer)
                        {
                            counts.lineStrips += 1
                        }
                    }
                }
            }
            if offset % 64 == 0 { progress?(0.9 * Double(offset) / Double(total)) }
        }
        try writer.append("],\"chartlets\":[")
        index = 0
        for element in elements {
            index += 1
            switch element {
            case .chartlet(let chartlet):
                use(chartlet.textureID)
                try writeChartlet(
                    index: index, center: chartlet.center, size: chartlet.size, texture: chartlet.textureID,
                    angle: chartlet.angle, separator: counts.chartlets > 0, to: &writer)
                counts.chartlets += 1
            case .stroke(let stroke):
                guard case .chartlet = stroke.brush else {
                    index += Self.copies(of: stroke).count - 1
                    continue
                }
                let placed = placedImages(stroke)
                for (offset, image) in placed.enumerated() {
                    use(image.texture)
                    try writeChartlet(
                        index: index + offset, center: Point(x: Double(image.stamp.x), y: Double(image.stamp.y)),
                        size: placedSize(image, of: stroke),
                        texture: image.texture, angle: Double(image.stamp.angle), separator: counts.chartlets > 0,
                        to: &writer)
                    counts.chartlets += 1
                }
                index += max(placed.count - 1, 0)
            }
        }
        try writer.append("]}")
        progress?(1)
        return counts
    }

    /// How large a placed image shows: the stamp's square, or — for a brush whose images keep their proportions (a
    /// fill) — the image fitted inside it by its longer side.
    private func placedSize(_ image: (stamp: Stamp, texture: String), of stroke: Stroke) -> Size {
        let side = Double(image.stamp.size)
        guard case .chartlet(let brush) = stroke.brush, brush.keepsProportions,
            let png = document.textures[image.texture], let pixels = try? ImageCheck.dimensions(of: png)
        else { return Size(width: side, height: side) }
        let longer = Double(max(pixels.width, pixels.height, 1))
        return Size(width: side * Double(pixels.width) / longer, height: side * Double(pixels.height) / longer)
    }

    /// The images a chartlet-brush stroke places: each stamp with its texture.
    private func placedImages(_ stroke: Stroke) -> [(stamp: Stamp, texture: String)] {
        guard case .chartlet(let brush) = stroke.brush else { return [] }
        var builder = stroke.makeBuilder()
        var stamps = builder.add(stroke.samples)
        builder.finish(into: &stamps)
        return stamps.compactMap { stamp in
            Int(stamp.textureSlot) < brush.textureIDs.count ? (stamp, brush.textureIDs[Int(stamp.textureSlot)]) : nil
        }
    }

    private func writeChartlet(
        index: Int, center: Point, size: Size, texture: String, angle: Double, separator: Bool,
        to writer: inout StreamWriter
    ) throws(StoreError) {
        var json = separator ? "," : ""
        json += "{\"index\":\(index),\"center\":[\(Self.tenths(center.x)),\(Self.tenths(center.y))],"
        json += "\"size\":[\(Self.tenths(size.width)),\(Self.tenths(size.height))],\"texture\":\(Self.quoted(texture))"
        if angle != 0 { json += ",\"angle\":\(angle)" }
        try writer.append(json + "}")
    }

    /// The copies a stroke paints: its symmetry's, or the stroke as it is (nil).
    private static func copies(of stroke: Stroke) -> [SymmetryCopy?] {
        stroke.symmetry.map { $0.copies.map { Optional($0) } } ?? [nil]
    }

    /// Writes one stroke (or one `copy` of a symmetric one) as a line strip; false when it has no usable sample.
    private func writeLineStrip(
        _ stroke: Stroke, copy: SymmetryCopy?, index: Int, separator: Bool, to writer: inout StreamWriter
    ) throws(StoreError) -> Bool {
        let brush = stroke.brush.base
        var samples = Array(stroke.samples.loaded())
        // Each point's width as the stroke was stamped: a mouse's or a finger's comes from its speed, a tilted
        // pen's from its lean, never simply the brush's nominal size.
        let sizes = StrokeBuilder.dabSizes(of: samples, brush: stroke.brush, canvasScale: stroke.canvasScale)
        if let copy {
            for index in samples.indices { samples[index].position = copy.apply(samples[index].position) }
        }
        // A transformed stroke is written where it shows, its lines as much wider as its stamps are.
        let transform = stroke.transform ?? .identity
        if !transform.isIdentity {
            for index in samples.indices { samples[index].position = transform.apply(samples[index].position) }
        }
        guard let first = samples.first else { return false }
        guard samples.allSatisfy({ $0.position.isFinite }) else {
            throw StoreError(.io, "stroke \(stroke.id) could not be read from its document file")
        }
        let divisor = (brush.scaleWithCanvas ? 1 : max(stroke.canvasScale, 0.01)) / transform.sizeScale
        let color = HexColor.format(brush.color, alpha: brush.color.alpha * brush.opacity)
        try writer.append(
            (separator ? "," : "")
                + "{\"index\":\(index),\"brush\":\(Self.quoted(brush.name)),\"color\":\"\(color)\",\"lines\":[")
        // MaLiang draws lines between consecutive points; a single sample is a line to itself.
        var begin = first
        var lines = 0
        for (offset, end) in (samples.count == 1 ? [first] : Array(samples.dropFirst())).enumerated() {
            // A line's size is its end point's, as the importer gives it: a round trip shifts nothing.
            let lineSize = sizes[samples.count == 1 ? 0 : offset + 1] * transform.sizeScale
            let step = brush.spacingRelativeToSize ? brush.pointStep * lineSize : brush.pointStep / divisor
            // A step of 0 crashes MaLiang when it loads the file: never write one.
            try writer.append(
                (lines > 0 ? "," : "")
                    + "{\"begin\":[\(Self.tenths(begin.position.x)),\(Self.tenths(begin.position.y))],"
                    + "\"end\":[\(Self.tenths(end.position.x)),\(Self.tenths(end.position.y))],"
                    + "\"size\":\(Self.tenths(lineSize)),\"step\":\(max(Self.tenths(step), 1))}")
            lines += 1
            begin = end
        }
        try writer.append("]}")
        return true
    }

    /// MaLiang's points × 10, as a whole number.
    static func tenths(_ value: Double) -> Int { Int((value * 10).rounded()) }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
