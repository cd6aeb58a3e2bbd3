import Foundation
import MaLiangStore
import TestCompositor
import Testing
import WaylandTestSupport

/// Mice, keyboards and touchscreens unplugged and plugged in again: what went is released, what came is taken, and
/// nothing drawn is lost on the way.
@Suite(.serialized) struct DevicesComeAndGoTests {
    @Test func aMousePluggedInAgainPaintsAndAKeyboardPluggedInAgainUndoes() throws {
        let session = try AppSession.withTablet()
        try session.mouse(points((100, 200), (500, 200)))
        #expect(session.pump(until: { session.image?.darkRows(x: 300).isEmpty == false }, timeout: .seconds(5)))

        session.compositor.setSeatCapabilities([.touch])
        #expect(session.pump(until: { session.compositor.seatDeviceCounts == (0, 0, 1) }, timeout: .seconds(5)))
        session.compositor.setSeatCapabilities([.pointer, .keyboard, .touch])
        #expect(session.pump(until: { session.compositor.seatDeviceCounts == (1, 1, 1) }, timeout: .seconds(5)))

        try session.mouse(points((100, 400), (500, 400)))
        #expect(
            session.pump(
                until: { session.image?.darkRows(x: 300).contains { abs($0 - 400) < 8 } == true },
                timeout: .seconds(5)), "the mouse plugged in again does not paint")
        // Control+Z on the keyboard plugged in again takes the second stroke back.
        try session.key(44, modifiers: 4)
        #expect(
            session.pump(
                until: { session.image?.darkRows(x: 300).contains { abs($0 - 400) < 8 } == false },
                timeout: .seconds(5)), "the keyboard plugged in again does not undo")
        #expect(session.terminate() == 0)
        #expect(try elements(in: session.documentURL) == 1)
    }

    @Test func aMouseUnpluggedMidStrokeKeepsTheStroke() throws {
        let session = try AppSession.withTablet()
        try session.compositor.sendPointer([.enter(x: 100, y: 300), .frame, .button(0x110, pressed: true), .frame])
        for x in stride(from: 110.0, through: 500, by: 10) {
            try session.compositor.sendPointer([.motion(x: x, y: 300), .frame])
            session.compositor.dispatch()
        }
        session.compositor.setSeatCapabilities([.keyboard, .touch])
        #expect(session.pump(until: { session.compositor.seatDeviceCounts.pointers == 0 }, timeout: .seconds(5)))
        #expect(session.pump(until: { session.image?.darkRows(x: 300).isEmpty == false }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
        #expect(try elements(in: session.documentURL) == 1)
    }

    @Test func aTouchscreenTurnedOffMidStrokeKeepsTheStroke() throws {
        let session = try AppSession.withTablet()
        try session.compositor.sendTouch([.down(id: 1, x: 100, y: 300), .frame])
        for x in stride(from: 110.0, through: 500, by: 10) {
            try session.compositor.sendTouch([.motion(id: 1, x: x, y: 300), .frame])
            session.compositor.dispatch()
        }
        session.compositor.setSeatCapabilities([.pointer, .keyboard])
        #expect(session.pump(until: { session.compositor.seatDeviceCounts.touches == 0 }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
        #expect(try elements(in: session.documentURL) == 1)
    }

    func elements(in url: URL) throws -> Int {
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        return file.document.elements.count
    }
}
