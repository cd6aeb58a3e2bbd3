import Foundation
import MaLiangStore

/// Writes what the app keeps in `$XDG_CONFIG_HOME/maliang/` as readable JSON, atomically, making the folder first.
enum ConfigJSON {
    /// `value` into `url`; `what` names it in the error ("the brushes").
    static func write(_ value: some Encodable, to url: URL, what: String) throws(StoreError) {
        let data: Data
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            data = try encoder.encode(value)
        } catch {
            throw StoreError(.io, "cannot keep \(what) in \(url.path): \(error.localizedDescription)")
        }
        try AtomicFile.write(data, to: url)
    }
}
