import Foundation
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// A long session's document (5,000 strokes of 1,500 samples with glow, eraser and 50 images), made here, then
/// opened in the window, rendered, exported as a MaLiang folder and imported back — each without a crash and
/// within 400 MB of memory. The figures are printed. (Not under AddressSanitizer, which multiplies memory and time:
/// the normal suite covers it.)
@Suite(.serialized, .disabled(if: Sanitizer.addressIsOn, "memory limits do not hold under AddressSanitizer"))
struct LongSessionTests {
    static let memoryLimit = 400.0

    @Test func aLongSessionsDocumentOpensRendersExportsAndImportsWithinMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-long-session-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("day.maliang")
        let made = try MeasuredRun(MaLiangExecutable.url, ["bench", "long-session", file.path])
        #expect(made.status == 0, "\(made.output)")
        #expect(made.output.contains("5000 strokes, 50 images, 7500000 samples written"), "\(made.output)")
        print(made.output.split(separator: "\n").filter { $0.hasPrefix("long session") }.joined(separator: "\n"))

        // The window: mapped (the whole document drawn) and showing it, within the memory limit; then again, with
        // the paint and preview that closing kept. The opening's steps are printed with when they came.
        for time in ["first", "again"] {
            let started = ContinuousClock.now
            let session = try AppSession(arguments: [file.path], environment: ["MALIANG_LOG": "1"])
            try session.waitUntilMapped(timeout: .seconds(600))
            let opening = ContinuousClock.now - started
            let windowPeak = try #require(MeasuredRun.peakMegabytes(of: session.process.processIdentifier))
            #expect(try #require(session.image).darkPixelCount(fromY: 48, threshold: 160) > 10_000)
            #expect(session.terminate() == 0, "\(session.log)")
            let steps = session.log.split(separator: "\n").filter { $0.contains("opening: ") }
            print("long session, \(time): window open \(opening), peak \(Int(windowPeak)) MB; \(steps)")
            #expect(windowPeak < Self.memoryLimit)
            if time == "again" { #expect(steps.first?.contains("shows the kept picture") == true, "\(steps)") }
        }

        let info = try MeasuredRun(MaLiangExecutable.url, ["info", file.path])
        #expect(info.output.contains("strokes: 5000") && info.output.contains("chartlets: 50"), "\(info.output)")

        let png = folder.appendingPathComponent("day.png")
        let render = try MeasuredRun(MaLiangExecutable.url, ["render", file.path, "-o", png.path])
        #expect(render.status == 0, "\(render.output)")
        print("long session: render \(render.seconds) s, peak \(Int(render.peakMegabytes)) MB")
        #expect(render.peakMegabytes < Self.memoryLimit)

        let exported = folder.appendingPathComponent("day-folder")
        let export = try MeasuredRun(
            MaLiangExecutable.url, ["export", file.path, "--maliang-folder", exported.path])
        #expect(export.status == 0, "\(export.output)")
        print("long session: folder export \(export.seconds) s, peak \(Int(export.peakMegabytes)) MB")
        #expect(export.peakMegabytes < Self.memoryLimit)

        let imported = folder.appendingPathComponent("again.maliang")
        let importing = try MeasuredRun(MaLiangExecutable.url, ["import", exported.path, "-o", imported.path])
        #expect(importing.status == 0, "\(importing.output)")
        print("long session: folder import \(importing.seconds) s, peak \(Int(importing.peakMegabytes)) MB")
        #expect(importing.peakMegabytes < Self.memoryLimit)
        let again = try MeasuredRun(MaLiangExecutable.url, ["info", imported.path])
        // Every element comes back (the folder has no eraser kind of its own: MaLiang names it by the brush).
        #expect(again.output.contains("strokes: 5000") && again.output.contains("chartlets: 50"), "\(again.output)")
        // The import stamped it and kept its paint and previews, as closing a window does.
        let thumbnail = try MeasuredRun(
            MaLiangExecutable.url, ["thumbnail", imported.path, folder.appendingPathComponent("t.png").path, "256"])
        #expect(thumbnail.output.contains("from the kept preview"), "\(thumbnail.output)")
    }
}
