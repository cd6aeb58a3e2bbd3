import Foundation

/// A drawing: its size, background, layers, elements in drawing order, the images chartlets use, and the undo
/// history.
///
/// Every user action is one undo step. Clear is undoable. Redo survives plain undo/redo sequences and is cut only
/// by a new edit. Each mutation returns exactly what changed; whoever makes the change hands that on (to the
/// file, to the renderer) — there are no observers to forget or to overwrite. Nothing outside ``Limits`` gets in.
/// Not thread-safe: use it on one thread.
public final class Document {
    /// Largest width or height, in document pixels.
    public static var maximumSide: Double { Limits.canvasSide.upperBound }
    /// Undo steps kept; older ones are forgotten.
    public static let historyLimit = 10_000

    /// The page, in document pixels.
    public let size: Size
    /// The paper's colour (transparent for none); ``setBackground(_:)`` changes it as an undo step.
    public private(set) var background: Color
    /// The elements in id order, which is the drawing order within each layer (``elementsInLayerOrder(visibleOnly:)``
    /// gives the order they show in).
    public internal(set) var elements: [Element] = []
    /// The layers, bottom first; there is always at least one.
    public internal(set) var layers: [Layer] = [Layer(id: .first, name: "Layer 1")]
    /// PNG data of the images chartlets and chartlet brushes use, by texture id.
    public private(set) var textures: [String: Data] = [:]
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    var nextID: Int64 = 1
    var nextLayerID: Int64 = 2

    /// A page size a document cannot have: not finite, not positive, or beyond ``Limits``.
    public struct InvalidSize: Error, CustomStringConvertible {
        /// The size refused.
        public var size: Size
        /// Why the size is refused, for the user.
        public var description: String {
            "a canvas of \(size.width)×\(size.height) pixels is not possible: each side must be 1…\(Int(Document.maximumSide))"
        }
    }

    /// An empty document of `size` on `background`; throws for a size beyond ``Limits``.
    public init(size: Size, background: Color = .white) throws(InvalidSize) {
        guard Self.isValid(size) else { throw InvalidSize(size: size) }
        self.size = size
        self.background = background
    }

    /// Whether a document can have `size`.
    public static func isValid(_ size: Size) -> Bool {
        Limits.canvasSide.contains(size.width) && Limits.canvasSide.contains(size.height)
    }

    /// Whether there is an edit to take back.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an edit taken back to make again.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// A fresh id for a new element. After ``Limits/elementID`` is used up (only a file made by hand gets there),
    /// ids fall outside it and ``append(_:)`` refuses them.
    public func makeElementID() -> ElementID {
        defer { nextID = min(nextID + 1, Limits.elementID.upperBound + 1) }
        return ElementID(nextID)
    }

    /// The element with `id`, if the document holds it.
    public func element(_ id: ElementID) -> Element? { index(of: id).map { elements[$0] } }

    // MARK: - Edits (each one undo step)

    /// Adds a finished element on top (a stroke at pen-up, an inserted chartlet). A chartlet is clamped into
    /// ``Limits``; a stroke without samples, or an element whose id is taken or outside ``Limits/elementID``, is
    /// not added (use ``makeElementID()``).
    @discardableResult
    public func append(_ element: Element) -> [DocumentChange] {
        guard Limits.elementID.contains(element.id.rawValue), index(of: element.id) == nil,
            layerIndex(of: element.layer) != nil
        else { return [] }
        switch element {
        case .stroke(let stroke) where stroke.samples.isEmpty: return []
        case .chartlet(let chartlet): return perform(.insert(.chartlet(chartlet.clamped())))
        default: return perform(.insert(element))
        }
    }

    /// Places an image: stores its PNG (when new) and adds the chartlet as one undo step. The changes carry both,
    /// so the file writes them in one transaction.
    @discardableResult
    public func insert(_ chartlet: Chartlet, image png: Data) -> [DocumentChange] {
        addTexture(id: chartlet.textureID, png: png) + append(.chartlet(chartlet))
    }

    /// Changes a chartlet (move, rotate, scale) as one undo step, clamped into ``Limits``; does nothing if `id` is
    /// not a chartlet here.
    @discardableResult
    public func updateChartlet(_ id: ElementID, _ change: (inout Chartlet) -> Void) -> [DocumentChange] {
        guard let index = index(of: id), case .chartlet(var chartlet) = elements[index] else { return [] }
        let before = elements[index]
        change(&chartlet)
        chartlet.id = id
        let after = Element.chartlet(chartlet.clamped())
        guard after != before else { return [] }
        return perform(.update(before: before, after: after))
    }

    /// Adds finished elements on top as one undo step (pasted or duplicated elements), each as ``append(_:)`` takes
    /// it; those it would refuse are left out.
    @discardableResult
    public func append(contentsOf newElements: [Element]) -> [DocumentChange] {
        var taken = Set<ElementID>()
        var edits: [Edit] = []
        for element in newElements.sorted(by: { $0.id < $1.id }) {
            guard Limits.elementID.contains(element.id.rawValue), index(of: element.id) == nil,
                taken.insert(element.id).inserted, layerIndex(of: element.layer) != nil
            else { continue }
            switch element {
            case .stroke(let stroke) where stroke.samples.isEmpty: continue
            case .chartlet(let chartlet): edits.append(.insert(.chartlet(chartlet.clamped())))
            default: edits.append(.insert(element))
            }
        }
        guard !edits.isEmpty else { return [] }
        return perform(.group(edits))
    }

    /// Changes the elements `ids` as one undo step (a recolour, a move to another layer): `change` gives each one's
    /// new value, keeping its id. Nothing changes when a result is on a layer the document lacks.
    @discardableResult
    public func update(_ ids: some Sequence<ElementID>, _ change: (Element) -> Element) -> [DocumentChange] {
        var edits: [Edit] = []
        for id in Set(ids).sorted() {
            guard let index = index(of: id) else { continue }
            let before = elements[index]
            var after = change(before).withID(id)
            guard layerIndex(of: after.layer) != nil else { return [] }
            if case .chartlet(let chartlet) = after { after = .chartlet(chartlet.clamped()) }
            if after != before { edits.append(.update(before: before, after: after)) }
        }
        guard !edits.isEmpty else { return [] }
        return perform(.group(edits))
    }

    /// Moves, scales, turns or flips the elements `ids` by `transform` as one undo step (see
    /// ``Element/transformed(by:)``). Nothing changes when none of them is here, or when any would be left with a
    /// transform it cannot keep (``DocumentTransform/isValid``): a selection moves as a whole or not at all.
    @discardableResult
    public func transform(_ ids: some Sequence<ElementID>, by transform: DocumentTransform) -> [DocumentChange] {
        guard !transform.isIdentity else { return [] }
        var edits: [Edit] = []
        for id in Set(ids).sorted() {
            guard let index = index(of: id) else { continue }
            let before = elements[index]
            let after = before.transformed(by: transform)
            if case .stroke(let stroke) = after, let combined = stroke.transform, !combined.isValid { return [] }
            if after != before { edits.append(.update(before: before, after: after)) }
        }
        guard !edits.isEmpty else { return [] }
        return perform(.group(edits))
    }

    /// Deletes the elements `ids` as one undo step (those not here are passed over).
    @discardableResult
    public func remove(_ ids: some Sequence<ElementID>) -> [DocumentChange] {
        let edits = Set(ids).sorted().compactMap { id in index(of: id).map { Edit.remove(elements[$0]) } }
        guard !edits.isEmpty else { return [] }
        return perform(edits.count == 1 ? edits[0] : .group(edits.reversed()))
    }

    /// Deletes an element as one undo step.
    @discardableResult
    public func remove(_ id: ElementID) -> [DocumentChange] {
        guard let index = index(of: id) else { return [] }
        return perform(.remove(elements[index]))
    }

    /// Replaces every element with `newElements` (a drawing read from elsewhere) as one undo step. Each gets a new
    /// id of this document, in order, and stays on its layer if this document has it (else goes on the bottom
    /// one); the images they use must be stored first (``addTexture(id:png:)``). Strokes without samples are left
    /// out.
    @discardableResult
    public func replaceContent(with newElements: [Element]) -> [DocumentChange] {
        var edits: [Edit] = elements.isEmpty ? [] : [.clear(elements)]
        var next = nextID
        for var element in newElements {
            if case .stroke(let stroke) = element, stroke.samples.isEmpty { continue }
            guard Limits.elementID.contains(next) else { break }
            element = element.withID(ElementID(next))
            if layerIndex(of: element.layer) == nil { element = element.onLayer(layers[0].id) }
            if case .chartlet(let chartlet) = element { element = .chartlet(chartlet.clamped()) }
            edits.append(.insert(element))
            next += 1
        }
        guard !edits.isEmpty else { return [] }
        return perform(.group(edits))
    }

    /// Changes the paper's colour as one undo step (nothing when it is that colour already). Transparent paper
    /// (alpha 0) is none: exports without a background show only the paint either way.
    @discardableResult
    public func setBackground(_ color: Color) -> [DocumentChange] {
        guard color != background else { return [] }
        return perform(.background(before: background, after: color))
    }

    /// Removes every element of every layer as one undo step (the layers stay).
    @discardableResult
    public func clear() -> [DocumentChange] {
        guard !elements.isEmpty else { return [] }
        return perform(.clear(elements))
    }

    /// Takes back the last edit; returns what changed (nothing when there is none).
    @discardableResult
    public func undo() -> [DocumentChange] {
        guard let edit = undoStack.popLast() else { return [] }
        redoStack.append(edit)
        return apply(edit.inverse)
    }

    /// Makes again the last edit taken back; returns what changed.
    @discardableResult
    public func redo() -> [DocumentChange] {
        guard let edit = redoStack.popLast() else { return [] }
        undoStack.append(edit)
        return apply(edit)
    }

    /// Stores an image under `id` (not an undo step: images are kept while anything may refer to them).
    @discardableResult
    public func addTexture(id: String, png: Data) -> [DocumentChange] {
        guard textures[id] != png else { return [] }
        textures[id] = png
        return [.textureAdded(id: id, png: png)]
    }

    // MARK: - Loading

    /// Replaces the content with already-validated elements, textures and layers (from a file; none: the layers
    /// stay as they are), without history. Elements on a layer the document lacks are left out.
    package func load(
        elements loaded: [Element], textures loadedTextures: [String: Data], layers loadedLayers: [Layer] = []
    ) {
        if !loadedLayers.isEmpty { layers = loadedLayers }
        nextLayerID = (layers.map(\.id.rawValue).max() ?? 0) + 1
        let known = Set(layers.map(\.id))
        elements = loaded.filter { known.contains($0.layer) }.sorted { $0.id < $1.id }
        textures = loadedTextures
        undoStack = []
        redoStack = []
        nextID = (elements.last?.id.rawValue ?? 0) + 1
    }

    /// Makes sure new ids stay above `id` (ids of elements stored but not loaded, e.g. unreadable ones).
    package func reserveIDs(through id: ElementID) {
        nextID = min(max(nextID, id.rawValue + 1), Limits.elementID.upperBound + 1)
    }

    // MARK: - Machinery

    func perform(_ edit: Edit) -> [DocumentChange] {
        undoStack.append(edit)
        if undoStack.count > Self.historyLimit { undoStack.removeFirst(undoStack.count - Self.historyLimit) }
        redoStack.removeAll()
        if let id = edit.newestID { reserveIDs(through: id) }
        return apply(edit)
    }

    private func apply(_ edit: Edit) -> [DocumentChange] {
        switch edit {
        case .insert(let element):
            let index = insertionIndex(for: element.id)
            elements.insert(element, at: index)
            return [.inserted(element, index: index)]
        case .remove(let element):
            guard let index = index(of: element.id) else { return [] }
            elements.remove(at: index)
            return [.removed(element, index: index)]
        case .update(let before, let after):
            guard let index = index(of: after.id) else { return [] }
            elements[index] = after
            return [.updated(before: before, after: after, index: index)]
        case .clear(let all):
            elements.removeAll()
            return [.cleared(all)]
        case .restore(let all):
            elements = all
            return [.restored(all)]
        case .group(let edits):
            return edits.flatMap(apply)
        case .background(let before, let after):
            background = after
            return [.backgroundChanged(before: before, after: after)]
        case .insertLayer, .removeLayer, .moveLayer, .updateLayer:
            return applyLayerEdit(edit)
        }
    }

    /// The last undo step, to merge a continuing change (an opacity drag) into it.
    var lastEdit: Edit? {
        get { undoStack.last }
        set {
            guard let newValue, !undoStack.isEmpty else { return }
            undoStack[undoStack.count - 1] = newValue
        }
    }

    /// Inserts elements (already on a layer of this document) in id order.
    func insertInOrder(_ inserted: [Element]) {
        guard let first = inserted.first else { return }
        if elements.last.map({ $0.id < first.id }) ?? true, inserted.isSortedByID {
            elements += inserted
        } else {
            elements = (elements + inserted).sorted { $0.id < $1.id }
        }
    }

    func index(of id: ElementID) -> Int? {
        let index = insertionIndex(for: id)
        return index < elements.count && elements[index].id == id ? index : nil
    }

    /// The first index whose id is not below `id` (elements are in id order: a binary search).
    private func insertionIndex(for id: ElementID) -> Int {
        if let last = elements.last, last.id < id { return elements.count }
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// MaLiang's name for the document.
public typealias CanvasData = Document

/// One undo step.
enum Edit {
    case insert(Element)
    case remove(Element)
    case update(before: Element, after: Element)
    case clear([Element])
    case restore([Element])
    /// Several edits as one step, applied in order.
    case group([Edit])
    /// The paper's colour changed.
    case background(before: Color, after: Color)
    /// A layer stands at `index` with its elements (a new layer has none; a duplicate has copies, `copyOf` says of
    /// which layer).
    case insertLayer(Layer, index: Int, elements: [Element], copyOf: LayerID?)
    /// The layer at `index` is gone with its elements.
    case removeLayer(Layer, index: Int, elements: [Element])
    /// The layer at `from` is now at `to`.
    case moveLayer(from: Int, to: Int)
    /// A layer's name, visibility, lock, opacity or blend changed.
    case updateLayer(before: Layer, after: Layer)

    var inverse: Edit {
        switch self {
        case .insert(let element): .remove(element)
        case .remove(let element): .insert(element)
        case .update(let before, let after): .update(before: after, after: before)
        case .clear(let all): .restore(all)
        case .restore(let all): .clear(all)
        case .group(let edits): .group(edits.reversed().map(\.inverse))
        case .background(let before, let after): .background(before: after, after: before)
        case .insertLayer(let layer, let index, let elements, _): .removeLayer(layer, index: index, elements: elements)
        case .removeLayer(let layer, let index, let elements):
            .insertLayer(layer, index: index, elements: elements, copyOf: nil)
        case .moveLayer(let from, let to): .moveLayer(from: to, to: from)
        case .updateLayer(let before, let after): .updateLayer(before: after, after: before)
        }
    }

    var newestID: ElementID? {
        switch self {
        case .insert(let element): element.id
        case .insertLayer(_, _, let elements, _): elements.map(\.id).max()
        case .group(let edits): edits.compactMap(\.newestID).max()
        default: nil
        }
    }
}
