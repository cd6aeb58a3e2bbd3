import Foundation
import MaLiangStore

/// The size (logical pixels) and maximised state a window was last closed with.
struct KeptWindow: Codable, Equatable {
    var width: Int32
    var height: Int32
    var maximized: Bool
}

/// The last window's size between sessions, for every drawing: `$XDG_CONFIG_HOME/maliang/window.json`, written
/// atomically when a window closes and read when one opens (then fitted to the screen, as the default size is).
struct WindowSizeFile {
    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = RecentColorsFile.configFolder(environment).appendingPathComponent("window.json")
    }

    /// The size kept; nil when there is none, or it cannot be read or is not a size (the default is as good).
    func load() -> KeptWindow? {
        guard let data = try? Data(contentsOf: url), data.count < 4096,
            let kept = try? JSONDecoder().decode(KeptWindow.self, from: data),
            kept.width > 0, kept.height > 0
        else { return nil }
        return kept
    }

    func save(_ kept: KeptWindow) throws(StoreError) {
        try ConfigJSON.write(kept, to: url, what: "the window's size")
    }
}
