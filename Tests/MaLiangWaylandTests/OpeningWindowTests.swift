import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing

@testable import MaLiangWayland

/// A heavy drawing (its paint not kept in the file, so every stroke is stamped) shows a window at once: its name,
/// the picture the file keeps, and how far the opening has come; closing that window ends the program at once with
/// the file as it was, and otherwise the drawing's own window takes its place.
@Suite(.serialized) struct OpeningWindowTests {
    /// 2,000 strokes of 300 samples, no paint kept, and a red picture of the page kept as its preview.
    static func heavyDrawing(in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("heavy.maliang")
        _ = try LongSessionDocument(strokes: 2000, samplesPerStroke: 300, images: 0).write(to: url)
        let red = [UInt8](repeating: 0, count: 256 * 192 * 4).enumerated().map {
            UInt8($0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255)
        }
        let png = try PNG.encode(PNGImage(width: 256, height: 192, pixels: .rgba8(red)))
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        try file.keepPreviews([256: png])
        return url
    }

    /// The opening window shows as the opening begins: on a fast machine this drawing opens in little more than
    /// the usual delay, and the drawing's window could take its place before it had drawn.
    static let showsAtOnce = ["MALIANG_OPENING_DELAY_MS": "0"]

    /// The opening window, once it shows the picture.
    func openingWindow(_ session: AppSession) -> Toplevel? {
        var found: Toplevel?
        _ = session.pump(until: {
            found = session.compositor.toplevels.first { $0.title == "Opening heavy.maliang" && $0.image != nil }
            return found != nil
        })
        return found
    }

    @Test func aHeavyDrawingShowsItsOpeningThenItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-opening-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.heavyDrawing(in: folder)
        let session = try AppSession(arguments: [url.path], environment: Self.showsAtOnce, fitted: true)
        let opening = try #require(openingWindow(session), "\(session.log)")
        let image = try #require(opening.image)
        // The kept picture, fitted in the middle; the close button at the top right.
        let middle = image.rgba(x: image.width / 2, y: image.height / 2)
        #expect(middle.red > 200 && middle.green < 60 && middle.blue < 60, "\(middle)")
        #expect(OpeningPicture.closesAt(x: Double(image.width - 30), y: 30, width: image.width))

        try session.waitUntilMapped(timeout: .seconds(300))
        // The opening window goes once the drawing shows.
        #expect(
            session.pump(until: { !session.compositor.toplevels.contains { $0.title?.hasPrefix("Opening") == true } }))
        #expect(try #require(session.image).darkPixelCount(fromY: 48, threshold: 160) > 1000)
        #expect(session.terminate() == 0, "\(session.log)")
    }

    /// Each way of closing it: the compositor's close, a finger on its button, a click there, Escape.
    @Test(arguments: ["close", "finger", "click", "escape"])
    func closingTheOpeningEndsAtOnceWithTheFileAsItWas(how: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-opening-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.heavyDrawing(in: folder)
        let session = try AppSession(arguments: [url.path], environment: Self.showsAtOnce, fitted: true)
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
        #expect(!session.process.isRunning, "\(session.log)")
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
        first.process.waitUntilExit()
        print("closing: the window went in \(gone), maliang ended in \(ContinuousClock.now - asked)")
        #expect(first.process.terminationStatus == 0, "\(first.log)")
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
