import Foundation

/// A drawing: its size, background, elements in drawing order, the images chartlets use, and the undo history.
///
/// Every user action is one undo step. Clear is undoable. Redo survives plain undo/redo sequences and is cut only
/// by a new edit. Observers learn exactly what changed. Not thread-safe: use it on one thread.
public final class Document {
    /// Largest width or height, in document pixels.
    public static let maximumSide = 65_536.0
    /// Undo steps kept; older ones are forgotten.
    public static let historyLimit = 10_000

    public let size: Size
    public var background: Color
    /// The elements in drawing order (which is also id order).
    public private(set) var elements: [Element] = []
    /// PNG data of the images chartlets and chartlet brushes use, by texture id.
    public private(set) var textures: [String: Data] = [:]
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    private var nextID: Int64 = 1
    private var observers: [Int: ([DocumentChange], ChangeReason) -> Void] = [:]
    private var nextObserver = 0

    public struct InvalidSize: Error, CustomStringConvertible {
        public var size: Size
        public var description: String {
            "a canvas of \(size.width)×\(size.height) pixels is not possible: each side must be 1…\(Int(Document.maximumSide))"
        }
    }

    public init(size: Size, background: Color = .white) throws(InvalidSize) {
        guard Self.isValid(size) else { throw InvalidSize(size: size) }
        self.size = size
        self.background = background
    }

    public static func isValid(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width >= 1 && size.height >= 1
            && size.width <= maximumSide && size.height <= maximumSide
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// A fresh id for a new element.
    public func makeElementID() -> ElementID {
        defer { nextID += 1 }
        return ElementID(nextID)
    }

    // MARK: - Observing

    /// Calls `handler` after every change, with what changed and why. Returns a token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ handler: @escaping ([DocumentChange], ChangeReason) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = handler
        return nextObserver
    }

    public func removeObserver(_ token: Int) { observers[token] = nil }

    // MARK: - Edits (each one undo step)

    /// Adds a finished element on top (a stroke at pen-up, an inserted chartlet).
    public func append(_ element: Element) {
        perform(.insert(element))
    }

    /// Changes a chartlet (move, rotate, scale) as one undo step; does nothing if `id` is not a chartlet here.
    public func updateChartlet(_ id: ElementID, _ change: (inout Chartlet) -> Void) {
        guard let index = index(of: id), case .chartlet(var chartlet) = elements[index] else { return }
        let before = elements[index]
        change(&chartlet)
        chartlet.id = id
        guard Element.chartlet(chartlet) != before else { return }
        perform(.update(before: before, after: .chartlet(chartlet)))
    }

    /// Deletes an element as one undo step.
    public func remove(_ id: ElementID) {
        guard let index = index(of: id) else { return }
        perform(.remove(elements[index]))
    }

    /// Removes every element as one undo step.
    public func clear() {
        guard !elements.isEmpty else { return }
        perform(.clear(elements))
    }

    public func undo() {
        guard let edit = undoStack.popLast() else { return }
        redoStack.append(edit)
        notify(apply(edit.inverse), .undo)
    }

    public func redo() {
        guard let edit = redoStack.popLast() else { return }
        undoStack.append(edit)
        notify(apply(edit), .redo)
    }

    /// Stores an image under `id` (not an undo step: images are kept while anything may refer to them).
    public func addTexture(id: String, png: Data) {
        guard textures[id] != png else { return }
        textures[id] = png
        textureObserver?(id)
    }

    // MARK: - Loading

    /// Replaces the content with already-validated elements and textures (from a file), without history.
    package func load(elements loaded: [Element], textures loadedTextures: [String: Data]) {
        elements = loaded.sorted { $0.id < $1.id }
        textures = loadedTextures
        undoStack = []
        redoStack = []
        nextID = (elements.last?.id.rawValue ?? 0) + 1
    }

    /// Makes sure new ids stay above `id` (ids of elements stored but not loaded, e.g. undone ones).
    package func reserveIDs(through id: ElementID) { nextID = max(nextID, id.rawValue + 1) }

    // MARK: - Machinery

    private func perform(_ edit: Edit) {
        undoStack.append(edit)
        if undoStack.count > Self.historyLimit { undoStack.removeFirst(undoStack.count - Self.historyLimit) }
        redoStack.removeAll()
        if let id = edit.newestID { nextID = max(nextID, id.rawValue + 1) }
        notify(apply(edit), .edit)
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
        }
    }

    private func index(of id: ElementID) -> Int? {
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

    private func notify(_ changes: [DocumentChange], _ reason: ChangeReason) {
        guard !changes.isEmpty else { return }
        for handler in observers.sorted(by: { $0.key < $1.key }).map(\.value) { handler(changes, reason) }
    }

    /// Told when an image is stored (the store persists it, the renderer uploads it).
    public var textureObserver: ((String) -> Void)?
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

    var inverse: Edit {
        switch self {
        case .insert(let element): .remove(element)
        case .remove(let element): .insert(element)
        case .update(let before, let after): .update(before: after, after: before)
        case .clear(let all): .restore(all)
        case .restore(let all): .clear(all)
        }
    }

    var newestID: ElementID? {
        switch self {
        case .insert(let element): element.id
        default: nil
        }
    }
}
