import Foundation

/// Identifies an element of a document. Ids only grow: the document's elements are always in id order.
public struct ElementID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The number; documents give them in drawing order.
    public var rawValue: Int64

    /// The id `rawValue`.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// Whether `a` was made before `b`.
    public static func < (a: ElementID, b: ElementID) -> Bool { a.rawValue < b.rawValue }
    /// The id as `#N`.
    public var description: String { "#\(rawValue)" }
}

/// A width and height in document pixels.
public struct Size: Hashable, Codable, Sendable {
    /// Width, in document pixels.
    public var width: Double
    /// Height, in document pixels.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A finished stroke: everything needed to render it again identically.
public struct Stroke: Hashable, Codable, Sendable {
    /// The stroke's id in its document (``Document/makeElementID()`` gives new ones).
    public var id: ElementID
    /// The brush as it was when the stroke was drawn.
    public var brush: AnyBrush {
        get { brushStorage.brush }
        set { brushStorage = SharedBrush(newValue) }
    }
    /// The brush behind one reference: a brush is over 200 bytes inline, and a stroke is held by the document's
    /// elements, its undo history and every list of changes (and most strokes share their brush's settings anyway).
    private var brushStorage: SharedBrush
    /// Seed of the stroke's random angles and random chartlets.
    public var seed: UInt64
    /// The view's zoom when the stroke started (for brushes that keep their on-screen size).
    public var canvasScale: Double
    /// The input samples, in document pixels.
    public var samples: StrokeSamples
    /// The layer it is painted on.
    public var layer: LayerID
    /// The copies it paints of itself (mirrored or turned about a centre), if any.
    public var symmetry: Symmetry?
    /// Where it was moved, scaled, turned or flipped to after it was drawn (nil: where it was drawn). Its samples
    /// stay as drawn; its stamps are made again under the transform.
    public var transform: DocumentTransform?

    /// A stroke of `samples` drawn with `brush` on `layer`; `seed` fixes its random angles, `canvasScale` is the
    /// zoom it was drawn at.
    public init(
        id: ElementID, brush: AnyBrush, seed: UInt64, canvasScale: Double = 1, samples: StrokeSamples,
        layer: LayerID = .first
    ) {
        self.init(
            id: id, brush: brush, seed: seed, canvasScale: canvasScale, samples: samples, layer: layer, symmetry: nil)
    }

    /// A stroke as ``init(id:brush:seed:canvasScale:samples:layer:)-(_,_,_,_,StrokeSamples,_)`` makes it, painting
    /// the copies of itself that `symmetry` gives.
    public init(
        id: ElementID, brush: AnyBrush, seed: UInt64, canvasScale: Double = 1, samples: StrokeSamples,
        layer: LayerID = .first, symmetry: Symmetry?
    ) {
        self.id = id
        brushStorage = SharedBrush(brush)
        self.seed = seed
        self.canvasScale = Limits.clamp(canvasScale, to: Limits.zoom)
        self.samples = samples
        self.layer = layer
        self.symmetry = symmetry
    }

    /// A stroke of `samples` drawn with `brush` (see ``init(id:brush:seed:canvasScale:samples:layer:)-(_,_,_,_,StrokeSamples,_)``).
    public init(
        id: ElementID, brush: AnyBrush, seed: UInt64, canvasScale: Double = 1, samples: [InputSample],
        layer: LayerID = .first
    ) {
        self.init(
            id: id, brush: brush, seed: seed, canvasScale: canvasScale, samples: StrokeSamples(samples), layer: layer)
    }

    /// A symmetric stroke of `samples` (see ``init(id:brush:seed:canvasScale:samples:layer:symmetry:)-(_,_,_,_,StrokeSamples,_,_)``).
    public init(
        id: ElementID, brush: AnyBrush, seed: UInt64, canvasScale: Double = 1, samples: [InputSample],
        layer: LayerID = .first, symmetry: Symmetry?
    ) {
        self.init(
            id: id, brush: brush, seed: seed, canvasScale: canvasScale, samples: StrokeSamples(samples), layer: layer,
            symmetry: symmetry)
    }

    /// A builder that reproduces this stroke's stamps, its symmetry's copies among them, where its transform puts
    /// them.
    public func makeBuilder() -> StrokeBuilder {
        StrokeBuilder(brush: brush, seed: seed, canvasScale: canvasScale, symmetry: symmetry, transform: transform)
    }
}

extension Stroke {
    private enum CodingKeys: String, CodingKey {
        case id, brush, seed, canvasScale, samples, layer, symmetry, transform
    }

    // Keys as the stored properties were named before the brush was kept behind a reference.

    /// A stroke decoded from what ``encode(to:)`` writes (the clipboard's elements among others).
    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        id = try values.decode(ElementID.self, forKey: .id)
        brushStorage = SharedBrush(try values.decode(AnyBrush.self, forKey: .brush))
        seed = try values.decode(UInt64.self, forKey: .seed)
        canvasScale = try values.decode(Double.self, forKey: .canvasScale)
        samples = try values.decode(StrokeSamples.self, forKey: .samples)
        layer = try values.decode(LayerID.self, forKey: .layer)
        symmetry = try values.decodeIfPresent(Symmetry.self, forKey: .symmetry)
        transform = try values.decodeIfPresent(DocumentTransform.self, forKey: .transform)
    }

    /// Writes the stroke under its properties' names: id, brush, seed, canvasScale, samples, layer, and symmetry and
    /// transform when it has them.
    public func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encode(brush, forKey: .brush)
        try values.encode(seed, forKey: .seed)
        try values.encode(canvasScale, forKey: .canvasScale)
        try values.encode(samples, forKey: .samples)
        try values.encode(layer, forKey: .layer)
        try values.encodeIfPresent(symmetry, forKey: .symmetry)
        try values.encodeIfPresent(transform, forKey: .transform)
    }
}

/// A brush shared by the copies of a stroke; compared and hashed by its value.
private final class SharedBrush: Hashable, Sendable {
    let brush: AnyBrush

    init(_ brush: AnyBrush) { self.brush = brush }

    static func == (a: SharedBrush, b: SharedBrush) -> Bool { a === b || a.brush == b.brush }
    func hash(into hasher: inout Hasher) { brush.hash(into: &hasher) }
}

/// An image placed on the canvas, kept as an editable object above the paint.
public struct Chartlet: Hashable, Codable, Sendable {
    /// The chartlet's id in its document.
    public var id: ElementID
    /// The image, in the document's texture store.
    public var textureID: String
    /// Centre, document pixels.
    public var center: Point
    /// Width and height, document pixels.
    public var size: Size
    /// Radians from +x toward +y.
    public var angle: Double
    /// The layer it is placed on (placed images show above the paint of every layer, and hide with theirs).
    public var layer: LayerID
    /// Whether the image shows mirrored left to right (in its own frame, before it is turned).
    public var isMirrored = false

    /// An image `textureID` placed at `center` on `layer`, `size` in document pixels, turned by `angle` radians.
    public init(
        id: ElementID, textureID: String, center: Point, size: Size, angle: Double = 0, layer: LayerID = .first
    ) {
        self.id = id
        self.textureID = textureID
        self.center = center
        self.size = size
        self.angle = angle
        self.layer = layer
    }

    /// Whether every value is within ``Limits`` (what the store writes and reads).
    public var isValid: Bool { self == clamped() }

    /// The chartlet moved inside ``Limits``: a centre within the coordinate limit, each side within
    /// ``Limits/chartletSide`` (scaled as a whole, so the image keeps its proportions where it can), a finite
    /// angle in (−2π, 2π).
    public func clamped() -> Chartlet {
        var result = self
        let reach = -Limits.coordinate...Limits.coordinate
        result.center = Point(x: Limits.clamp(center.x, to: reach), y: Limits.clamp(center.y, to: reach))
        let sides = Limits.chartletSide
        var width = size.width.isFinite && size.width > 0 ? size.width : sides.lowerBound
        var height = size.height.isFinite && size.height > 0 ? size.height : sides.lowerBound
        let over = max(width / sides.upperBound, height / sides.upperBound, 1)
        width /= over
        height /= over
        let under = max(sides.lowerBound / width, sides.lowerBound / height, 1)
        width *= under
        height *= under
        result.size = Size(
            width: Limits.clamp(width, to: sides), height: Limits.clamp(height, to: sides))
        result.angle = angle.isFinite ? angle.truncatingRemainder(dividingBy: 2 * .pi) : 0
        return result
    }
}

/// Something a document holds, in drawing order.
public enum Element: Hashable, Codable, Sendable {
    /// A stroke of paint.
    case stroke(Stroke)
    /// A placed image.
    case chartlet(Chartlet)

    /// The element's id in its document.
    public var id: ElementID {
        switch self {
        case .stroke(let stroke): stroke.id
        case .chartlet(let chartlet): chartlet.id
        }
    }

    /// The layer the element is on.
    public var layer: LayerID {
        switch self {
        case .stroke(let stroke): stroke.layer
        case .chartlet(let chartlet): chartlet.layer
        }
    }

    /// The same element on another layer.
    public func onLayer(_ layer: LayerID) -> Element {
        switch self {
        case .stroke(var stroke):
            stroke.layer = layer
            return .stroke(stroke)
        case .chartlet(var chartlet):
            chartlet.layer = layer
            return .chartlet(chartlet)
        }
    }

    /// The element moved by `transform`: a stroke keeps its samples and takes the transform after its own, a
    /// placed image moves its centre and takes the turn, scale and flip (a slant a non-proportional scale would
    /// give a turned image is not kept: each side takes the stretch along it).
    public func transformed(by transform: DocumentTransform) -> Element {
        switch self {
        case .stroke(var stroke):
            let combined = (stroke.transform ?? .identity).then(transform)
            stroke.transform = combined.isIdentity ? nil : combined
            return .stroke(stroke)
        case .chartlet(var chartlet):
            let across = transform.applyToVector(Point(x: cos(chartlet.angle), y: sin(chartlet.angle)))
            let down = transform.applyToVector(Point(x: -sin(chartlet.angle), y: cos(chartlet.angle)))
            chartlet.center = transform.apply(chartlet.center)
            chartlet.size = Size(width: chartlet.size.width * across.length, height: chartlet.size.height * down.length)
            chartlet.angle = atan2(across.y, across.x)
            if transform.flips {
                // A flip across the image's own horizontal axis is a mirror left to right turned by half a turn.
                chartlet.angle += .pi
                chartlet.isMirrored.toggle()
            }
            return .chartlet(chartlet.clamped())
        }
    }

    /// The same element under another id.
    public func withID(_ id: ElementID) -> Element {
        switch self {
        case .stroke(var stroke):
            stroke.id = id
            return .stroke(stroke)
        case .chartlet(var chartlet):
            chartlet.id = id
            return .chartlet(chartlet)
        }
    }
}
