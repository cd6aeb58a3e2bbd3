import Foundation

/// Touch points: one finger paints, two fingers pan, pinch-zoom and rotate the view. Palm rejection: while any
/// pen is in proximity, and for `penTail` after, touches are ignored — and so is every touch that began then,
/// until it lifts.
struct TouchTracker {
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    enum Outcome: Equatable {
        case none
        /// Paint with one finger: a stroke begins, continues or ends at this surface position.
        case paintBegan(Point)
        case paintMoved(Point)
        case paintEnded
        /// The stroke in progress is dropped (a second finger came: it was a gesture, not a stroke).
        case paintCancelled
        /// Move the view: translate by (dx, dy) surface pixels, scale by `scale` and rotate by `rotation` radians
        /// about `center`.
        case gesture(center: Point, dx: Double, dy: Double, scale: Double, rotation: Double)
    }

    /// How long touches stay ignored after the last pen left proximity, in microseconds.
    static let penTail: UInt64 = 500_000

    private var points: [Int32: Point] = [:]
    private var ignored: Set<Int32> = []
    private var painting: Int32?
    private var lastPair: (Point, Point)?
    /// Fingers down now (ignored ones excluded).
    var activeCount: Int { points.count }

    /// Set to refuse all touch drawing (the "pen only" setting): fingers still move the view.
    var penOnly = false

    mutating func down(id: Int32, at point: Point, penActive: Bool) -> Outcome {
        if penActive {
            ignored.insert(id)
            return .none
        }
        points[id] = point
        if points.count == 1 && !penOnly {
            painting = id
            return .paintBegan(point)
        }
        lastPair = pair()
        if painting != nil {
            painting = nil
            return .paintCancelled
        }
        return .none
    }

    mutating func motion(id: Int32, to point: Point) -> Outcome {
        guard !ignored.contains(id), points[id] != nil else { return .none }
        points[id] = point
        if painting == id { return .paintMoved(point) }
        guard let previous = lastPair, let now = pair() else { return .none }
        lastPair = now
        let before = midpoint(previous)
        let after = midpoint(now)
        let spanBefore = distance(previous)
        let spanAfter = distance(now)
        let angleBefore = atan2(previous.1.y - previous.0.y, previous.1.x - previous.0.x)
        let angleAfter = atan2(now.1.y - now.0.y, now.1.x - now.0.x)
        var rotation = angleAfter - angleBefore
        if rotation > .pi { rotation -= 2 * .pi }
        if rotation < -.pi { rotation += 2 * .pi }
        return .gesture(
            center: after, dx: after.x - before.x, dy: after.y - before.y,
            scale: spanBefore > 1 ? spanAfter / spanBefore : 1,
            rotation: rotation)
    }

    mutating func up(id: Int32) -> Outcome {
        if ignored.remove(id) != nil { return .none }
        points[id] = nil
        lastPair = pair()
        if painting == id {
            painting = nil
            return .paintEnded
        }
        return .none
    }

    /// The compositor took the touches (a system gesture): drop everything.
    mutating func cancel() -> Outcome {
        let wasPainting = painting != nil
        points = [:]
        ignored = []
        painting = nil
        lastPair = nil
        return wasPainting ? .paintCancelled : .none
    }

    private func pair() -> (Point, Point)? {
        let ids = points.keys.sorted()
        guard ids.count >= 2, let a = points[ids[0]], let b = points[ids[1]] else { return nil }
        return (a, b)
    }

    private func midpoint(_ pair: (Point, Point)) -> Point {
        Point(x: (pair.0.x + pair.1.x) / 2, y: (pair.0.y + pair.1.y) / 2)
    }

    private func distance(_ pair: (Point, Point)) -> Double { hypot(pair.1.x - pair.0.x, pair.1.y - pair.0.y) }
}
