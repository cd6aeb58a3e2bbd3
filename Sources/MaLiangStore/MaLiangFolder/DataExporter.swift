import Foundation
import MaLiang

/// Writes a document as a MaLiang folder that MaLiang on iOS opens: `info`, `content`, `textures/<id>`.
///
/// The folder is built beside the target and renamed into place when complete, so a failed export leaves nothing
/// half-written. The target must not exist or be an empty folder (MaLiang's rule).
public struct DataExporter {
    /// What MaLiang's importer requires in `info.library`.
    static let library = FolderInfo.Bundle(name: "MaLiang", version: "2.9.2", identifier: "com.harley.MaLiang")
    static let app = FolderInfo.Bundle(name: "MaLiang for Wayland", version: "0.1", identifier: "org.maliang.MaLiang")

    public let document: Document

    /// MaLiang's name: an exporter of the document's current elements.
    public init(canvas document: Document) { self.document = document }

    /// MaLiang's name; runs on the calling thread and hands the outcome to `result` before returning.
    public func save(
        to folder: URL, identifier: String? = nil, progress: ProgressHandler? = nil,
        result: (Result<Void, StoreError>) -> Void
    ) {
        do { result(.success(try saveSynchronously(to: folder, identifier: identifier, progress: progress))) } catch {
            result(.failure(error))
        }
    }

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
            let (content, textureIDs) = makeContent()
            let info = FolderInfo(
                identifier: identifier ?? UUID().uuidString, version: Self.library.version, app: Self.app,
                library: Self.library,
                lines: content.lineStrips?.count ?? 0, chartlets: content.chartlets?.count ?? 0,
                textures: textureIDs.count)
            try AtomicFile.write(try encode(info), to: staging.appendingPathComponent("info"))
            progress?(0.02)
            try AtomicFile.write(try encode(content), to: staging.appendingPathComponent("content"))
            progress?(0.1)
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
                    progress?(0.1 + 0.9 * Double(offset + 1) / Double(textureIDs.count))
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

    /// MaLiang's content: strokes as line strips (the sample polyline, size and step per line, ×10), chartlets,
    /// and chartlet-brush strokes expanded into chartlets (MaLiang does not save its own chartlet groups).
    private func makeContent() -> (FolderContent, [String]) {
        var strips: [FolderLineStrip] = []
        var chartlets: [FolderChartlet] = []
        var textureIDs: [String] = []
        func use(_ id: String) { if !textureIDs.contains(id) { textureIDs.append(id) } }
        func tenths(_ value: Double) -> Double { (value * 10).rounded() }
        var index = 0
        for element in document.elements {
            index += 1
            switch element {
            case .chartlet(let chartlet):
                use(chartlet.textureID)
                chartlets.append(
                    FolderChartlet(
                        index: index, center: [tenths(chartlet.center.x), tenths(chartlet.center.y)],
                        size: [tenths(chartlet.size.width), tenths(chartlet.size.height)], texture: chartlet.textureID,
                        angle: chartlet.angle == 0 ? nil : chartlet.angle))
            case .stroke(let stroke):
                if case .chartlet(let brush) = stroke.brush {
                    var builder = stroke.makeBuilder()
                    var stamps = builder.add(stroke.samples)
                    builder.finish(into: &stamps)
                    for stamp in stamps where Int(stamp.textureSlot) < brush.textureIDs.count {
                        let id = brush.textureIDs[Int(stamp.textureSlot)]
                        use(id)
                        chartlets.append(
                            FolderChartlet(
                                index: index, center: [tenths(Double(stamp.x)), tenths(Double(stamp.y))],
                                size: [tenths(Double(stamp.size)), tenths(Double(stamp.size))], texture: id,
                                angle: stamp.angle == 0 ? nil : Double(stamp.angle)))
                        index += 1
                    }
                } else if let strip = lineStrip(stroke, index: index) {
                    strips.append(strip)
                }
            }
        }
        let content = FolderContent(
            size: [document.size.width, document.size.height], lineStrips: strips, chartlets: chartlets)
        return (content, textureIDs)
    }

    private func lineStrip(_ stroke: Stroke, index: Int) -> FolderLineStrip? {
        let brush = stroke.brush.base
        let samples = stroke.samples.compactMap { $0.validated() }
        guard let first = samples.first else { return nil }
        let points = samples.count == 1 ? [first, first] : samples
        let divisor = brush.scaleWithCanvas ? 1 : max(stroke.canvasScale, 0.01)
        func size(_ sample: InputSample) -> Double {
            let pressure = sample.pressure ?? brush.forceOnTap
            let factor =
                brush.forceSensitive == 0 ? 1 : pow(brush.pressureCurve.value(at: pressure), brush.forceSensitive)
            return brush.pointSize * factor / divisor
        }
        var lines: [FolderLine] = []
        for (begin, end) in zip(points, points.dropFirst()) {
            // A line's size is its end point's, as the importer gives it: a round trip shifts nothing.
            let lineSize = size(end)
            let step = brush.spacingRelativeToSize ? brush.pointStep * lineSize : brush.pointStep / divisor
            // A step of 0 crashes MaLiang when it loads the file: never write one.
            lines.append(
                FolderLine(
                    begin: [(begin.position.x * 10).rounded(), (begin.position.y * 10).rounded()],
                    end: [(end.position.x * 10).rounded(), (end.position.y * 10).rounded()],
                    size: (lineSize * 10).rounded(), step: max((step * 10).rounded(), 1),
                    color: nil))
        }
        return FolderLineStrip(
            index: index, brush: brush.name,
            color: HexColor.format(brush.color, alpha: brush.color.alpha * brush.opacity), lines: lines)
    }
}
