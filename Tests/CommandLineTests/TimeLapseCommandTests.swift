import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import Testing
import WaylandTestSupport

/// `maliang timelapse`: a video of the drawing being made, decoded again by GStreamer's own decoders
/// (`gst-launch-1.0`, as a player would) and checked frame by frame; a cancel or a failure leaves no file.
@Suite(.serialized) struct TimeLapseCommandTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-timelapse-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 320×240 drawing of twelve dark lines, drawn from the top down.
    func lines(at url: URL) throws -> URL {
        let file = try DocumentFile.create(at: url, size: Size(width: 320, height: 240))
        for line in 0..<12 {
            let y = 12 + Double(line) * 19
            let stroke = Stroke(
                id: file.document.makeElementID(), brush: .brush(Brush(opacity: 1, pointSize: 8)),
                seed: UInt64(line),
                samples: [InputSample(position: Point(x: 20, y: y)), InputSample(position: Point(x: 300, y: y))])
            try file.write(file.document.append(.stroke(stroke)))
        }
        file.close()
        return url
    }

    /// The frames of `video`, decoded by GStreamer.
    func frames(of video: URL, in folder: URL) throws -> [PNGImage] {
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let run = try runProgram(
            URL(fileURLWithPath: "/usr/bin/gst-launch-1.0"),
            [
                "-q", "filesrc", "location=\(video.path)", "!", "decodebin", "!", "videoconvert", "!", "pngenc", "!",
                "multifilesink", "location=\(frames.path)/%05d.png",
            ])
        #expect(run.status == 0, "\(run.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        return try names.map { try PNG.decode(try Data(contentsOf: frames.appendingPathComponent($0)), depth: .eight) }
    }

    /// Rows of column 160 darker than half.
    func darkRows(_ image: PNGImage) -> Int {
        (0..<image.height).filter { image.rgba(x: image.width / 2, y: $0).red < 0.5 }.count
    }

    @Test(arguments: ["webm", "mp4"])
    func theVideoDrawsTheLinesOneByOneAndEndsOnThePicture(format: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = try lines(at: folder.appendingPathComponent("lines.maliang"))
        let video = folder.appendingPathComponent("lines.\(format)")
        let run = try maliang(["timelapse", drawing.path, "-o", video.path, "--seconds", "1"])
        #expect(
            run.status == 0 && run.output.contains("wrote 90 frames (320×240, 3.0 s) of 12 elements"), "\(run.output)")
        let frames = try frames(of: video, in: folder)
        // 30 frames of drawing, then 2 s of the finished picture.
        #expect(frames.count == 90)
        guard frames.count == 90 else { return }
        #expect(frames.allSatisfy { $0.width == 320 && $0.height == 240 })
        let dark = frames.map(darkRows)
        #expect(dark[0] == 0, "the first frame is the paper")
        // (A line's edge may lose a row or two to the encoder.)
        #expect(zip(dark.prefix(30), dark.prefix(30).dropFirst()).allSatisfy { $0 <= $1 + 2 }, "\(dark)")
        #expect(dark[14] > 0 && dark[14] < dark[29], "half way, about half the lines: \(dark)")
        #expect(dark.suffix(61).allSatisfy { abs($0 - dark[89]) <= 2 }, "then the finished picture stays")

        // The last frame is the drawing as `render` draws it (the page's own size), within what the encoder's loss
        // allows: 6/255 a pixel on average.
        let still = folder.appendingPathComponent("still.png")
        #expect(try maliang(["render", drawing.path, "-o", still.path]).status == 0)
        let expected = try PNG.decode(try Data(contentsOf: still), depth: .eight)
        let last = try #require(frames.last)
        var total = 0.0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let (a, b) = (last.rgba(x: x, y: y), expected.rgba(x: x, y: y))
                total += (abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue)) / 3
            }
        }
        let mean = total / Double(expected.width * expected.height)
        #expect(mean < 6 / 255, "mean difference \(mean * 255)/255")
        #expect(abs(darkRows(last) - darkRows(expected)) <= 12, "\(darkRows(last)) against \(darkRows(expected))")
    }

    @Test func wrongArgumentsAndFailuresLeaveNoFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = try lines(at: folder.appendingPathComponent("lines.maliang"))
        let gif = try maliang(["timelapse", drawing.path, "-o", folder.appendingPathComponent("a.gif").path])
        #expect(gif.status == 2 && gif.output.contains("name it OUT.mp4 or OUT.webm"), "\(gif.output)")
        let seconds = try maliang([
            "timelapse", drawing.path, "-o", folder.appendingPathComponent("a.mp4").path, "--seconds", "nan",
        ])
        #expect(seconds.status == 2, "\(seconds.output)")
        let nowhere = folder.appendingPathComponent("missing/a.webm")
        let failed = try maliang(["timelapse", drawing.path, "-o", nowhere.path])
        #expect(failed.status == 1 && failed.output.contains("cannot start the video"), "\(failed.output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix("lines.maliang")
        }
        #expect(left.isEmpty, "\(left)")
    }

    /// Ctrl+C while frames are being made: exit status 130, and neither the video nor its partial file is left.
    @Test func ctrlCLeavesNoFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = try lines(at: folder.appendingPathComponent("lines.maliang"))
        let process = Process()
        process.executableURL = MaLiangExecutable.url
        process.arguments = [
            "timelapse", drawing.path, "-o", folder.appendingPathComponent("long.mp4").path, "--seconds", "600",
        ]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        func started() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { $0.contains("partial") }
        }
        let deadline = Date().addingTimeInterval(60)
        while !started() && process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGINT)
        let status = waitForExit(process)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 130 && output.contains("cancelled"), "\(output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix("lines.maliang")
        }
        #expect(left.isEmpty, "\(left)")
    }
}
