import Foundation
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// The window painting onto a document on a disk that fills up: the strip says so, nothing drawn is lost once
/// there is room again, and a session that never gets room ends with a non-zero status that says what was lost.
@Suite(.serialized, .enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
struct FullDiskWindowTests {
    /// A small tmpfs of `size` (as mount understands it), unmounted and removed by `unmount()`.
    final class SmallDisk {
        let folder: URL

        init(size: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-full-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
        }

        /// Makes the disk read-only (`true`) or writable again; only while no file on it is open for writing.
        func setReadOnly(_ readOnly: Bool) throws {
            try Self.run("/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", folder.path])
        }

        /// Gives the disk a new size while it is in use.
        func resize(_ size: String) throws { try Self.run("/bin/mount", ["-o", "remount,size=\(size)", folder.path]) }

        func unmount() {
            try? Self.run("/bin/umount", [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }

        static func run(_ tool: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            try process.run()
            guard waitForExit(process) == 0 else {
                throw AppSession.Failure(description: "\(tool) \(arguments) failed")
            }
        }
    }

    /// Strokes of 400 samples each until the window says saving failed; returns how many were drawn.
    func paintUntilFull(_ session: AppSession, from row: Int = 0) throws -> Int {
        var drawn = 0
        while !session.log.contains("Not saved") && drawn < 200 {
            let y = 80 + Double((row + drawn) % 60) * 10
            try session.pen(points((50, y), (1200, y + 3), count: 400), pressure: 0.6)
            drawn += 1
        }
        return drawn
    }

    /// Whether the status strip at the bottom of the window shows an error (its dark red background).
    func stripShowsAnError(_ session: AppSession) -> Bool {
        guard let image = session.image else { return false }
        let pixel = image.rgba(x: image.width - 5, y: image.height - 5)
        return pixel.red > 90 && pixel.green < 50 && pixel.blue < 50
    }

    @Test func strokesWaitInMemoryAndAreWrittenWhenThereIsRoomAgain() throws {
        let disk = try SmallDisk(size: "160k")
        defer { disk.unmount() }
        let file = disk.folder.appendingPathComponent("drawing.maliang")
        let session = try AppSession.withTablet(arguments: [file.path])
        let beforeFull = try paintUntilFull(session)
        #expect(session.log.contains("Not saved") && session.log.contains("disk is full"), "\(session.log)")
        #expect(beforeFull > 1 && beforeFull < 200)
        // More strokes while the disk is full: drawn, kept, and the strip says how many wait.
        for index in 0..<3 {
            try session.pen(points((50, 700 - Double(index) * 10), (1200, 700)), pressure: 0.6)
        }
        session.settle(.milliseconds(300))
        #expect(stripShowsAnError(session))
        try disk.resize("8m")
        #expect(
            session.pump(until: { session.log.contains("Saved: everything kept in memory") }, timeout: .seconds(10)),
            "\(session.log)")
        #expect(session.terminate() == 0, "\(session.log)")
        let info = try maliang(["info", file.path])
        #expect(info.output.contains("strokes: \(beforeFull + 3)"), "\(info.output)")
    }

    @Test func aSessionThatNeverGetsRoomSaysWhatWasNotSavedAndFails() throws {
        let disk = try SmallDisk(size: "160k")
        defer { disk.unmount() }
        let file = disk.folder.appendingPathComponent("drawing.maliang")
        let session = try AppSession.withTablet(arguments: [file.path])
        let drawn = try paintUntilFull(session)
        try session.pen(points((50, 700), (1200, 700)), pressure: 0.6)
        let status = session.terminate()
        #expect(status == 1, "\(session.log)")
        // The exit message counts what is lost; with what the file holds, that is every stroke drawn.
        let lost = session.log.split(separator: "\n").compactMap { line -> Int? in
            guard line.contains("could not be saved to \(file.path)") else { return nil }
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        #expect(lost.count == 1, "\(session.log)")
        let info = try maliang(["info", file.path])
        #expect(info.status == 0, "\(info.output)")
        let saved = info.output.split(separator: "\n").first { $0.hasPrefix("strokes: ") }.flatMap {
            Int($0.dropFirst("strokes: ".count))
        }
        #expect((saved ?? 0) + (lost.first ?? 0) == drawn + 1, "\(info.output)\n\(session.log)")
        #expect((saved ?? 0) > 0)
    }

    @Test func aDocumentOnAReadOnlyDiskOpensAsACopyAmongTheUsersDrawings() throws {
        let disk = try SmallDisk(size: "8m")
        defer { disk.unmount() }
        let file = disk.folder.appendingPathComponent("drawing.maliang")
        let first = try AppSession.withTablet(arguments: [file.path])
        try first.pen(points((50, 100), (1200, 100)), pressure: 0.6)
        #expect(first.terminate() == 0, "\(first.log)")
        try disk.setReadOnly(true)
        defer { try? disk.setReadOnly(false) }
        let info = try maliang(["info", file.path])
        #expect(info.status == 0 && info.output.contains("strokes: 1"), "\(info.output)")

        let session = try AppSession.withTablet(arguments: [file.path])
        #expect(session.log.contains("read-only disk: changes go to a copy"), "\(session.log)")
        try session.pen(points((50, 300), (1200, 300)), pressure: 0.6)
        session.settle(.milliseconds(300))
        #expect(session.image?.darkRows(x: 600).contains(100) == true)
        #expect(session.terminate() == 0, "\(session.log)")
        let copy = session.dataHome.appendingPathComponent("maliang/drawing.maliang")
        let copied = try maliang(["info", copy.path])
        #expect(copied.output.contains("strokes: 2"), "\(copied.output)")
        #expect(try maliang(["info", file.path]).output.contains("strokes: 1"))
    }
}
