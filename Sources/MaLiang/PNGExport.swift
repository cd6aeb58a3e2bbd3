import Foundation
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// A document written as a PNG file: rendered band by band straight into the file (never the whole image in
/// memory), which appears complete or not at all.
package enum PNGExport {
    /// Writes `renderer`'s document (its `area`) at `scale` to `url`; returns the image size.
    @discardableResult
    package static func write(
        _ renderer: CanvasRenderer, to url: URL, scale: Double = 1, background: Bool = true, bitDepth: Int = 8,
        area: ExportArea = .page
    ) throws -> (width: Int, height: Int) {
        let size = try renderer.exportSize(scale: scale, area: area)
        var failure: (any Error)?
        do {
            try AtomicFile.write(to: url) { (descriptor: Int32) throws(StoreError) in
                do {
                    let encoder = try PNGStreamEncoder(
                        descriptor: descriptor, width: size.width, height: size.height, bitDepth: bitDepth,
                        hasAlpha: !(background && renderer.document.background.alpha >= 1))
                    try renderer.export(scale: scale, background: background, area: area, to: encoder)
                    try encoder.finish()
                } catch let error as PNGError {
                    throw StoreError(.io, "cannot write \(url.path): \(error.description)")
                } catch {
                    failure = error
                    throw StoreError(.io, "\(error)")
                }
            }
        } catch {
            // The file is not kept; a rendering error (a cancel among them) reaches the caller as it was.
            throw failure ?? error
        }
        return size
    }
}
