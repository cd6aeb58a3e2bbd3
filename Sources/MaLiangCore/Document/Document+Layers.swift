/// Layer operations, each one undo step. None stamps or writes the document again: hiding, locking, opacity, blend,
/// order and names change only the layer list; deleting or copying a layer takes its own elements (found in one
/// pass over the element list).
extension Document {
    /// Layers a document may have.
    public static let maximumLayers = 100

    /// The layer with `id`, if the document has it.
    public func layer(_ id: LayerID) -> Layer? { layerIndex(of: id).map { layers[$0] } }

    /// Where layer `id` stands in ``layers`` (0: the bottom).
    public func layerIndex(of id: LayerID) -> Int? { layers.firstIndex { $0.id == id } }

    /// The elements on layer `id`, in drawing order.
    public func elements(on id: LayerID) -> [Element] { elements.filter { $0.layer == id } }

    /// Every element in the order it shows: layer by layer from the bottom, each layer's in drawing order; with
    /// `visibleOnly`, hidden layers' elements are left out. What flat formats (a MaLiang folder) take.
    public func elementsInLayerOrder(visibleOnly: Bool) -> [Element] {
        let position = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($0.element.id, $0.offset) })
        let shown = Set(layers.filter { !visibleOnly || $0.isVisible }.map(\.id))
        let kept = elements.filter { shown.contains($0.layer) }
        guard layers.count > 1 else { return kept }
        // A stable sort by layer position keeps each layer's id order.
        return kept.enumerated().sorted {
            let (a, b) = (position[$0.element.layer] ?? 0, position[$1.element.layer] ?? 0)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
    }

    /// A fresh id for a new layer.
    public func makeLayerID() -> LayerID {
        defer { nextLayerID += 1 }
        return LayerID(nextLayerID)
    }

    /// Adds `layer`, empty, at `index` of ``layers`` (clamped; nil: on top) as one undo step; nothing past
    /// ``maximumLayers`` or for an id the document has.
    @discardableResult
    public func addLayer(_ layer: Layer, at index: Int? = nil) -> [DocumentChange] {
        guard layers.count < Self.maximumLayers, layerIndex(of: layer.id) == nil else { return [] }
        nextLayerID = max(nextLayerID, layer.id.rawValue + 1)
        let position = min(max(index ?? layers.count, 0), layers.count)
        return perform(.insertLayer(layer.clamped(), index: position, elements: [], copyOf: nil))
    }

    /// Deletes layer `id` with everything on it as one undo step; the last layer is never deleted.
    @discardableResult
    public func removeLayer(_ id: LayerID) -> [DocumentChange] {
        guard layers.count > 1, let index = layerIndex(of: id) else { return [] }
        return perform(.removeLayer(layers[index], index: index, elements: elements(on: id)))
    }

    /// Puts a copy of layer `id` — its settings, and its elements under new ids — just above it, as one undo step.
    /// Returns the copy's id with the changes (nil when there is no such layer or no room for another).
    @discardableResult
    public func duplicateLayer(_ id: LayerID, name: String? = nil) -> (LayerID, [DocumentChange])? {
        guard layers.count < Self.maximumLayers, let index = layerIndex(of: id) else { return nil }
        let source = elements(on: id)
        let firstID = nextID
        guard firstID + Int64(source.count) - 1 <= Limits.elementID.upperBound else { return nil }
        var copy = layers[index]
        copy.id = makeLayerID()
        copy.name = name ?? "\(copy.name) copy"
        let copies = source.enumerated().map { offset, element in
            element.withID(ElementID(firstID + Int64(offset))).onLayer(copy.id)
        }
        let changes = perform(.insertLayer(copy.clamped(), index: index + 1, elements: copies, copyOf: id))
        return (copy.id, changes)
    }

    /// Moves layer `id` to `index` of ``layers`` (clamped) as one undo step.
    @discardableResult
    public func moveLayer(_ id: LayerID, to index: Int) -> [DocumentChange] {
        guard let from = layerIndex(of: id) else { return [] }
        let to = min(max(index, 0), layers.count - 1)
        guard from != to else { return [] }
        return perform(.moveLayer(from: from, to: to))
    }

    /// Changes layer `id`'s name, visibility, lock, opacity or blend (kept within bounds) as one undo step. With
    /// `merging`, an opacity change right after another opacity change of the same layer joins that undo step (the
    /// steps of one slider drag are undone together).
    @discardableResult
    public func updateLayer(_ id: LayerID, merging: Bool = false, _ change: (inout Layer) -> Void) -> [DocumentChange] {
        guard let index = layerIndex(of: id) else { return [] }
        let before = layers[index]
        var after = before
        change(&after)
        after.id = id
        after = after.clamped()
        guard after != before else { return [] }
        if merging, case .updateLayer(let first, let last)? = lastEdit, last == before, canUndo,
            Self.onlyOpacityDiffers(first, last), Self.onlyOpacityDiffers(before, after)
        {
            lastEdit = .updateLayer(before: first, after: after)
            return applyLayerEdit(.updateLayer(before: before, after: after))
        }
        return perform(.updateLayer(before: before, after: after))
    }

    // MARK: - Machinery

    private static func onlyOpacityDiffers(_ a: Layer, _ b: Layer) -> Bool {
        var b = b
        b.opacity = a.opacity
        return a == b
    }

    func applyLayerEdit(_ edit: Edit) -> [DocumentChange] {
        switch edit {
        case .insertLayer(let layer, let index, let added, let copyOf):
            layers.insert(layer, at: min(index, layers.count))
            insertInOrder(added)
            return [.layerInserted(layer, index: index, elements: added, copyOf: copyOf)]
        case .removeLayer(let layer, let index, let removed):
            layers.removeAll { $0.id == layer.id }
            if !removed.isEmpty { elements.removeAll { $0.layer == layer.id } }
            return [.layerRemoved(layer, index: index, elements: removed)]
        case .moveLayer(let from, let to):
            let layer = layers.remove(at: from)
            layers.insert(layer, at: to)
            return [.layerMoved(layer.id, from: from, to: to)]
        case .updateLayer(let before, let after):
            guard let index = layerIndex(of: after.id) else { return [] }
            layers[index] = after
            return [.layerChanged(before: before, after: after)]
        default:
            return []
        }
    }
}

extension [Element] {
    var isSortedByID: Bool { zip(self, dropFirst()).allSatisfy { $0.id < $1.id } }
}
