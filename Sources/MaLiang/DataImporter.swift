import Foundation
import MaLiangStore

/// Reads MaLiang folders — `info`, `content`, `textures/` — as MaLiang 2.9 on iOS and ``DataExporter`` write them.
///
/// Everything is checked before anything changes: a folder is read whole or refused with the reason, and the canvas
/// is untouched by a refused one.
public enum DataImporter {
    /// Replaces the drawing on `canvas` with the folder's, as one change (``Canvas/undo()`` brings the old drawing
    /// back), reporting `progress` (0…1), then hands the outcome to `result`.
    ///
    /// Unlike MaLiang's, it runs on the calling thread (the canvas's) and calls `result` before returning. The
    /// folder's brushes refer to stamp images by name: register them on the canvas (``Canvas/registerBrush(name:with:)-(String?,URL)``)
    /// before or after reading.
    public static func importData(
        from folder: URL, to canvas: Canvas, progress: ((Double) -> Void)? = nil,
        result: (Result<Void, CanvasError>) -> Void
    ) {
        do { result(.success(try importDataSynchronously(from: folder, to: canvas, progress: progress))) } catch {
            result(.failure(error as? CanvasError ?? CanvasError("\(error)")))
        }
    }

    /// Replaces the drawing on `canvas` with the folder's, as one change, reporting `progress` (0…1).
    public static func importDataSynchronously(from folder: URL, to canvas: Canvas, progress: ((Double) -> Void)? = nil)
        throws
    {
        let read: CanvasData
        do { read = try FolderImporter.read(folder, progress: { progress?($0 * 0.8) }) } catch {
            throw CanvasError(error.message)
        }
        canvas.replaceContent(with: read)
        progress?(1)
    }
}
