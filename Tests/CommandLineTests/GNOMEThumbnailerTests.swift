import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import Testing
import WaylandTestSupport

/// The thumbnailer as GNOME runs it: gnome-desktop's thumbnail factory (what GNOME Files and the file dialogs use)
/// finds the installed `.thumbnailer` file by the drawing's MIME type and runs `maliang thumbnail` in its bubblewrap
/// sandbox, which shows it only /usr and the one file. The test puts maliang (and the Swift runtime it is linked
/// with) under /usr/local in a mount namespace of its own, so nothing outside the test changes.
/// Whether this machine can run gnome-desktop's thumbnail factory in a mount namespace of the test's own.
private let gnomeThumbnailFactoryCanRun: Bool = {
    guard geteuid() == 0, !Sanitizer.addressIsOn,
        ["/usr/bin/unshare", "/usr/bin/bwrap", "/usr/bin/update-mime-database", "/usr/bin/python3"].allSatisfy({
            FileManager.default.isExecutableFile(atPath: $0)
        })
    else { return false }
    return ["x86_64", "aarch64"].contains {
        FileManager.default.fileExists(atPath: "/usr/lib/\($0)-linux-gnu/girepository-1.0/GnomeDesktop-4.0.typelib")
    }
}()

@Suite(.enabled(if: gnomeThumbnailFactoryCanRun, "needs root, unshare, bwrap and gnome-desktop's introspection data"))
struct GNOMEThumbnailerTests {
    static let python = "/usr/bin/python3"

    /// Asks the factory for a large (256) thumbnail of each file and writes it beside, as PNG.
    static let factory = """
        import sys, gi
        gi.require_version('GnomeDesktop', '4.0')
        from gi.repository import GnomeDesktop, Gio
        factory = GnomeDesktop.DesktopThumbnailFactory.new(GnomeDesktop.DesktopThumbnailSize.LARGE)
        for path in sys.argv[1:]:
            uri = Gio.File.new_for_path(path).get_uri()
            if not factory.can_thumbnail(uri, 'application/x-maliang', 0):
                sys.exit('no thumbnailer for application/x-maliang')
            factory.generate_thumbnail(uri, 'application/x-maliang', None).savev(path + '.png', 'png', [], [])
        """

    /// The folder holding the Swift runtime maliang is linked with (its RUNPATH, which the sandbox does not show).
    func swiftRuntimeFolder() throws -> String {
        let linked = try run(["/usr/bin/ldd", MaLiangExecutable.url.path])
        let line = try #require(linked.output.split(separator: "\n").first { $0.contains("libswiftCore.so => ") })
        let path = try #require(line.split(separator: " ").first { $0.hasPrefix("/") })
        return (String(path) as NSString).deletingLastPathComponent
    }

    @Test func gnomesThumbnailFactoryShowsTheKeptPreviewAndRendersADrawingWithout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-gnome-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let share = folder.appendingPathComponent("share")
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../meson-helpers/data"
        ).standardized
        for (source, target) in [
            ("org.maliang.MaLiang.thumbnailer", "thumbnailers/org.maliang.MaLiang.thumbnailer"),
            ("org.maliang.MaLiang.mime.xml", "mime/packages/org.maliang.MaLiang.xml"),
        ] {
            let destination = share.appendingPathComponent(target)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: data.appendingPathComponent(source), to: destination)
        }
        #expect(try run(["/usr/bin/update-mime-database", share.appendingPathComponent("mime").path]).status == 0)

        // A drawing that keeps a preview (a red one, so that what comes back can only be it) and one that does not.
        let kept = try makeSmallDrawing(at: folder.appendingPathComponent("kept.maliang"))
        let file = try DocumentFile.open(at: kept)
        let red = PNGImage(width: 64, height: 48, pixels: .rgba8(Array([230, 20, 20, 255].repeated(64 * 48))))
        try file.keepPreviews([64: try PNG.encode(red)])
        file.close()
        let plain = try makeSmallDrawing(at: folder.appendingPathComponent("plain.maliang"))

        let script = folder.appendingPathComponent("factory.py")
        try Self.factory.write(to: script, atomically: true, encoding: .utf8)
        let executable = MaLiangExecutable.url.deletingLastPathComponent().path
        let inside = """
            set -e
            mount -t tmpfs tmpfs /usr/local
            mkdir -p /usr/local/bin /usr/local/lib/swift
            mount --bind '\(executable)' /usr/local/bin
            mount --bind '\(try swiftRuntimeFolder())' /usr/local/lib/swift
            export LD_LIBRARY_PATH=/usr/local/lib/swift PATH=/usr/local/bin:/usr/bin:/bin
            export XDG_DATA_DIRS='\(share.path)':/usr/share HOME='\(folder.path)' XDG_CACHE_HOME='\(folder.path)/cache'
            exec \(Self.python) '\(script.path)' '\(kept.path)' '\(plain.path)'
            """
        let result = try run(["/usr/bin/unshare", "--mount", "/bin/sh", "-c", inside])
        #expect(result.status == 0, "\(result.output)")

        let fromPreview = try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: kept.path + ".png")), depth: .eight)
        #expect(fromPreview.width == 64 && fromPreview.height == 48)
        let pixel = fromPreview.rgba(x: 30, y: 20)
        #expect(pixel.red > 0.85 && pixel.green < 0.15, "the kept preview: \(pixel)")
        // Rendered inside the sandbox (Vulkan on the CPU): the page, never enlarged, with its line.
        let rendered = try PNG.decode(try Data(contentsOf: URL(fileURLWithPath: plain.path + ".png")), depth: .eight)
        #expect(rendered.width == 64 && rendered.height == 48)
        #expect(rendered.rgba(x: 27, y: 22).red < 0.3 && rendered.rgba(x: 56, y: 8).red > 0.95)
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram(URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()))
    }
}

extension Array {
    fileprivate func repeated(_ count: Int) -> [Element] { Array([[Element]](repeating: self, count: count).joined()) }
}
