import Foundation
import MaLiangEditor
import MaLiangStore

/// Opening an OpenRaster file (`maliang picture.ora`, or Open in the window): it is imported into a new drawing
/// among the user's drawings, named after it, and the window opens that; the `.ora` is left as it is.
extension PaintingApp {
    static func importOpenRaster(_ url: URL) throws -> (DocumentFile, notice: StatusMessage?) {
        let folder = AutosaveLocation.url().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = url.deletingPathExtension().lastPathComponent + ".maliang"
        let destination = FileNames.unused(folder.appendingPathComponent(name))
        do throws(StoreError) {
            let (file, notes) = try OpenRasterImporter.importSynchronously(from: url, to: destination)
            let text =
                "\(url.lastPathComponent) is imported as a new drawing, \(destination.path)"
                + (notes.isEmpty ? "" : ". " + notes.joined(separator: ". "))
            return (file, StatusMessage(notes.isEmpty ? .info : .warning, text))
        } catch {
            // Nothing is lost: the .ora stays as it was, and the window opens on a new drawing saying why.
            let fresh = try createFresh(named: destination)
            let text =
                "\(url.lastPathComponent) cannot be imported (\(error.message)); it is left as it is, and this is a "
                + "new drawing, \(fresh.url.path)"
            return (fresh, StatusMessage(.error, text))
        }
    }
}
