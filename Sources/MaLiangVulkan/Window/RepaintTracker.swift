/// Which part of a swapchain image must be drawn again. An image shown earlier still holds the frame it got then
/// (its "age"), so it needs the union of every change since that frame — or all of it when one was a full redraw,
/// or when it is new.
package struct RepaintTracker {
    private var frame = 0
    /// The frame each swapchain image last received.
    private var imageFrames: [Int: Int] = [:]
    /// Recent frames' changes; nil for a full redraw.
    private var log: [(frame: Int, change: BufferRect?)] = []

    /// Forgets everything (the swapchain was recreated).
    package init() {}

    package mutating func reset() {
        imageFrames = [:]
        log = []
    }

    /// Records this frame's `damage` (nil: all) and returns the rectangle to repaint in image `index`, or nil to
    /// repaint all of it.
    package mutating func region(forImage index: Int, damage: [BufferRect]?) -> BufferRect? {
        frame += 1
        let change = damage.flatMap { $0.dropFirst().reduce($0.first) { $0?.union($1) } }
        log.append((frame, change))
        if log.count > 16 { log.removeFirst(log.count - 16) }
        defer { imageFrames[index] = frame }
        guard let last = imageFrames[index], let oldest = log.first?.frame, oldest <= last + 1 else { return nil }
        var union: BufferRect?
        for entry in log where entry.frame > last {
            guard let rectangle = entry.change else { return nil }
            union = union?.union(rectangle) ?? rectangle
        }
        return union
    }
}
