import Foundation
import MaLiangStore
import PNGCodec
import Testing

@testable import MaLiang

/// A canvas on a file keeps previews of its page when it is put away; thumbnails come from them without reading
/// the drawing, look as the drawing does, and stop coming from them once it changes.
@Suite(.serialized) struct PagePreviewTests {
    let solid = Brush(name: "solid", hardness: 1, opacity: 1, pointSize: 24, pointStep: 1)

    func decoded(_ thumbnail: PagePreview.Thumbnail) throws -> PNGImage {
        let image = try PNG.decode(thumbnail.png, depth: .eight)
        #expect(image.width == thumbnail.width && image.height == thumbnail.height)
        return image
    }

    @Test func aClosedCanvasKeepsPreviewsThatThumbnailsUseUntilTheDrawingChanges() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID()).maliang")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        do {
            // 1600×1000: previews of 1024×640 and 256×160.
            let canvas = try Canvas(file: url, size: Size(width: 1600, height: 1000))
            canvas.paper = Color(red: 1, green: 0.95, blue: 0.8)
            canvas.draw(line(y: 500, from: 100, to: 1500), with: .brush(solid))
            let upper = try #require(canvas.addLayer())
            var red = solid
            red.color = Color(red: 0.9, green: 0.1, blue: 0.1)
            canvas.draw(line(y: 200, from: 800, to: 1500), with: .brush(red))
            canvas.updateLayer(upper) { $0.opacity = 0.5 }
        }
        let kept = try PagePreview.thumbnail(of: url, size: 256)
        #expect(kept.source == .keptPreview && kept.width == 256 && kept.height == 160)
        let small = try PagePreview.thumbnail(of: url, size: 100)
        #expect(small.source == .keptPreview && small.width == 100 && small.height == 63)
        let large = try PagePreview.thumbnail(of: url, size: 1024)
        #expect(large.source == .keptPreview && large.width == 1024 && large.height == 640)
        let image = try decoded(kept)

        // What the preview shows: the black line, the red one at half opacity over the paper, the paper elsewhere.
        let black = image.rgba(x: 128, y: 80)
        #expect(black.red < 0.2 && black.green < 0.2, "\(black)")
        let faded = image.rgba(x: 200, y: 32)
        #expect(faded.red > 0.85 && faded.green > 0.4 && faded.green < 0.65, "\(faded)")
        let paper = image.rgba(x: 40, y: 130)
        #expect(abs(paper.green - 0.95) < 0.02 && abs(paper.blue - 0.8) < 0.02, "\(paper)")

        // The same size rendered from the drawing instead (its kept paint): the same picture.
        let file = try DocumentFile.open(at: url)
        try file.forgetPreview()
        file.close()
        let rendered = try PagePreview.thumbnail(of: url, size: 256)
        #expect(rendered.source == .drawing && rendered.width == 256 && rendered.height == 160)
        let renderedImage = try decoded(rendered)
        var largest = 0.0
        for y in 0..<160 {
            for x in 0..<256 {
                let (a, b) = (image.rgba(x: x, y: y), renderedImage.rgba(x: x, y: y))
                largest = max(largest, abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
            }
        }
        #expect(largest < 0.25, "largest difference \(largest)")

        // Changed through the file by another program: the preview goes, and the thumbnail shows the new line.
        let writer = try DocumentFile.open(at: url)
        let samples = line(y: 900, from: 100, to: 1500)
        try writer.write(
            writer.document.append(
                .stroke(Stroke(id: writer.document.makeElementID(), brush: .brush(solid), seed: 9, samples: samples))))
        writer.close()
        let changed = try PagePreview.thumbnail(of: url, size: 256)
        #expect(changed.source == .drawing)
        #expect(try decoded(changed).rgba(x: 128, y: 144).red < 0.2, "the new line shows")
        // Opened and put away again: previews of the drawing as it is now.
        do { _ = try Canvas(file: url) }
        let again = try PagePreview.thumbnail(of: url, size: 256)
        let againImage = try decoded(again)
        #expect(again.source == .keptPreview && againImage.rgba(x: 128, y: 144).red < 0.2)
    }
}
