import Foundation
import MaLiangCore
import MaLiangStore
import Testing
import WaylandTestSupport

/// `maliang` as a good Unix tool: a version, one line for a usage error, outputs that follow the umask, and an output
/// it cannot write refused by name.
@Suite struct UnixConventionsTests {
    @Test func theVersionIsTheOneTheDesktopFilesAndMesonSay() throws {
        let run = try maliang(["--version"])
        #expect(run.status == 0)
        let version = try #require(
            run.output.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(run.output == "maliang \(version)\n")
        let root = PackageBuild.root.appendingPathComponent("meson-helpers")
        let meson = try String(contentsOf: root.appendingPathComponent("meson.build"), encoding: .utf8)
        #expect(meson.contains("version: '\(version)'"))
        let metainfo = try String(
            contentsOf: root.appendingPathComponent("data/org.maliang.MaLiang.metainfo.xml"), encoding: .utf8)
        let latest = try #require(metainfo.range(of: "<release version=\""))
        #expect(metainfo[latest.upperBound...].hasPrefix("\(version)\""))
    }

    @Test(arguments: [["frob"], ["render"], ["render", "a.maliang"], ["bench"], ["info"]])
    func aUsageErrorIsOneLineAndAPointerToTheHelp(arguments: [String]) throws {
        let run = try maliang(arguments)
        #expect(run.status == 2)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("maliang: "), "\(run.output)")
        #expect(lines.last == "Run \"maliang --help\" for every command.")
    }

    @Test(arguments: [["--bogus"], ["-x", "a.maliang"]])
    func anUnknownOptionIsCalledAnOption(arguments: [String]) throws {
        let run = try maliang(arguments)
        #expect(run.status == 2 && run.output.hasPrefix("maliang: unknown option \"\(arguments[0])\""), "\(run.output)")
    }

    @Test(arguments: [
        (["render", "--help"], "render DOC -o OUT.png"), (["info", "--help"], "info FILE"),
        (["import", "-h"], "import MALIANG_FOLDER"), (["bench", "fill", "--help"], "bench fill"),
        (["export", "x.maliang", "--help"], "export FILE.maliang"),
    ])
    func aCommandsHelpIsItsOwnPartOfTheUsage(arguments: [String], entry: String) throws {
        let run = try maliang(arguments)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("Usage:\n  \(entry)"), "\(run.output)")
        #expect(!run.output.contains("Commands:"))
    }

    @Test(arguments: ["out.svg", "out.jpg", "out", "out.png.tmp"])
    func anOutputThatIsNotAPNGIsRefusedBeforeAnyWork(name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try makeDocument(in: folder)
        let output = folder.appendingPathComponent(name)
        let run = try maliang(["render", document.path, "-o", output.path])
        #expect(run.status == 2 && run.output.contains("PNG images only"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(arguments: [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
    func outputsFollowTheUmask(umask: Int, mode: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try makeDocument(in: folder)
        let png = folder.appendingPathComponent("out.png")
        let exported = folder.appendingPathComponent("exported")
        let imported = folder.appendingPathComponent("imported.maliang")
        let script = [
            "umask \(String(umask, radix: 8))",
            "\"$0\" render \"$1\" -o \"$2\" && \"$0\" export \"$1\" --maliang-folder \"$3\"",
            "\"$0\" import \"$3\" -o \"$4\"",
        ].joined(separator: " && ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", script, MaLiangExecutable.url.path, document.path, png.path, exported.path, imported.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(waitForExit(process) == 0)
        for file in [
            png, exported.appendingPathComponent("content"), exported.appendingPathComponent("info"), imported,
        ] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            let actual = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
            #expect(
                actual == mode,
                "\(file.lastPathComponent): \(String(actual, radix: 8)), umask \(String(umask, radix: 8))")
        }
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-unix-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A small drawing with one stroke.
    func makeDocument(in folder: URL) throws -> URL {
        try makeSmallDrawing(at: folder.appendingPathComponent("drawing.maliang"))
    }
}
