import Foundation
import MaLiangEditor
import MaLiangStore

/// The toolbar's brushes and colour, the tool and the panels' size between sessions:
/// `$XDG_CONFIG_HOME/maliang/brushes-in-use.json`, written atomically when the window closes (or is asked to end),
/// read when one opens.
struct BrushStyleFile {
    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = RecentColorsFile.configFolder(environment).appendingPathComponent("brushes-in-use.json")
    }

    /// The style kept; nil when there is none yet. A file that is there but cannot be used throws, saying why.
    func load() throws(StoreError) -> BrushStyle.Kept? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = try? Data(contentsOf: url), data.count < 1 << 20 else {
            throw StoreError(.io, "\(url.path) cannot be read, or is over 1 MiB")
        }
        do { return try JSONDecoder().decode(BrushStyle.Kept.self, from: data) } catch {
            throw StoreError(.invalidContent, "\(url.path) is not a list of brushes this program wrote")
        }
    }

    func save(_ kept: BrushStyle.Kept) throws(StoreError) {
        try ConfigJSON.write(kept, to: url, what: "the brushes")
    }
}
