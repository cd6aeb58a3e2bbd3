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

    /// The compositor says only that the tablet went: no proximity_out, no removal of the pen.
    @Test func aTabletUnpluggedUnderThePenEndsItsStrokeAndGivesFingersBack() throws {
        let session = try AppSession.withTablet()
        let compositor = session.compositor
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 100, y: 300), .down, .pressure(60000)])
        for x in stride(from: 120.0, through: 500, by: 20) {
            try compositor.sendToolFrame(tool: "pen", [.motion(x: x, y: 300)])
            compositor.dispatch()
        }
        try compositor.removeTablet("t1")
        #expect(session.pump(until: { session.image?.darkRows(x: 300).isEmpty == false }, timeout: .seconds(5)))
        // A finger paints once palm rejection's half second after the pen left has passed.
        Thread.sleep(forTimeInterval: 0.7)
        try compositor.sendTouch([.down(id: 1, x: 100, y: 500), .frame])
        for x in stride(from: 120.0, through: 500, by: 20) {
            try compositor.sendTouch([.motion(id: 1, x: x, y: 500), .frame])
            compositor.dispatch()
        }
        try compositor.sendTouch([.up(id: 1), .frame])
        #expect(
            session.pump(
                until: { session.image?.darkRows(x: 300).contains { abs($0 - 500) < 8 } == true },
                timeout: .seconds(5)), "the finger was rejected after the tablet went")
        // The pen on a tablet plugged in again draws a stroke of its own.
        try compositor.addTablet(TabletSpec(id: "t2"))
        session.settle()
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t2"), .motion(x: 100, y: 650), .down, .pressure(60000)])
        for x in stride(from: 120.0, through: 500, by: 20) {
            try compositor.sendToolFrame(tool: "pen", [.motion(x: x, y: 650)])
            compositor.dispatch()
        }
        try compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        #expect(
            session.pump(
                until: { session.image?.darkRows(x: 300).contains { abs($0 - 650) < 8 } == true },
                timeout: .seconds(5)))
        #expect(session.terminate() == 0)
        #expect(try elements(in: session.documentURL) == 3)
    }

    func elements(in url: URL) throws -> Int {
        let file = try DocumentFile.open(at: url)
        defer { file.close() }
        return file.document.elements.count
    }
}
