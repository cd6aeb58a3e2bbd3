import Foundation
import MaLiangCore
import MaLiangVulkan
import PNGCodec

/// Pictures of the drawing.
extension Canvas {
    /// The whole drawing at one pixel per drawing pixel, on its background (MaLiang's snapshot is of the view on
    /// screen; ``renderView()`` is that).
    public func snapshot() throws -> PNGImage {
        do { return try renderer.snapshot() } catch { throw CanvasError("cannot take a snapshot: \(error)") }
    }

    /// What the canvas's area shows now — the drawing through the current zoom, rotation and offset — at its buffer
    /// size (see ``resize(width:height:scale:)``).
    public func renderView() throws -> PNGImage {
        let metrics = session.window
        do {
            return try renderer.render(
                view: session.view, width: Int(metrics.bufferWidth), height: Int(metrics.bufferHeight))
        } catch {
            throw CanvasError("cannot draw the view: \(error)")
        }
    }

    /// The drawing at `scale` (2: twice as many pixels each way), stamped again at that resolution, so it stays
    /// crisp. Without `background`, the paper is transparent; `bitDepth` is 8 or 16 bits per channel; `area` is the
    /// whole page, the drawn area or a rectangle of it.
    public func export(scale: Double = 1, background: Bool = true, bitDepth: Int = 8, area: ExportArea = .page)
        throws -> PNGImage
    {
        do { return try renderer.export(scale: scale, background: background, bitDepth: bitDepth, area: area) } catch {
            throw CanvasError("cannot export: \(error)")
        }
    }

    /// Writes the drawing as a PNG file at `url`, rendered band by band (a large export never needs the whole image
    /// in memory); the file appears complete or not at all. Returns the image's size.
    @discardableResult
    public func exportPNG(
        to url: URL, scale: Double = 1, background: Bool = true, bitDepth: Int = 8, area: ExportArea = .page
    ) throws -> (width: Int, height: Int) {
        do {
            return try PNGExport.write(
                renderer, to: url, scale: scale, background: background, bitDepth: bitDepth, area: area)
        } catch let error as CanvasError {
            throw error
        } catch {
            throw CanvasError("cannot export \(url.path): \(error)")
        }
    }

    /// Writes the drawing as an OpenRaster file (`.ora`) at `url` with its layers kept — each layer's paint with
    /// its name, opacity, blend, visibility and lock; the placed images a layer above them and the paper one below —
    /// for Krita, GIMP and MyPaint; the file appears complete or not at all. Returns how many layers it holds.
    @discardableResult
    public func exportOpenRaster(to url: URL) throws -> Int {
        do { return try OpenRasterExport.write(renderer, to: url) } catch {
            throw CanvasError("cannot export \(url.path): \(error)")
        }
    }
}
