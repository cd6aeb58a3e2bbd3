import Foundation
import MaLiangStore

/// Writes a canvas's drawing as a MaLiang folder — `info`, `content`, `textures/` — that MaLiang on iOS opens too.
///
/// The folder is built beside its place and renamed into it when complete, so a failed save leaves nothing
/// half-written. Brush stamp images are not in the folder (MaLiang's rule): register them again when reading.
/// Other programs can read the document file directly: a canvas made with ``Canvas/init(file:size:gpu:)`` is saved
/// as it changes.
public struct DataExporter {
    private let canvas: Canvas

    /// An exporter of `canvas`'s drawing as it is when saving.
    public init(canvas: Canvas) { self.canvas = canvas }

    /// Writes the folder at `folder` (which must not exist, or be empty), reporting `progress` (0…1) as it goes,
    /// then hands the outcome to `result`.
    ///
    /// Unlike MaLiang's, it runs on the calling thread (the canvas's) and calls `result` before returning:
    /// a canvas belongs to one thread.
    public func save(
        to folder: URL, progress: ((Double) -> Void)? = nil, result: (Result<Void, CanvasError>) -> Void
    ) {
        do { result(.success(try saveSynchronously(to: folder, progress: progress))) } catch {
            result(.failure(error as? CanvasError ?? CanvasError("\(error)")))
        }
    }

    /// Writes the folder at `folder` (which must not exist, or be empty), reporting `progress` (0…1) as it goes.
    public func saveSynchronously(to folder: URL, progress: ((Double) -> Void)? = nil) throws {
        do { try FolderExporter(document: canvas.data).saveSynchronously(to: folder, progress: progress) } catch {
            throw CanvasError(error.message)
        }
    }
}
