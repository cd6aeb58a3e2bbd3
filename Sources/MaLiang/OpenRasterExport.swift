import Foundation
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// A drawing written as OpenRaster, layers kept: each layer's own paint (cropped to where it has paint) with its
/// name, opacity, blend, visibility and lock; above them one layer of the placed images, which MaLiang shows above
/// every layer's paint; below them the paper, when the page has one. Other programs flatten it to what the page
/// shows here.
package enum OpenRasterExport {
    /// Writes `renderer`'s document to `url`; returns how many layers the file holds.
    @discardableResult
    package static func write(_ renderer: CanvasRenderer, to url: URL) throws -> Int {
        let document = renderer.document
        let (width, height) = try renderer.exportSize(scale: 1)
        // Each picture is encoded on another core while the next is drawn.
        let encoder = BackgroundEncoder()
        var layers: [(OpenRasterLayer, png: Int)] = []
        if let placed = try renderer.exportPlacedImages() {
            layers.append((OpenRasterLayer(name: "Placed images", png: Data()), encoder.encode(placed)))
        }
        for layer in document.layers.reversed() {
            let paint = try renderer.exportPaint(of: layer.id)
            // A layer without paint is kept (its name and settings) as one transparent pixel.
            let image = paint?.image ?? PNGImage(width: 1, height: 1, pixels: .rgba8([0, 0, 0, 0]))
            let entry = OpenRasterLayer(
                name: layer.name, png: Data(), x: paint?.x ?? 0, y: paint?.y ?? 0, opacity: layer.opacity,
                isVisible: layer.isVisible, isLocked: layer.isLocked, compositeOp: compositeOp(layer.blend))
            layers.append((entry, encoder.encode(image)))
        }
        let paper = document.background
        if paper.alpha > 0 {
            let pixel = [paper.red, paper.green, paper.blue, paper.alpha].map { UInt8(($0 * 255).rounded()) }
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            bytes.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices { buffer[index] = pixel[index & 3] }
            }
            let sheet = PNGImage(width: width, height: height, pixels: .rgba8(bytes), hasAlpha: paper.alpha < 1)
            layers.append((OpenRasterLayer(name: "Paper", png: Data(), isLocked: true), encoder.encode(sheet)))
        }
        let merged = encoder.encode(try renderer.export())
        let thumbnail = encoder.encode(try PagePreview.render(renderer, side: 256))
        let pngs = try encoder.results()
        try OpenRasterWriter.write(
            to: url, width: width, height: height,
            layers: layers.map { layer, png in
                var written = layer
                written.png = pngs[png]
                return written
            }, merged: pngs[merged], thumbnail: pngs[thumbnail])
        return layers.count
    }

    /// The spec's name for how a layer is composed.
    static func compositeOp(_ blend: LayerBlend) -> String {
        switch blend {
        case .normal: "svg:src-over"
        case .multiply: "svg:multiply"
        case .screen: "svg:screen"
        case .overlay: "svg:overlay"
        }
    }
}

/// Encodes PNGs (quick) on other threads, in the order they were handed over.
private final class BackgroundEncoder: @unchecked Sendable {
    private let queue = DispatchQueue(label: "maliang.openraster.encode", attributes: .concurrent)
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var encoded: [Int: Result<Data, PNGError>] = [:]
    private var count = 0

    /// Starts encoding `image`; returns its place among ``results()``.
    func encode(_ image: PNGImage) -> Int {
        let index = count
        count += 1
        queue.async(group: group) { [self] in
            let result = Result { () throws(PNGError) in try PNG.encode(image, quick: true) }
            lock.withLock { encoded[index] = result }
        }
        return index
    }

    /// Every PNG, once all are encoded.
    func results() throws -> [Data] {
        group.wait()
        return try lock.withLock { try (0..<count).map { index in try encoded[index]?.get() ?? Data() } }
    }
}
