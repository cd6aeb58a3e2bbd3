import Testing

@testable import MaLiangWayland

@Suite struct TabletToolStateTests {
    @Test func pressureAfterMotionBelongsToTheSameFrame() {
        var state = TabletToolState()
        #expect(state.handle(.proximityIn(serial: 7)).isEmpty)
        #expect(state.handle(.motion(x: 10, y: 20)).isEmpty)
        #expect(state.handle(.down(serial: 8)).isEmpty)
        #expect(state.handle(.pressure(32768)).isEmpty)
        let frames = state.handle(.frame(time: 5))
        #expect(frames.count == 1)
        let frame = frames[0]
        #expect(frame.proximity == .began && frame.contact == .began && frame.moved)
        #expect(frame.x == 10 && frame.y == 20 && abs(frame.pressure - 0.5) < 0.001 && frame.proximitySerial == 7)
        #expect(frame.inProximity && frame.isDown)
    }

    @Test func anAxisOnlyFrameIsASampleAtTheOldPosition() {
        var state = TabletToolState()
        _ = state.handle(.proximityIn(serial: 1))
        _ = state.handle(.motion(x: 3, y: 4))
        _ = state.handle(.frame(time: 1))
        _ = state.handle(.pressure(65535))
        let frame = state.handle(.frame(time: 2))
        #expect(frame.count == 1 && !frame[0].moved && frame[0].x == 3 && frame[0].pressure == 1)
    }

    @Test func aMissingFrameAfterProximityOutIsMadeUpAtTheNextProximityIn() {
        var state = TabletToolState()
        _ = state.handle(.proximityIn(serial: 1))
        _ = state.handle(.frame(time: 1))
        _ = state.handle(.proximityOut)
        let frames = state.handle(.proximityIn(serial: 2))
        #expect(frames.count == 1 && frames[0].proximity == .ended && !frames[0].inProximity)
        let next = state.handle(.frame(time: 3))
        #expect(next.count == 1 && next[0].proximity == .began && next[0].proximitySerial == 2)
    }

    @Test func leavingProximityWhileDownLiftsTheTipAndReleasesButtons() {
        var state = TabletToolState()
        _ = state.handle(.proximityIn(serial: 1))
        _ = state.handle(.down(serial: 2))
        _ = state.handle(.button(0x14b, pressed: true))
        _ = state.handle(.frame(time: 1))
        #expect(state.buttonsHeld == [0x14b])
        _ = state.handle(.proximityOut)
        let frame = state.handle(.frame(time: 2))
        #expect(frame.count == 1 && frame[0].contact == .ended && frame[0].released == [0x14b] && !frame[0].isDown)
        #expect(state.buttonsHeld.isEmpty && !state.current.inProximity)
    }

    @Test func aToolRemovedInProximityLeavesInALastFrame() {
        var state = TabletToolState()
        _ = state.handle(.proximityIn(serial: 1))
        _ = state.handle(.down(serial: 2))
        _ = state.handle(.frame(time: 1))
        _ = state.handle(.motion(x: 9, y: 9))
        let frames = state.handle(.removed)
        #expect(frames.count == 2)
        #expect(frames[0].moved && frames[0].isDown)
        #expect(frames[1].proximity == .ended && frames[1].contact == .ended)
        // A proximity_out the compositor sends after all is not a second leaving.
        _ = state.handle(.proximityOut)
        #expect(state.handle(.frame(time: 2)).isEmpty)
    }
}
