import MaLiangVulkan
import Testing

@Suite struct RepaintTrackerTests {
    @Test func anImageGetsEveryChangeSinceItWasLastShown() {
        var tracker = RepaintTracker()
        // Images 0 and 1 start with full redraws.
        #expect(tracker.regions(forImage: 0, damage: nil) == nil)
        #expect(tracker.regions(forImage: 1, damage: [BufferRect(x: 10, y: 10, width: 5, height: 5)]) == nil)
        // Image 0 last saw frame 1; frames 2 and 3 changed two places.
        let region = tracker.regions(forImage: 0, damage: [BufferRect(x: 100, y: 50, width: 10, height: 10)])
        #expect(region?.map { [$0.x, $0.y, $0.width, $0.height] } == [[10, 10, 5, 5], [100, 50, 10, 10]])
        // Image 1 saw frame 2: only frames 3 and 4.
        let next = tracker.regions(forImage: 1, damage: [BufferRect(x: 200, y: 200, width: 4, height: 4)])
        #expect(next?.map { [$0.x, $0.y, $0.width, $0.height] } == [[100, 50, 10, 10], [200, 200, 4, 4]])
    }

    @Test func aFullRedrawSinceThenMeansAllOfIt() {
        var tracker = RepaintTracker()
        _ = tracker.regions(forImage: 0, damage: nil)
        _ = tracker.regions(forImage: 1, damage: nil)
        _ = tracker.regions(forImage: 1, damage: nil)
        #expect(tracker.regions(forImage: 0, damage: [BufferRect(x: 1, y: 1, width: 1, height: 1)]) == nil)
        tracker.reset()
        #expect(tracker.regions(forImage: 0, damage: [BufferRect(x: 1, y: 1, width: 1, height: 1)]) == nil)
    }

    /// Overlapping or touching rectangles become one; far apart they stay apart, up to a limit.
    @Test func rectanglesFarApartStayApart() {
        let joined = RepaintTracker.joined([
            BufferRect(x: 0, y: 0, width: 10, height: 10), BufferRect(x: 10, y: 5, width: 10, height: 10),
            BufferRect(x: 500, y: 500, width: 4, height: 4), BufferRect(x: 0, y: 0, width: 0, height: 9),
        ])
        #expect(joined.map { [$0.x, $0.y, $0.width, $0.height] } == [[0, 0, 20, 15], [500, 500, 4, 4]])
        let many = (0..<40).map { BufferRect(x: $0 * 100, y: 0, width: 10, height: 10) }
        #expect(RepaintTracker.joined(many).map { [$0.x, $0.y, $0.width, $0.height] } == [[0, 0, 3910, 10]])
    }
}
