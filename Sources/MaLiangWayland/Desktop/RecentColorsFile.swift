import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore

/// The colour panel's recent colours between sessions: `$XDG_CONFIG_HOME/maliang/recent-colors` (by default
/// `~/.config/maliang/recent-colors`), one "RRGGBB" a line, most recent first, written atomically.
struct RecentColorsFile {
    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = Self.configFolder(environment).appendingPathComponent("recent-colors")
    }

    /// `$XDG_CONFIG_HOME/maliang` (by default `~/.config/maliang`), where the app keeps what the user set up.
    static func configFolder(_ environment: [String: String]) -> URL {
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return configHome.appendingPathComponent("maliang")
    }

    /// The colours kept, skipping lines that are not colours; none when there is no file yet or it cannot be read.
    func load() -> [Color] {
        guard let data = try? Data(contentsOf: url), data.count < 4096, let text = String(data: data, encoding: .utf8)
        else { return [] }
        return Array(
            text.split(whereSeparator: \.isNewline).compactMap { Color(hex: String($0)) }.prefix(ColorPanel.recentCount)
        )
    }

    func save(_ colors: [Color]) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError(.io, "cannot make \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        try AtomicFile.write(Data(colors.map { $0.hex + "\n" }.joined().utf8), to: url)
    }
}
