import Foundation
import MaLiangEditor
import MaLiangStore

/// What each tablet's pad does, kept between sessions by tablet (its name and USB ids, so the same model plugged
/// into another port keeps its settings): `$XDG_CONFIG_HOME/maliang/pads.json`, written atomically. A tablet not in
/// it gets ``PadMapping/standard``.
struct PadSettingsFile {
    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = RecentColorsFile.configFolder(environment).appendingPathComponent("pads.json")
    }

    /// The key a tablet's settings are kept under.
    static func key(name: String, vendorID: UInt32, productID: UInt32) -> String {
        String(format: "%@ %04x:%04x", name, vendorID, productID)
    }

    /// The mappings kept, by tablet; empty when there is no file yet. A file that is there but cannot be used
    /// throws, saying why.
    func load() throws(StoreError) -> [String: PadMapping] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        guard let data = try? Data(contentsOf: url), data.count < 1 << 20 else {
            throw StoreError(.io, "\(url.path) cannot be read, or is over 1 MiB")
        }
        do { return try JSONDecoder().decode([String: PadMapping].self, from: data) } catch {
            throw StoreError(.invalidContent, "\(url.path) is not a list of pad settings this program wrote")
        }
    }

    func save(_ mappings: [String: PadMapping]) throws(StoreError) {
        try ConfigJSON.write(mappings, to: url, what: "the pad settings")
    }
}
