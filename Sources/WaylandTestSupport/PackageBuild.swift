import Foundation

/// Packages outside the project's own targets that depend on it by path, as other programs do (`Examples/`, and
/// fixtures in `Tests/`): built by the tests, so a missing product or a symbol that is not public fails them.
public enum PackageBuild {
    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../.."
    )
    .standardized

    /// Builds the package in `folder` (relative to the root) and returns the path of its executable `product`. Each
    /// package has its own build folder under `.build/packages` (SwiftPM keeps one build description per folder, so
    /// two packages sharing one would trip over each other when the tests build them at once).
    public static func executable(_ product: String, in folder: String) throws -> URL {
        let scratch = root.appendingPathComponent(".build/packages").appendingPathComponent(
            folder.replacingOccurrences(of: "/", with: "-"))
        // A second try: SwiftPM may refuse a build while the root package's manifest was just changed under it; a
        // compile error fails both.
        let sources = sourceFiles()
        startAfreshIfSourcesChanged(scratch: scratch, sources: sources)
        var output = ""
        for _ in 0..<2 {
            let (status, text) = try build(product, in: folder, scratch: scratch)
            if status == 0 {
                try? sources.write(
                    to: scratch.appendingPathComponent("source-files"), atomically: true, encoding: .utf8)
                return scratch.appendingPathComponent("debug/\(product)")
            }
            output = text
        }
        throw Failure(description: "\(folder) does not build against the project:\n\(output.suffix(6000))")
    }

    /// The project's source files, one path a line.
    private static func sourceFiles() -> String {
        let folder = root.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        let sources = paths.filter { path in [".swift", ".c", ".h"].contains { path.hasSuffix($0) } }
        return sources.sorted().joined(separator: "\n")
    }

    /// SwiftPM plans a dependency's targets once per build folder and does not notice a file added to them since
    /// (the build then fails on a type it cannot find), and a C module's new header leaves its cached module stale
    /// (`wl_array` not found): when the project's files differ from the last good build's, the build folder is
    /// made anew.
    private static func startAfreshIfSourcesChanged(scratch: URL, sources: String) {
        let stamp = scratch.appendingPathComponent("source-files")
        guard (try? String(contentsOf: stamp, encoding: .utf8)) != sources else { return }
        try? FileManager.default.removeItem(at: scratch)
    }

    private static func build(_ product: String, in folder: String, scratch: URL) throws -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("package-build-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build", "--package-path", root.appendingPathComponent(folder).path, "--scratch-path",
            scratch.path, "--product", product,
        ]
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let status = waitForExit(process)
        try handle.close()
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
