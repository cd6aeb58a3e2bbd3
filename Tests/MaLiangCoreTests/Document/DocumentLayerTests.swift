import Foundation
import Testing

@testable import MaLiangCore

@Suite struct DocumentLayerTests {
    func strokeOn(_ document: Document, _ layer: LayerID, x: Double = 0) -> Element {
        makeStroke(document, x: x).onLayer(layer)
    }

    @Test func aDocumentStartsWithOneLayerAndElementsOnlyGoOnLayersItHas() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        #expect(document.layers == [Layer(id: .first, name: "Layer 1")])
        #expect(document.append(strokeOn(document, LayerID(9))).isEmpty, "no such layer")
        #expect(document.append(makeStroke(document)).count == 1)
        #expect(document.removeLayer(.first).isEmpty, "the last layer stays")
    }

    @Test func everyLayerOperationIsOneUndoStepThatComesBackExactly() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let a = makeStroke(document)
        document.append(a)
        let top = Layer(id: document.makeLayerID(), name: "Ink")
        #expect(document.addLayer(top) == [.layerInserted(top, index: 1, elements: [], copyOf: nil)])
        let b = strokeOn(document, top.id, x: 20)
        document.append(b)
        #expect(document.elements(on: top.id) == [b])

        // Settings, each one step.
        document.updateLayer(top.id) { $0.opacity = 0.5 }
        document.updateLayer(top.id) { $0.blend = .multiply }
        document.updateLayer(top.id) { $0.isLocked = true }
        document.updateLayer(top.id) { $0.name = "Shade" }
        #expect(document.layer(top.id)?.name == "Shade" && document.layer(top.id)?.blend == .multiply)
        for _ in 0..<4 { document.undo() }
        #expect(document.layer(top.id) == top)

        // Moved under, and back.
        #expect(document.moveLayer(top.id, to: 0) == [.layerMoved(top.id, from: 1, to: 0)])
        #expect(document.layers.map(\.id) == [top.id, .first])
        #expect(document.elementsInLayerOrder(visibleOnly: false) == [b, a])
        document.undo()
        #expect(document.elementsInLayerOrder(visibleOnly: false) == [a, b])

        // Deleted with its stroke, and back with it.
        #expect(document.removeLayer(top.id) == [.layerRemoved(top, index: 1, elements: [b])])
        #expect(document.elements == [a] && document.layers.count == 1)
        document.undo()
        #expect(document.elements == [a, b] && document.layers.map(\.id) == [.first, top.id])
        document.redo()
        #expect(document.elements == [a])
        document.undo()

        // Copied: new ids above every id, the same samples, on the copy; undone and redone.
        guard let (copyID, changes) = document.duplicateLayer(top.id) else {
            Issue.record("no copy")
            return
        }
        guard case .layerInserted(let copy, 2, let copies, top.id)? = changes.first else {
            Issue.record("\(changes)")
            return
        }
        #expect(copy.id == copyID && copy.name == "Ink copy" && copies.count == 1)
        #expect(copies[0].id > b.id && copies[0].layer == copyID)
        if case .stroke(let original) = b, case .stroke(let copied) = copies[0] {
            #expect(copied.samples == original.samples && copied.brush == original.brush)
        }
        document.undo()
        #expect(document.layers.count == 2 && document.elements == [a, b])
        document.redo()
        #expect(document.layers.count == 3 && document.elements.count == 3)
        #expect(document.makeElementID() > copies[0].id, "ids never repeat")
    }

    @Test func anOpacityDragIsOneUndoStep() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        document.updateLayer(.first, merging: true) { $0.opacity = 0.9 }
        for value in stride(from: 0.8, through: 0.2, by: -0.1) {
            #expect(document.updateLayer(.first, merging: true) { $0.opacity = value }.count == 1)
        }
        document.undo()
        #expect(document.layers[0].opacity == 1 && !document.canUndo)
        // A change of something else is a step of its own.
        document.updateLayer(.first, merging: true) { $0.opacity = 0.5 }
        document.updateLayer(.first) { $0.isVisible = false }
        document.updateLayer(.first, merging: true) { $0.opacity = 0.4 }
        document.undo()
        #expect(document.layers[0].opacity == 0.5 && !document.layers[0].isVisible)
    }

    @Test func layerValuesStayWithinBounds() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        document.updateLayer(.first) { $0.opacity = .nan }
        #expect(document.layers[0].opacity == 1)
        document.updateLayer(.first) { $0.opacity = 7 }
        #expect(document.layers[0].opacity == 1)
        document.updateLayer(.first) { $0.opacity = -1 }
        #expect(document.layers[0].opacity == 0)
        document.updateLayer(.first) { $0.name = String(repeating: "x", count: 500) + "\n" }
        #expect(document.layers[0].name.count == Layer.maximumNameLength)
        document.updateLayer(.first) { $0.name = " \u{7} " }
        #expect(document.layers[0].name == "Layer 1")
        document.updateLayer(.first) { $0.name = "👩‍🎨 Inks" }
        #expect(document.layers[0].name == "👩‍🎨 Inks")
        for index in 1..<Document.maximumLayers {
            #expect(document.addLayer(Layer(id: document.makeLayerID(), name: "L\(index)")).count == 1)
        }
        #expect(document.addLayer(Layer(id: document.makeLayerID(), name: "one too many")).isEmpty)
        #expect(document.duplicateLayer(.first) == nil)
    }

    @Test func hiddenLayersAreLeftOutOfTheFlatOrder() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let a = makeStroke(document)
        document.append(a)
        let top = Layer(id: document.makeLayerID(), name: "Top")
        document.addLayer(top, at: 0)
        let b = strokeOn(document, top.id)
        let c = makeStroke(document, x: 30)
        document.append(b)
        document.append(c)
        #expect(document.elementsInLayerOrder(visibleOnly: true) == [b, a, c], "the new layer is under layer 1")
        document.updateLayer(top.id) { $0.isVisible = false }
        #expect(document.elementsInLayerOrder(visibleOnly: true) == [a, c])
        #expect(document.elementsInLayerOrder(visibleOnly: false) == [b, a, c])
    }
}
