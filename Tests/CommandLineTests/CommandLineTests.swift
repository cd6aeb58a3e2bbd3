import Foundation
import MaLiangCore
import MaLiangStore
import Testing
import WaylandTestSupport

/// The `maliang` command with hostile arguments: a clear error and a non-zero status, never a trap, never a
/// device replaced.
@Suite struct CommandLineTests {
    /// A small document file made for the test.
    func document() throws -> URL {
        try makeSmallDrawing(
            at: FileManager.default.temporaryDirectory.appendingPathComponent("maliang-cli-\(UUID()).maliang"))
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

    /// --size and --paper make a new drawing: wrong values, a drawing that exists or none named are usage errors,
    /// said before any window opens, and the existing file is left alone.
    @Test func aNewDrawingsSizeAndPaperAreCheckedFirst() throws {
        let url = try document()
        defer { remove(url) }
        let before = try Data(contentsOf: url)
        let fresh = url.deletingLastPathComponent().appendingPathComponent("maliang-new-\(UUID()).maliang")
        for (arguments, says) in [
            ([url.path, "--size", "800x600"], "are for a new drawing"),
            (["--paper", "none"], "need the new drawing's FILE"),
            ([fresh.path, "--size", "0x10"], "--size needs WIDTHxHEIGHT"),
            ([fresh.path, "--paper", "beige"], "--paper needs a colour"),
        ] {
            let run = try maliang(arguments)
            #expect(run.status == 2 && run.output.contains(says), "\(arguments): \(run.output)")
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test func renderWritesTheDrawnAreaOrARectangle() throws {
        let url = try document()
        defer { remove(url) }
        let out = url.deletingPathExtension().appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: out) }
        // The stroke runs from (5, 5) to (50, 40), 6 px wide, with a pixel of antialiasing: from 1 to 54 across,
        // 1 to 44 down.
        let drawn = try maliang(["render", url.path, "-o", out.path, "--area", "drawn"])
        #expect(drawn.status == 0 && drawn.output.contains("rendered 53×43"), "\(drawn.output)")
        let rectangle = try maliang(["render", url.path, "-o", out.path, "--area", "10,10,20,5", "--width", "40"])
        #expect(rectangle.status == 0 && rectangle.output.contains("rendered 40×10"), "\(rectangle.output)")
        for wrong in ["10,10,20", "a,b,c,d", "0,0,-5,5", "everything"] {
            let run = try maliang(["render", url.path, "-o", out.path, "--area", wrong])
            #expect(run.status == 2 && run.output.contains("--area is page, drawn, or X,Y,W,H"), "\(run.output)")
        }
        let outside = try maliang(["render", url.path, "-o", out.path, "--area", "100,100,10,10"])
        #expect(outside.status == 1 && outside.output.contains("lies outside the page"), "\(outside.output)")
    }

    @Test func renderingToAFullDeviceFailsAndLeavesTheDeviceAlone() throws {
        let url = try document()
        defer { remove(url) }
        let run = try maliang(["render", url.path, "-o", "/dev/full"])
        #expect(run.status == 1 && run.output.contains("disk is full"), "\(run.output)")
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func ctrlCStopsALongRenderAndLeavesNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-cancel-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Ten bands of a 3,000-pixel brush over a 16,384² page: many seconds of stamping at full size.
        let url = folder.appendingPathComponent("heavy.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 16_384, height: 16_384))
        for band in 0..<10 {
            let y = 800 + Double(band) * 1600
            let samples = (0...40).map { InputSample(position: Point(x: Double($0) * 410, y: y)) }
            let stroke = Stroke(
                id: file.document.makeElementID(), brush: .brush(Brush(opacity: 1, pointSize: 3000)),
                seed: UInt64(band), samples: samples)
            try file.write(file.document.append(.stroke(stroke)))
        }
        file.close()
        let out = folder.appendingPathComponent("heavy.png")
        let process = Process()
        process.executableURL = MaLiangExecutable.url
        process.arguments = ["render", url.path, "-o", out.path]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        // Interrupted once the output is being written (its temporary file exists): the work is under way.
        func started() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { !$0.hasPrefix("heavy.maliang") }
        }
        let deadline = Date().addingTimeInterval(60)
        while !started() && process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGINT)
        let status = waitForExit(process)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 130 && output.contains("cancelled"), "\(output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix("heavy.maliang")
        }
        #expect(left.isEmpty, "\(left)")
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

/// A 64×48 drawing with one stroke at `url`, for the commands to work on.
func makeSmallDrawing(at url: URL) throws -> URL {
    let file = try DocumentFile.create(at: url, size: Size(width: 64, height: 48))
    let stroke = Stroke(
        id: file.document.makeElementID(), brush: .brush(Brush(opacity: 1, pointSize: 6)), seed: 1,
        samples: [InputSample(position: Point(x: 5, y: 5)), InputSample(position: Point(x: 50, y: 40))])
    try file.write(file.document.append(.stroke(stroke)))
    file.close()
    return url
}
