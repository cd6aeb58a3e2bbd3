import Foundation
import MaLiangCore
import MaLiangStore

/// An OpenRaster file: whatever is read becomes a drawing within the limits whose every picture is a usable PNG,
/// and its layers written out again read back as they were.
enum OpenRasterFuzzing {
    static func run(_ bytes: Data) -> Bool {
        guard let image = try? OpenRasterReader.read(data: bytes) else { return false }
        if let imported = try? OpenRasterImporter.document(from: image) {
            let document = imported.document
            guard (1...Document.maximumLayers).contains(document.layers.count), document.layers.allSatisfy(\.isValid)
            else { violated("an imported drawing has layers \(document.layers)") }
            for case .stroke(let stroke) in document.elements {
                guard let id = stroke.chartletTextureIDs.first, let png = document.textures[id],
                    (try? ImageCheck.dimensions(of: png)) != nil
                else { violated("an imported picture's image is missing or unusable") }
            }
        }
        let layers = image.layers.map(\.layer)
        guard
            let again = try? OpenRasterReader.read(
                data: OpenRasterWriter.archive(
                    width: image.width, height: image.height, layers: layers, merged: Data(), thumbnail: Data()))
        else { violated("the layers read do not read again once written") }
        let written = again.layers.map(\.layer)
        guard written.count == layers.count else { violated("\(layers.count) layers written, \(written.count) read") }
        for (before, after) in zip(layers, written) {
            guard before.png == after.png, before.x == after.x, before.y == after.y,
                abs(before.opacity - after.opacity) <= 0.000_05, before.isVisible == after.isVisible,
                before.isLocked == after.isLocked, before.compositeOp == after.compositeOp,
                after.name == writable(before.name) || writable(before.name).isEmpty
            else { violated("layer \(before.name) written and read again is \(after)") }
        }
        return true
    }

    /// A name as XML can hold it: characters it cannot hold are left out.
    private static func writable(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.filter {
                    $0.value >= 0x20 && !(0xFFFE...0xFFFF).contains($0.value) || ["\t", "\n", "\r"].contains($0)
                }))
    }
}

extension Stroke {
    fileprivate var chartletTextureIDs: [String] {
        if case .chartlet(let brush) = brush { return brush.textureIDs }
        return []
    }
}
