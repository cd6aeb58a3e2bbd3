import MaLiangVulkan
import Testing

@Suite struct RepaintTrackerTests {
    @Test func anImageGetsEveryChangeSinceItWasLastShown() {
        var tracker = RepaintTracker()
        // Images 0 and 1 start with full redraws.
        #expect(tracker.region(forImage: 0, damage: nil) == nil)
        #expect(tracker.region(forImage: 1, damage: [BufferRect(x: 10, y: 10, width: 5, height: 5)]) == nil)
        // Image 0 last saw frame 1; frames 2 and 3 changed two places.
        let region = tracker.region(forImage: 0, damage: [BufferRect(x: 100, y: 50, width: 10, height: 10)])
        #expect(region.map { [$0.x, $0.y, $0.width, $0.height] } == [10, 10, 100, 50])
        // Image 1 saw frame 2: only frames 3 and 4.
        let next = tracker.region(forImage: 1, damage: [BufferRect(x: 200, y: 200, width: 4, height: 4)])
        #expect(next.map { [$0.x, $0.y, $0.width, $0.height] } == [100, 50, 104, 154])
    }

    @Test func aFullRedrawSinceThenMeansAllOfIt() {
        var tracker = RepaintTracker()
        _ = tracker.region(forImage: 0, damage: nil)
        _ = tracker.region(forImage: 1, damage: nil)
        _ = tracker.region(forImage: 1, damage: nil)
        #expect(tracker.region(forImage: 0, damage: [BufferRect(x: 1, y: 1, width: 1, height: 1)]) == nil)
        tracker.reset()
        #expect(tracker.region(forImage: 0, damage: [BufferRect(x: 1, y: 1, width: 1, height: 1)]) == nil)
    }
}
