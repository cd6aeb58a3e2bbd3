import Foundation
import MaLiangCore

/// Brings an OpenRaster file in as a drawing: each layer becomes a layer (name, visibility, lock, opacity, blend)
/// holding its pixels as one placed picture — a one-dab sticker stroke, so it is drawn into its layer's paint and
/// blends with the layers under it as the file means, and can be selected, moved and painted over. The PNG is
/// kept as the file had it, at its bit depth. The page is transparent, as in the file; but a bottom layer of one
/// opaque colour covering the page becomes the paper (MaLiang's exports write the paper so) when every layer shown
/// above it blends normally — MaLiang's paper lies under the composed layers, so a multiplied layer would not
/// see it, where the file's would.
public enum OpenRasterImporter {
    /// A drawing and what could not come in as the file means it.
    public struct Imported {
        public var document: Document
        public var notes: [String]
    }

    /// Reads the OpenRaster file at `url` into an in-memory drawing.
    public static func read(_ url: URL) throws(StoreError) -> Imported {
        try document(from: OpenRasterReader.read(url))
    }

    /// Imports the OpenRaster file at `url` into a new native file at `destination` (which must not exist).
    public static func importSynchronously(from url: URL, to destination: URL, progress: ProgressHandler? = nil)
        throws(StoreError) -> (file: DocumentFile, notes: [String])
    {
        let imported = try read(url)
        progress?(0.5)
        let file = try DocumentFile.create(
            at: destination, from: imported.document, progress: { progress?(0.5 + 0.5 * $0) })
        return (file, imported.notes)
    }

    /// The drawing `image` describes.
    public static func document(from image: OpenRasterImage) throws(StoreError) -> Imported {
        var notes = image.notes
        var layers = Array(image.layers.reversed())
        var paper = Color.clear
        if let bottom = layers.first, let color = bottom.soleColor, color.alpha >= 1, bottom.layer.isVisible,
            bottom.layer.opacity >= 1, bottom.layer.compositeOp == "svg:src-over", bottom.layer.x <= 0,
            bottom.layer.y <= 0, bottom.layer.x + bottom.width >= image.width,
            bottom.layer.y + bottom.height >= image.height,
            layers.dropFirst().allSatisfy({ !$0.layer.isVisible || $0.layer.compositeOp == "svg:src-over" })
        {
            paper = color
            layers.removeFirst()
            notes.append("The bottom layer “\(bottom.layer.name)”, one colour over the whole page, became the paper")
        }
        if layers.count > Document.maximumLayers {
            let over = layers.count - Document.maximumLayers
            notes.append(
                "A drawing holds at most \(Document.maximumLayers) layers: the top \(over) are left out")
            layers.removeLast(over)
        }
        let document: Document
        do {
            document = try Document(
                size: Size(width: Double(image.width), height: Double(image.height)), background: paper)
        } catch {
            throw StoreError(.invalidContent, error.description)
        }
        var madeLayers: [Layer] = []
        var elements: [Element] = []
        var textures: [String: Data] = [:]
        for read in layers {
            let id = LayerID(Int64(madeLayers.count + 1))
            let layer = read.layer
            madeLayers.append(
                Layer(
                    id: id, name: layer.name, isVisible: layer.isVisible, isLocked: layer.isLocked,
                    opacity: layer.opacity,
                    blend: OpenRasterReader.blends[layer.compositeOp].flatMap(LayerBlend.init(rawValue:)) ?? .normal
                ).clamped())
            guard !read.isBlank else { continue }
            let center = Point(
                x: Double(layer.x) + Double(read.width) / 2, y: Double(layer.y) + Double(read.height) / 2)
            guard abs(center.x) <= Limits.coordinate, abs(center.y) <= Limits.coordinate else {
                notes.append("Layer “\(layer.name)” lies too far off the page: its picture is left out")
                continue
            }
            let textureID = ImageCheck.textureID(for: layer.png)
            textures[textureID] = layer.png
            elements.append(
                .stroke(
                    picture(
                        textureID, width: read.width, height: read.height, at: center,
                        id: ElementID(Int64(elements.count + 1)), layer: id)))
        }
        if madeLayers.isEmpty {
            madeLayers.append(Layer(id: .first, name: "Layer 1"))
        }
        document.load(elements: elements, textures: textures, layers: madeLayers)
        return Imported(document: document, notes: notes)
    }

    /// A one-dab stroke placing image `textureID` at its own size, centred on `center`.
    private static func picture(
        _ textureID: String, width: Int, height: Int, at center: Point, id: ElementID, layer: LayerID
    ) -> Stroke {
        var brush = ChartletBrush(
            textureIDs: [textureID], pointRate: 1,
            brush: Brush(name: "picture", opacity: 1, pointSize: Double(max(width, height))))
        brush.keepsProportions = true
        return Stroke(
            id: id, brush: .chartlet(brush), seed: 1, canvasScale: 1,
            samples: [InputSample(position: center, pressure: nil, time: 0)], layer: layer)
    }
}
