import Testing

@testable import MaLiangEditor

@Suite struct TouchTrackerTests {
    @Test func oneFingerPaintsASecondCancelsAndGestures() {
        var tracker = TouchTracker()
        #expect(tracker.down(id: 1, at: .init(x: 0, y: 0), penActive: false) == .paintBegan(.init(x: 0, y: 0)))
        #expect(tracker.motion(id: 1, to: .init(x: 5, y: 0)) == .paintMoved(.init(x: 5, y: 0)))
        #expect(tracker.down(id: 2, at: .init(x: 105, y: 0), penActive: false) == .paintCancelled)
        guard case .gesture(_, _, _, let scale, let rotation) = tracker.motion(id: 2, to: .init(x: 205, y: 0)) else {
            Issue.record("no gesture")
            return
        }
        #expect(abs(scale - 2) < 1e-9 && abs(rotation) < 1e-9)
    }

    @Test func touchesWhileThePenIsNearAreIgnoredUntilLifted() {
        var tracker = TouchTracker()
        #expect(tracker.down(id: 1, at: .init(x: 0, y: 0), penActive: true) == .none)
        #expect(tracker.motion(id: 1, to: .init(x: 50, y: 0)) == .none)
        #expect(tracker.up(id: 1) == .none)
        #expect(tracker.down(id: 2, at: .init(x: 0, y: 0), penActive: false) == .paintBegan(.init(x: 0, y: 0)))
    }

    @Test func penOnlyKeepsFingersForTheView() {
        var tracker = TouchTracker()
        tracker.penOnly = true
        #expect(tracker.down(id: 1, at: .init(x: 0, y: 0), penActive: false) == .none)
        #expect(tracker.motion(id: 1, to: .init(x: 5, y: 5)) == .none)
    }
}
