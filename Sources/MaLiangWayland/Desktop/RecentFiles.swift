import CPangoCairo
import Foundation

/// The freedesktop recently-used list (`$XDG_DATA_HOME/recently-used.xbel`), which GNOME's and KDE's file dialogs
/// and launchers show: drawings opened or saved, and exports, are added to it through GLib's GBookmarkFile (the
/// code GTK itself uses), which keeps every other program's entries and writes the file atomically.
enum RecentFiles {
    static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        AutosaveLocation.dataHome(environment: environment).appendingPathComponent("recently-used.xbel")
    }

    /// Adds `file` (or marks it used again); returns why it could not be, if it could not.
    static func add(_ file: URL, mimeType: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        let list = url(environment: environment)
        guard let bookmarks = g_bookmark_file_new() else { return "out of memory" }
        defer { g_bookmark_file_free(bookmarks) }
        var error: UnsafeMutablePointer<GError>?
        if FileManager.default.fileExists(atPath: list.path),
            g_bookmark_file_load_from_file(bookmarks, list.path, &error) == 0
        {
            // A list that cannot be read is left as it is rather than replaced by one entry.
            defer { g_error_free(error) }
            return "cannot read \(list.path): \(message(error))"
        }
        let uri = file.standardizedFileURL.absoluteString
        g_bookmark_file_set_mime_type(bookmarks, uri, mimeType)
        g_bookmark_file_add_application(bookmarks, uri, "MaLiang", "maliang %u")
        try? FileManager.default.createDirectory(
            at: list.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard g_bookmark_file_to_file(bookmarks, list.path, &error) != 0 else {
            defer { g_error_free(error) }
            return "cannot write \(list.path): \(message(error))"
        }
        return nil
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
