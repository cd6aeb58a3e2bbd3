import Foundation
import MaLiangCore

/// How the selection tool draws its outline, and which elements the outline takes.
public struct SelectionSetting: Codable, Equatable, Sendable {
    /// The outline's shape.
    public enum Shape: String, Codable, Equatable, Sendable {
        /// Freehand: the path the contact draws, closed back to where it began.
        case lasso
        /// The rectangle from the press to where the contact is.
        case rectangle
    }

    /// Which elements an outline takes.
    public enum Rule: String, Codable, Equatable, Sendable {
        /// Those wholly inside it.
        case enclosed
        /// Those with any part inside it.
        case touched
    }

    /// The outline's shape.
    public var shape = Shape.lasso
    /// Which elements the outline takes.
    public var rule = Rule.enclosed

    /// A setting of `shape` and `rule`.
    public init(shape: Shape = .lasso, rule: Rule = .enclosed) {
        self.shape = shape
        self.rule = rule
    }
}

/// The elements the selection tool holds — all on one layer — and the box shown around them: the rectangle they
/// filled when chosen, carried by every transform since, so a turned selection keeps a turned box.
public struct ElementSelection: Equatable, Sendable {
    /// The elements, in drawing order.
    public internal(set) var ids: [ElementID]
    /// The layer they are on.
    public internal(set) var layer: LayerID
    /// The rectangle around the elements when they were chosen, document pixels.
    public internal(set) var frame: DocumentRect
    /// Where the frame has been moved, scaled, turned and flipped to since.
    public internal(set) var placement = DocumentTransform.identity

    /// A selection of `ids` on `layer`, boxed by `frame`.
    public init(ids: [ElementID], layer: LayerID, frame: DocumentRect) {
        self.ids = ids
        self.layer = layer
        self.frame = frame
    }

    /// The box's corners, document pixels: top left, top right, bottom right, bottom left of the frame, moved by
    /// `placement` and then `pending` (a gesture in progress).
    public func corners(pending: DocumentTransform = .identity) -> [Point] {
        let moved = placement.then(pending)
        return [
            Point(x: frame.x, y: frame.y), Point(x: frame.x + frame.width, y: frame.y),
            Point(x: frame.x + frame.width, y: frame.y + frame.height), Point(x: frame.x, y: frame.y + frame.height),
        ].map(moved.apply)
    }

    /// The frame's middle where it is now.
    public var center: Point { placement.apply(Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)) }

    /// The transform that flips the selection across the middle of its own box: left to right (`horizontal`) or
    /// top to bottom, whichever way the box is turned.
    public func flip(horizontal: Bool) -> DocumentTransform {
        let middle = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        let mirror = DocumentTransform.scale(x: horizontal ? -1 : 1, y: horizontal ? 1 : -1, about: middle)
        guard let back = placement.inverted else { return .identity }
        return back.then(mirror).then(placement)
    }
}

/// Which elements an outline takes, and where elements lie: the points that stand for each one.
enum ElementPicker {
    /// The elements on `layer` of `document` the closed `outline` takes under `rule`, in drawing order.
    static func elements(
        in outline: [Point], rule: SelectionSetting.Rule, on layer: LayerID, of document: Document
    ) -> [Element] {
        guard outline.count >= 3, let box = DocumentRect(covering: outline.lazy.map { ($0.x, $0.y, 0) }) else {
            return []
        }
        let polygon = Polygon(outline)
        return document.elements.filter { element in
            guard element.layer == layer else { return false }
            switch rule {
            case .enclosed:
                return allPoints(of: element) { box.contains($0) && polygon.contains($0) }
            case .touched:
                return !allPoints(of: element) { !(box.contains($0) && polygon.contains($0)) }
            }
        }
    }

    /// The topmost element on `layer` within `reach` document pixels of `point` (a tap with the selection tool).
    static func element(at point: Point, reach: Double, on layer: LayerID, of document: Document) -> Element? {
        document.elements.last { element in
            guard element.layer == layer else { return false }
            if case .chartlet(let chartlet) = element { return chartlet.contains(point) }
            guard case .stroke(let stroke) = element else { return false }
            return distance(from: point, to: stroke) <= reach + radius(of: element)
        }
    }

    /// How far `point` is from the path through a stroke's samples where they show (each symmetry copy's too).
    static func distance(from point: Point, to stroke: Stroke) -> Double {
        let transform = stroke.transform ?? .identity
        let copies = stroke.symmetry?.copies ?? [SymmetryCopy(turn: 0, mirrored: false, center: .zero)]
        let samples = stroke.samples.loaded()
        var nearest = Double.infinity
        for copy in copies {
            var previous: Point?
            for sample in samples {
                let current = transform.apply(copy.apply(sample.position))
                nearest = min(nearest, segmentDistance(point, previous ?? current, current))
                previous = current
            }
        }
        return nearest
    }

    /// How far `point` is from the segment from `a` to `b`.
    static func segmentDistance(_ point: Point, _ a: Point, _ b: Point) -> Double {
        let along = b - a
        let lengthSquared = along.x * along.x + along.y * along.y
        guard lengthSquared > 0 else { return point.distance(to: a) }
        let fromA = point - a
        let t = min(max((fromA.x * along.x + fromA.y * along.y) / lengthSquared, 0), 1)
        return point.distance(to: a + along * t)
    }

    /// The rectangle around `elements` where they show (each stroke's points grown by its brush's reach).
    static func bounds(of elements: [Element]) -> DocumentRect? {
        var result: DocumentRect?
        for element in elements {
            var points: [Point] = []
            _ = allPoints(of: element) {
                points.append($0)
                return true
            }
            let radius = radius(of: element)
            guard let box = DocumentRect(covering: points.lazy.map { ($0.x, $0.y, radius) }) else { continue }
            result = result.map { $0.union(box) } ?? box
        }
        return result
    }

    /// Half the widest a stroke's dabs can be, where it shows (0 for a placed image: its corners are its points).
    static func radius(of element: Element) -> Double {
        guard case .stroke(let stroke) = element else { return 0 }
        let brush = stroke.brush.base
        let divisor = brush.scaleWithCanvas ? 1 : max(stroke.canvasScale, 0.01)
        let size = brush.pointSize / divisor * (1 + max(brush.tiltToSize, 0))
        return size / 2 * (stroke.transform?.sizeScale ?? 1)
    }

    /// Whether `test` holds for every point that stands for `element` (stopping at the first that fails): a
    /// stroke's samples where they show (each symmetry copy, then its transform), a placed image's corners.
    static func allPoints(of element: Element, _ test: (Point) -> Bool) -> Bool {
        switch element {
        case .chartlet(let chartlet):
            return chartlet.cornerPoints.allSatisfy(test)
        case .stroke(let stroke):
            let transform = stroke.transform ?? .identity
            let copies = stroke.symmetry?.copies ?? [SymmetryCopy(turn: 0, mirrored: false, center: .zero)]
            for sample in stroke.samples.loaded() {
                for copy in copies where !test(transform.apply(copy.apply(sample.position))) { return false }
            }
            return true
        }
    }
}

/// A closed outline, for the even–odd test of whether a point is inside.
struct Polygon {
    let points: [Point]

    init(_ points: [Point]) { self.points = points }

    func contains(_ point: Point) -> Bool {
        var inside = false
        var previous = points[points.count - 1]
        for current in points {
            if (current.y > point.y) != (previous.y > point.y) {
                let crossing = previous.x + (point.y - previous.y) / (current.y - previous.y) * (current.x - previous.x)
                if point.x < crossing { inside.toggle() }
            }
            previous = current
        }
        return inside
    }
}

extension DocumentRect {
    /// Whether `point` is inside or on the edge.
    func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}

extension Chartlet {
    /// The image's corners, document pixels.
    var cornerPoints: [Point] {
        let (c, s) = (cos(angle), sin(angle))
        return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { u, v in
            let x = u * size.width
            let y = v * size.height
            return Point(x: center.x + c * x - s * y, y: center.y + s * x + c * y)
        }
    }
}

/// What a press on the canvas does besides moving the view: paint (the brushes and the eraser), or choose and change
/// elements (the selection tool).
public enum CanvasTool: String, Codable, Equatable, Sendable {
    case paint
    case select
    /// A tap fills the closed region under it.
    case fill
}

/// The selection tool's state: how it outlines, what it holds, and the gesture in progress.
public struct SelectionToolState: Equatable, Sendable {
    /// How the tool outlines, and what an outline takes.
    public internal(set) var setting = SelectionSetting()
    /// What is selected; nil: nothing.
    public internal(set) var selection: ElementSelection?
    /// The outline being drawn, document pixels (empty when none is).
    public internal(set) var outline: [Point] = []
    /// Where a gesture in progress has moved the selection (the document changes once, when it ends).
    public internal(set) var pending: DocumentTransform?
    /// Two fingers are moving the selection.
    var fingersOnSelection = false
}
