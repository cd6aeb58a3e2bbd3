import Foundation
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// Small pictures of a whole page: the preview a document file keeps when it is put away, and the thumbnails file
/// managers and file dialogs show, made from that preview without reading the drawing whenever the file keeps one.
package enum PagePreview {
    /// The page composed as the window shows it fitted into `side`×`side` pixels (never larger than the page):
    /// one frame from the paint's smaller levels, not a new stamping at that size.
    package static func render(_ renderer: CanvasRenderer, side: Int) throws(VulkanError) -> PNGImage {
        let page = renderer.document.size
        let scale = min(Double(side) / page.width, Double(side) / page.height, 1)
        let width = max(1, Int((page.width * scale).rounded()))
        let height = max(1, Int((page.height * scale).rounded()))
        let view = ViewTransform(scale: min(Double(width) / page.width, Double(height) / page.height))
        return try renderer.render(view: view, width: width, height: height)
    }

    /// Keeps previews in `file` unless it holds them for the drawing as it is: the page rendered once at the largest
    /// of ``DocumentFile/previewSides`` (or its own size), made smaller for the others.
    package static func keep(_ renderer: CanvasRenderer, in file: DocumentFile) throws {
        guard !file.hasPreview, let largest = DocumentFile.previewSides.max() else { return }
        var images = [try render(renderer, side: largest)]
        for side in DocumentFile.previewSides.sorted(by: >) where side < max(images[0].width, images[0].height) {
            images.append(ImageReduction.fit(images[images.count - 1], within: side))
        }
        // Encoded side by side: the largest alone takes most of the time.
        let sizes = images
        var encoded = [Result<Data, PNGError>?](repeating: nil, count: sizes.count)
        encoded.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
                output[index] = Result { () throws(PNGError) in try PNG.encode(sizes[index], quick: true) }
            }
        }
        var pngs: [Int: Data] = [:]
        for (image, result) in zip(sizes, encoded) {
            guard let result else { continue }
            pngs[max(image.width, image.height)] = try result.get()
        }
        try file.keepPreviews(pngs)
    }

    /// A PNG of the drawing at `url` (a document file or a MaLiang folder) whose longest side is at most `size`
    /// pixels: the file's kept preview as it is when it fits, or made smaller when it keeps one at least that large;
    /// otherwise rendered from the drawing (its kept paint when that matches). Says in `source` which it was.
    package static func thumbnail(of url: URL, size: Int) throws -> Thumbnail {
        var isDirectory: ObjCBool = false
        let isFolder =
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        if !isFolder, let kept = try DocumentFile.preview(at: url, side: size),
            let thumbnail = fromPreview(kept.png, size: size)
        {
            return thumbnail
        }
        let image: PNGImage
        if isFolder {
            let renderer = try CanvasRenderer(
                document: try FolderImporter.read(url), context: VulkanContext(), undo: false)
            image = try render(renderer, side: size)
        } else {
            let file = try DocumentFile.open(at: url, readOnly: true)
            defer { file.close() }
            let renderer = try CanvasRenderer(
                document: file.document, context: VulkanContext(), undo: false, stamping: nil, paintCache: file)
            image = try render(renderer, side: size)
        }
        return Thumbnail(
            png: try PNG.encode(image, quick: true), width: image.width, height: image.height, source: .drawing)
    }

    /// The thumbnail a kept preview gives for `size`, or nil when it is too small for that size (and not the whole
    /// page) or cannot be read.
    private static func fromPreview(_ png: Data, size: Int) -> Thumbnail? {
        guard let header = try? PNG.header(of: png, limits: previewLimits) else { return nil }
        let side = max(header.width, header.height)
        guard let largest = DocumentFile.previewSides.max(), side >= size || side < largest else { return nil }
        if side <= size {
            return Thumbnail(png: png, width: header.width, height: header.height, source: .keptPreview)
        }
        guard let image = try? PNG.decode(png, depth: .eight, limits: previewLimits) else { return nil }
        let smaller = ImageReduction.fit(image, within: size)
        guard let encoded = try? PNG.encode(smaller, quick: true) else { return nil }
        return Thumbnail(png: encoded, width: smaller.width, height: smaller.height, source: .keptPreview)
    }

    /// A thumbnail: its PNG, its size, and what it was made from.
    package struct Thumbnail {
        package var png: Data
        package var width: Int
        package var height: Int
        package var source: Source
    }

    /// Where a thumbnail came from.
    package enum Source: String, Sendable {
        case keptPreview = "the kept preview"
        case drawing = "the drawing"
    }

    /// A kept preview larger than this is not one MaLiang wrote: it is rendered from the drawing instead.
    private static let previewLimits: PNGLimits = {
        let side = DocumentFile.previewSides.max() ?? 1024
        return PNGLimits(maximumWidth: side, maximumHeight: side, maximumPixels: side * side, maximumBytes: 16 << 20)
    }()
}
