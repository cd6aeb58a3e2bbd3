import Foundation

/// Where the drawing lives when no file is given: `$XDG_DATA_HOME/maliang/autosave.maliang`
/// (`~/.local/share/maliang/autosave.maliang` by default). It comes back at the next start.
enum AutosaveLocation {
    static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        dataHome(environment: environment).appendingPathComponent("maliang/autosave.maliang")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    static func dataHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
    }
}
