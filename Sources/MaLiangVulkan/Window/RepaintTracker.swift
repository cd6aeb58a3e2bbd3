/// Which parts of a swapchain image must be drawn again. An image shown earlier still holds the frame it got then
/// (its "age"), so it needs every change since that frame — or all of it when one was a full redraw, or when it is
/// new. Changes far apart (a symmetric stroke's copies) stay apart: drawing the rectangle that covers them all
/// would cost a whole window.
package struct RepaintTracker {
    private var frame = 0
    /// The frame each swapchain image last received.
    private var imageFrames: [Int: Int] = [:]
    /// Recent frames' changes; nil for a full redraw.
    private var log: [(frame: Int, change: [BufferRect]?)] = []
    /// More rectangles than this to draw again become the one that covers them.
    package static let most = 16

    /// Forgets everything (the swapchain was recreated).
    package init() {}

    package mutating func reset() {
        imageFrames = [:]
        log = []
    }

    /// Records this frame's `damage` (nil: all) and returns the rectangles to repaint in image `index` — overlapping
    /// ones joined, at most ``most`` — or nil to repaint all of it.
    package mutating func regions(forImage index: Int, damage: [BufferRect]?) -> [BufferRect]? {
        frame += 1
        log.append((frame, damage))
        if log.count > 16 { log.removeFirst(log.count - 16) }
        defer { imageFrames[index] = frame }
        guard let last = imageFrames[index], let oldest = log.first?.frame, oldest <= last + 1 else { return nil }
        var changed: [BufferRect] = []
        for entry in log where entry.frame > last {
            guard let rectangles = entry.change else { return nil }
            changed += rectangles
        }
        return Self.joined(changed)
    }

    /// `rectangles` with overlapping or touching ones joined into the rectangle covering both; beyond ``most``, the
    /// one covering them all.
    package static func joined(_ rectangles: [BufferRect]) -> [BufferRect] {
        var result: [BufferRect] = []
        for rectangle in rectangles where rectangle.width > 0 && rectangle.height > 0 {
            var joined = rectangle
            while let index = result.firstIndex(where: { $0.touches(joined) }) {
                joined = joined.union(result.remove(at: index))
            }
            result.append(joined)
        }
        guard result.count > most, let first = result.first else { return result }
        return [result.dropFirst().reduce(first) { $0.union($1) }]
    }
}
