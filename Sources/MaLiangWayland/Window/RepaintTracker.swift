/// Which part of a swapchain image must be drawn again. An image shown earlier still holds the frame it got then
/// (its "age"), so it needs the union of every change since that frame — or all of it when one was a full redraw,
/// or when it is new.
struct RepaintTracker {
    typealias Rectangle = (x: Int, y: Int, width: Int, height: Int)

    private var frame = 0
    /// The frame each swapchain image last received.
    private var imageFrames: [Int: Int] = [:]
    /// Recent frames' changes; nil for a full redraw.
    private var log: [(frame: Int, change: Rectangle?)] = []

    /// Forgets everything (the swapchain was recreated).
    mutating func reset() {
        imageFrames = [:]
        log = []
    }

    /// Records this frame's `damage` (nil: all) and returns the rectangle to repaint in image `index`, or nil to
    /// repaint all of it.
    mutating func region(forImage index: Int, damage: [(Int, Int, Int, Int)]?) -> Rectangle? {
        frame += 1
        let change = damage.flatMap(Self.bounds)
        log.append((frame, change))
        if log.count > 16 { log.removeFirst(log.count - 16) }
        defer { imageFrames[index] = frame }
        guard let last = imageFrames[index], let oldest = log.first?.frame, oldest <= last + 1 else { return nil }
        var union: Rectangle?
        for entry in log where entry.frame > last {
            guard let rectangle = entry.change else { return nil }
            union =
                union.map {
                    Self.bounds([
                        ($0.x, $0.y, $0.width, $0.height),
                        (rectangle.x, rectangle.y, rectangle.width, rectangle.height),
                    ]) ?? $0
                } ?? rectangle
        }
        return union
    }

    static func bounds(_ rectangles: [(Int, Int, Int, Int)]) -> Rectangle? {
        guard let first = rectangles.first else { return nil }
        var left = first.0
        var top = first.1
        var right = first.0 + first.2
        var bottom = first.1 + first.3
        for (x, y, width, height) in rectangles.dropFirst() {
            left = min(left, x)
            top = min(top, y)
            right = max(right, x + width)
            bottom = max(bottom, y + height)
        }
        return (left, top, right - left, bottom - top)
    }
}
