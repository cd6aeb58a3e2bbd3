import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

@testable import MaLiangWayland

/// A drawing's window shows at once, before the strokes are read: the picture of it the file keeps, its name, and how
/// far the opening has come; closing it then ends the program at once with the file as it was, and otherwise the
/// same window goes on to show the drawing. The heavy drawing here keeps no paint, so every stroke is stamped too.
@Suite(.serialized) struct OpeningViewTests {
    /// 2,000 strokes of 300 samples, no paint kept, and a red picture of the page kept as its preview.
    static func heavyDrawing(in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("heavy.maliang")
        try? FileManager.default.removeItem(at: url)
        let made = try MeasuredRun(
            MaLiangExecutable.url,
            ["bench", "long-session", url.path, "--strokes", "2000", "--samples", "300", "--images", "0"])
        try #require(made.status == 0, "making the drawing failed: \(made.output)")
        let red = [UInt8](repeating: 0, count: 256 * 192 * 4).enumerated().map {
            UInt8($0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255)
        }
        let png = try PNG.encode(PNGImage(width: 256, height: 192, pixels: .rgba8(red)))
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        try file.keepPreviews([256: png])
        return url
    }

    /// The steps of the opening are logged with when they came, and reading the strokes takes `seconds` more, as
    /// from a slow disk.
    static func slowAndLogged(seconds: Int) -> [String: String] {
        ["MALIANG_LOG": "1", "MALIANG_TEST_SLOW_READING_MS": "\(seconds * 1000)"]
    }

    /// The drawing's window, once it shows the opening's picture and holds the seat's pointer, keys and touch: input
    /// sent before the client asked for them would go nowhere.
    func openingWindow(_ session: AppSession) -> Toplevel? {
        var found: Toplevel?
        _ = session.pump(until: {
            found = session.compositor.toplevels.first { $0.title == "heavy — MaLiang" && $0.image != nil }
            let devices = session.compositor.seatDeviceCounts
            return found != nil && devices.pointers > 0 && devices.keyboards > 0 && devices.touches > 0
        })
        return found
    }

    @Test func aDrawingShowsItsKeptPictureBeforeItsStrokesAreReadThenItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-opening-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.heavyDrawing(in: folder)
        // 3 s: long enough to see the opening on any machine, short enough to wait for the drawing.
        let session = try AppSession(arguments: [url.path], environment: Self.slowAndLogged(seconds: 3), fitted: true)
        let opening = try #require(openingWindow(session), "\(session.log)")
        let image = try #require(opening.image)
        // The kept picture, fitted in the middle; the close button at the top right.
        let middle = image.rgba(x: image.width / 2, y: image.height / 2)
        #expect(middle.red > 200 && middle.green < 60 && middle.blue < 60, "\(middle)")
        #expect(OpeningPicture.closesAt(x: Double(image.width - 30), y: 30, width: image.width))

        try session.waitUntilMapped(timeout: .seconds(300))
        // The same window goes on to show the drawing: its strokes, dark on the paper, where the picture was red.
        #expect(session.compositor.toplevels.count == 1)
        #expect(session.compositor.focusedToplevel === opening)
        let drawn = try #require(session.image)
        #expect(drawn.darkPixelCount(fromY: 48, threshold: 160) > 1000)
        let drawnMiddle = drawn.rgba(x: drawn.width / 2, y: drawn.height / 2)
        #expect(!(drawnMiddle.red > 200 && drawnMiddle.green < 60), "\(drawnMiddle)")
        // The picture showed before the strokes were read.
        let log = session.log
        let shown = try #require(log.range(of: "opening: shows the kept picture"), "\(log)")
        let read = try #require(log.range(of: "opening: read 2000 elements"), "\(log)")
        #expect(shown.lowerBound < read.lowerBound, "\(log)")
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// Each way of closing it: the compositor's close, a finger on its button, a click there, Escape.
    @Test(arguments: ["close", "finger", "click", "escape"])
    func closingTheOpeningEndsAtOnceWithTheFileAsItWas(how: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-opening-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.heavyDrawing(in: folder)
        // A minute: the opening certainly still goes on when the window is closed, however slow the machine.
        let session = try AppSession(arguments: [url.path], environment: Self.slowAndLogged(seconds: 60), fitted: true)
        let opening = try #require(openingWindow(session), "\(session.log)")
        let width = try #require(opening.image).width
        let compositor = session.compositor
        switch how {
        case "close": compositor.close(opening)
        case "finger":
            try compositor.sendTouch([.down(id: 1, x: Double(width - 30), y: 30), .frame, .up(id: 1), .frame])
        case "click":
            try compositor.sendPointer([
                .enter(x: Double(width - 30), y: 30), .frame, .button(0x110, pressed: true), .frame,
            ])
        default:
            try compositor.sendKeyboard([.enter, .key(1, pressed: true)])
        }
        let asked = ContinuousClock.now
        while session.process.isRunning, ContinuousClock.now - asked < .seconds(5) {
            compositor.dispatch(timeoutMilliseconds: 5)
        }
        try #require(!session.process.isRunning, "\(session.log)")
        print("opening closed by \(how) in \(ContinuousClock.now - asked)")
        #expect(session.process.terminationStatus == 0)
        #expect(session.log.contains("the opening of heavy.maliang was stopped"), "\(session.log)")
        let file = try DocumentFile.open(at: url, readOnly: true)
        defer { file.close() }
        #expect(file.document.elements.count == 2000)
        #expect(file.hasPreview)
    }

    /// Closing takes the window away at once and then keeps the paint for the next opening; an opening at that
    /// moment waits for the file rather than going on in a copy.
    @Test func aDrawingClosedAndOpenedAgainAtOnceIsTheSameFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-closing-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.heavyDrawing(in: folder)
        let first = try AppSession(arguments: [url.path], fitted: true)
        try first.waitUntilMapped(timeout: .seconds(300))
        let window = try #require(first.compositor.focusedToplevel)
        let asked = ContinuousClock.now
        first.compositor.close(window)
        #expect(first.pump(until: { !first.compositor.toplevels.contains { $0 === window } }))
        let gone = ContinuousClock.now - asked
        let again = try AppSession(arguments: [url.path], fitted: true)
        let status = waitForExit(first.process)
        print("closing: the window went in \(gone), maliang ended in \(ContinuousClock.now - asked)")
        #expect(status == 0, "\(first.log)")
        try again.waitUntilMapped(timeout: .seconds(300))
        #expect(!again.log.contains("is open in another window"), "\(again.log)")
        #expect(again.terminate() == 0, "\(again.log)")
        let file = try DocumentFile.open(at: url, readOnly: true)
        defer { file.close() }
        #expect(file.document.elements.count == 2000 && file.paintKey() != nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".maliang") }
                == ["heavy.maliang"])
    }
}
