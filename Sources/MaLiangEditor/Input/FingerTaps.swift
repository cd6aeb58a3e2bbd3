import Foundation

/// Taps of several fingers, as painting programs on tablets read them: fingers that touch down and lift together,
/// quickly and without moving, say how many they were — two undo, three redo, four hide the toolbar. A tap is
/// spoilt by a finger that moves past ``slop``, by taking longer than ``longest`` from the first touch to the last
/// lift, and by a pen near the tablet (a palm).
struct FingerTaps {
    /// From the first finger down to the last one up, µs.
    static let longest: UInt64 = 400_000
    /// How far a finger may move, logical pixels, and still tap.
    static let slop = 20.0

    private var starts: [Int32: TouchTracker.Point] = [:]
    private var down: Set<Int32> = []
    private var began: UInt64?
    private var most = 0
    private var spoilt = false

    mutating func down(id: Int32, at point: TouchTracker.Point, time: UInt64, penActive: Bool) {
        if down.isEmpty { self = FingerTaps() }
        began = began ?? time
        starts[id] = point
        down.insert(id)
        most = max(most, down.count)
        if penActive { spoilt = true }
    }

    mutating func moved(id: Int32, to point: TouchTracker.Point) {
        guard let start = starts[id], hypot(point.x - start.x, point.y - start.y) > Self.slop else { return }
        spoilt = true
    }

    /// A finger lifted: when it was the last of a tap of two or more fingers, how many.
    mutating func up(id: Int32, time: UInt64) -> Int? {
        guard down.remove(id) != nil, down.isEmpty, let began else { return nil }
        defer { self = FingerTaps() }
        guard !spoilt, most >= 2, time >= began, time - began <= Self.longest else { return nil }
        return most
    }

    /// The compositor took the touches: no tap.
    mutating func cancel() { self = FingerTaps() }
}
