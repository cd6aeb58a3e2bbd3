import Foundation
import MaLiang
import MaLiangStore
import Testing
import WaylandTestSupport

/// The `maliang` command with hostile arguments: a clear error and a non-zero status, never a trap, never a
/// device replaced.
@Suite struct CommandLineTests {
    /// A small document file made for the test.
    func document() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-cli-\(UUID()).maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 64, height: 48))
        let stroke = Stroke(
            id: file.document.makeElementID(), brush: .brush(Brush(opacity: 1, pointSize: 6)), seed: 1,
            samples: [InputSample(position: Point(x: 5, y: 5)), InputSample(position: Point(x: 50, y: 40))])
        try file.write(file.document.append(.stroke(stroke)))
        file.close()
        return url
    }

    func remove(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }

    @Test(arguments: [
        ["--scale", "1e308"], ["--width", "99999999999999999999"], ["--scale", "-1"], ["--scale", "nan"],
    ])
    func absurdRenderSizesAreAClearError(options: [String]) throws {
        let url = try document()
        defer { remove(url) }
        let out = url.deletingPathExtension().appendingPathExtension("png")
        let run = try maliang(["render", url.path, "-o", out.path] + options)
        #expect(run.status == 1 || run.status == 2, "\(run.output)")
        #expect(run.output.contains("maliang:") && !run.output.contains("Fatal error"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func renderingToAFullDeviceFailsAndLeavesTheDeviceAlone() throws {
        let url = try document()
        defer { remove(url) }
        let run = try maliang(["render", url.path, "-o", "/dev/full"])
        #expect(run.status == 1 && run.output.contains("disk is full"), "\(run.output)")
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func anExportFollowsTheUmask() throws {
        let url = try document()
        defer { remove(url) }
        let out = url.deletingPathExtension().appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try maliang(["render", url.path, "-o", out.path])
        #expect(run.status == 0, "\(run.output)")
        let mask = umask(0)
        umask(mask)
        let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o666 & ~Int(mask))
    }
}
