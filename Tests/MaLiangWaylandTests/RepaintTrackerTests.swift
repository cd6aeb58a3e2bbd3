import Testing

@testable import MaLiangWayland

@Suite struct RepaintTrackerTests {
    @Test func anImageGetsEveryChangeSinceItWasLastShown() {
        var tracker = RepaintTracker()
        // Images 0 and 1 start with full redraws.
        #expect(tracker.region(forImage: 0, damage: nil) == nil)
        #expect(tracker.region(forImage: 1, damage: [(10, 10, 5, 5)]) == nil)
        // Image 0 last saw frame 1; frames 2 and 3 changed two places.
        let region = tracker.region(forImage: 0, damage: [(100, 50, 10, 10)])
        #expect(region.map { [$0.x, $0.y, $0.width, $0.height] } == [10, 10, 100, 50])
        // Image 1 saw frame 2: only frames 3 and 4.
        let next = tracker.region(forImage: 1, damage: [(200, 200, 4, 4)])
        #expect(next.map { [$0.x, $0.y, $0.width, $0.height] } == [100, 50, 104, 154])
    }

    @Test func aFullRedrawSinceThenMeansAllOfIt() {
        var tracker = RepaintTracker()
        _ = tracker.region(forImage: 0, damage: nil)
        _ = tracker.region(forImage: 1, damage: nil)
        _ = tracker.region(forImage: 1, damage: nil)
        #expect(tracker.region(forImage: 0, damage: [(1, 1, 1, 1)]) == nil)
        tracker.reset()
        #expect(tracker.region(forImage: 0, damage: [(1, 1, 1, 1)]) == nil)
    }
}
