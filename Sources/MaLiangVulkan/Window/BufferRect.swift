import MaLiangCore

/// A rectangle in buffer pixels: the window's swapchain images, x right and y down from the top-left.
public struct BufferRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole pixels a rectangle of target pixels touches, grown by `margin` on every side.
    public init(covering rect: DocumentRect, margin: Int = 0) {
        let left = Int(rect.x.rounded(.down)) - margin
        let top = Int(rect.y.rounded(.down)) - margin
        let right = Int((rect.x + rect.width).rounded(.up)) + margin
        let bottom = Int((rect.y + rect.height).rounded(.up)) + margin
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func union(_ other: BufferRect) -> BufferRect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        return BufferRect(
            x: left, y: top, width: max(x + width, other.x + other.width) - left,
            height: max(y + height, other.y + other.height) - top)
    }

    /// The part inside a `width`×`height` image, or nil when none is.
    public func clipped(width imageWidth: Int, height imageHeight: Int) -> BufferRect? {
        let left = max(x, 0)
        let top = max(y, 0)
        let right = min(x + width, imageWidth)
        let bottom = min(y + height, imageHeight)
        guard right > left, bottom > top else { return nil }
        return BufferRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension BufferRect {
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// Whether the two overlap or share an edge.
    func touches(_ other: BufferRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }

    /// The part inside both, or nil when they do not overlap.
    func intersection(_ other: BufferRect) -> BufferRect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return BufferRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The part outside `hole`, as up to four rectangles: the bands above and below it, then the pieces left and
    /// right of it.
    func subtracting(_ hole: BufferRect) -> [BufferRect] {
        guard let inner = intersection(hole) else { return [self] }
        let pieces = [
            BufferRect(x: x, y: y, width: width, height: inner.y - y),
            BufferRect(x: x, y: inner.maxY, width: width, height: maxY - inner.maxY),
            BufferRect(x: x, y: inner.y, width: inner.x - x, height: inner.height),
            BufferRect(x: inner.maxX, y: inner.y, width: maxX - inner.maxX, height: inner.height),
        ]
        return pieces.filter { $0.width > 0 && $0.height > 0 }
    }
}
