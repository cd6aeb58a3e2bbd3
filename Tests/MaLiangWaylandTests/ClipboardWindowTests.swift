import Foundation
import Glibc
import MaLiangCore
import MaLiangStore
import PNGCodec
import TestCompositor
import Testing
import WaylandTestSupport

/// The selection through the Wayland clipboard: copied in one window (offered as strokes and as a PNG image),
/// pasted in the same window and in another one, cut; then SIGKILL, and the files hold what was pasted.
@Suite(.serialized) struct ClipboardWindowTests {
    enum Key {
        static let s: UInt32 = 31
        static let c: UInt32 = 46
        static let v: UInt32 = 47
        static let x: UInt32 = 45
        static let control: UInt32 = 4
    }

    /// Everything the window holding the clipboard writes for `mimeType`.
    func clipboard(_ session: AppSession, _ mimeType: String) throws -> Data {
        let descriptor = try #require(session.compositor.requestClipboard(mimeType))
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let finished = session.pump(until: {
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    data.append(contentsOf: buffer.prefix(count))
                    continue
                }
                return count == 0
            }
        })
        #expect(finished, "the window never finished writing \(mimeType)")
        return data
    }

    func strokes(in url: URL) throws -> [Stroke] {
        let opened = try DocumentFile.open(at: url, readOnly: true)
        defer { opened.close() }
        return opened.document.elements.compactMap { if case .stroke(let s) = $0 { s } else { nil } }
    }

    @Test func aSelectionCopiedInOneWindowPastesInItAndInAnother() throws {
        let first = try AppSession.withTablet()
        try first.pen(points((200, 200), (400, 260)), pressure: 0.8)
        try first.pen(points((700, 500), (900, 560)), pressure: 0.8)
        try first.key(Key.s)
        try first.mouse(
            points((170, 170), (430, 170)) + points((430, 170), (430, 290)) + points((430, 290), (170, 290))
                + points((170, 290), (170, 170)))
        try first.key(Key.c, modifiers: Key.control)
        _ = first.pump(until: { first.compositor.clipboardMimeTypes != nil })
        #expect(first.compositor.clipboardMimeTypes == [ElementClipboard.mimeType, "image/png"])
        // A reader that goes away before reading (its end closed at once) does not end the window.
        if let gone = first.compositor.requestClipboard(ElementClipboard.mimeType) { close(gone) }
        first.settle(.milliseconds(300))
        let elements = try clipboard(first, ElementClipboard.mimeType)
        let content = try ElementClipboard.decode(elements)
        #expect(content.elements.count == 1)
        // Other programs get a picture of the selection: the stroke, on transparency, cut to what it covers.
        let picture = try PNG.decode(try clipboard(first, "image/png"), depth: .eight)
        #expect(picture.width > 150 && picture.width < 260 && picture.height > 40 && picture.height < 120)
        #expect((0..<picture.width).contains { picture.rgba(x: $0, y: picture.height / 2).alpha > 0.5 })
        #expect(picture.rgba(x: 0, y: picture.height - 1).alpha < 0.1)
        // Pasted in the same window: a copy in place, selected; then cut, and pasted back.
        try first.key(Key.v, modifiers: Key.control)
        _ = try first.nextImage()
        try first.key(Key.x, modifiers: Key.control)
        try first.key(Key.v, modifiers: Key.control)
        _ = try first.nextImage()
        first.settle(.milliseconds(300))
        #expect(first.kill() == SIGKILL)
        let kept = try strokes(in: first.documentURL)
        #expect(kept.count == 3, "\(kept.map(\.id))")
        #expect(
            kept.map { $0.samples.loaded().map(\.position) }.filter { $0 == kept[0].samples.loaded().map(\.position) }
                .count == 2)

        // Another window, on its own compositor, gets the same data as its clipboard.
        let second = try AppSession.withTablet()
        try second.compositor.setSelection([ElementClipboard.mimeType: Array(elements), "image/png": [1, 2, 3]])
        try second.key(Key.v, modifiers: Key.control)
        _ = try second.nextImage()
        second.settle(.milliseconds(300))
        let frame = try #require(second.image)
        #expect(second.kill() == SIGKILL)
        let pasted = try strokes(in: second.documentURL)
        #expect(pasted.count == 1)
        #expect(pasted.first?.samples.loaded().map(\.position) == kept[0].samples.loaded().map(\.position))
        #expect(pasted.first?.brush == kept[0].brush)
        // It shows, where it was copied from.
        #expect((200...400).contains { x in Int(frame.rgba(x: x, y: 230).red) < 128 })
    }

    /// Other programs get what the window shows: Ctrl+C with nothing selected offers the picture in view (no
    /// strokes), as the window draws it without its controls.
    @Test func copyingWithNothingSelectedGivesThePictureInView() throws {
        let session = try AppSession.withTablet()
        try session.pen(points((200, 300), (600, 300)), pressure: 0.9)
        let frame = try session.nextImage()
        try session.key(Key.c, modifiers: Key.control)
        #expect(session.pump(until: { session.compositor.clipboardMimeTypes != nil }))
        #expect(session.compositor.clipboardMimeTypes == ["image/png"])
        let picture = try PNG.decode(try clipboard(session, "image/png"), depth: .eight)
        #expect(picture.width == frame.width && picture.height == frame.height)
        // The stroke where the window shows it, paper around it.
        #expect((200...600).allSatisfy { x in picture.rgba(x: x, y: 300).red < 0.5 })
        #expect(picture.rgba(x: 400, y: 420).red > 0.9 && picture.rgba(x: 400, y: 420).alpha > 0.99)
        for x in stride(from: 220, through: 580, by: 40) {
            let (a, b) = (picture.rgba(x: x, y: 300), frame.rgba(x: x, y: 300))
            #expect(
                abs(a.red - Double(b.red) / 255) < 0.05 && abs(a.blue - Double(b.blue) / 255) < 0.05,
                "at \(x): \(a) and the window's \(b)")
        }
        // Ctrl+X with nothing selected cuts nothing and leaves the clipboard as it was.
        try session.key(Key.x, modifiers: Key.control)
        session.settle(.milliseconds(300))
        #expect(session.compositor.clipboardMimeTypes == ["image/png"])
        #expect(session.terminate() == 0)
        #expect(try strokes(in: session.documentURL).count == 1)
    }

    /// Strokes that are not ours, or damaged, are refused with a message and change nothing.
    @Test func damagedClipboardDataIsRefused() throws {
        let session = try AppSession.withTablet()
        try session.pen(points((200, 200), (400, 260)), pressure: 0.8)
        try session.compositor.setSelection([ElementClipboard.mimeType: Array("{\"format\":1,\"elements\":[{".utf8)])
        try session.key(Key.v, modifiers: Key.control)
        _ = try session.nextImage()
        session.settle(.milliseconds(300))
        #expect(session.log.contains("Cannot paste"), "\(session.log)")
        #expect(session.kill() == SIGKILL)
        #expect(try strokes(in: session.documentURL).count == 1)
    }
}
