import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// Layers in the native file: every operation written as it happens, read back the same, undo kept honest across
/// reopening, and a version-1 file upgraded.
@Suite struct LayerFileTests {
    func layerOf(_ element: Element, _ layer: LayerID) -> Element { element.onLayer(layer) }

    @Test func layersAndTheirElementsSurviveClosingAndReopening() throws {
        let url = try temporaryFolder().appendingPathComponent("layers.maliang")
        do {
            let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
            let document = file.document
            try file.edit { $0.append(makeStroke($0)) }
            let ink = Layer(id: document.makeLayerID(), name: "Ink", opacity: 0.6, blend: .multiply)
            try file.edit { $0.addLayer(ink) }
            try file.edit { $0.append(makeStroke($0, offset: 40).onLayer(ink.id)) }
            let glaze = Layer(id: document.makeLayerID(), name: "Glaze")
            try file.edit { $0.addLayer(glaze, at: 0) }
            try file.edit { $0.append(makeStroke($0, offset: 80).onLayer(glaze.id)) }
            try file.edit {
                $0.updateLayer(glaze.id) {
                    $0.isLocked = true; $0.isVisible = false
                }
            }
            try file.edit { $0.moveLayer(ink.id, to: 0) }
            try file.edit { $0.duplicateLayer(ink.id)?.1 ?? [] }
            try file.edit { $0.updateLayer(.first) { $0.name = "Sketch" } }
            file.close()
            let reopened = try DocumentFile.open(at: url)
            #expect(reopened.document.layers == document.layers)
            #expect(reopened.document.elements == document.elements)
            #expect(reopened.leftOut.isEmpty)
            reopened.close()
        }
        // Read-only readers see the same.
        let reader = try DocumentFile.open(at: url, readOnly: true)
        #expect(reader.document.layers.map(\.name) == ["Ink", "Ink copy", "Glaze", "Sketch"])
        #expect(reader.document.layers[2].isLocked && !reader.document.layers[2].isVisible)
        #expect(reader.document.layers[0].blend == .multiply && reader.document.layers[0].opacity == 0.6)
    }

    @Test func aDeletedLayerIsGoneAfterReopeningAndAnUndoneDeleteIsBack() throws {
        let folder = try temporaryFolder()
        for undoIt in [false, true] {
            let url = folder.appendingPathComponent("delete-\(undoIt).maliang")
            let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
            let document = file.document
            let top = Layer(id: document.makeLayerID(), name: "Top")
            try file.edit { $0.addLayer(top) }
            try file.edit { $0.append(makeStroke($0).onLayer(top.id)) }
            // A stroke undone before the layer went must not come back with it.
            try file.edit { $0.append(makeStroke($0, offset: 30).onLayer(top.id)) }
            try file.edit { $0.undo() }
            try file.edit { $0.append(makeStroke($0, offset: 60)) }
            try file.edit { $0.removeLayer(top.id) }
            if undoIt { try file.edit { $0.undo() } }
            let expected = (document.layers, document.elements)
            file.close()
            let reopened = try DocumentFile.open(at: url)
            #expect(reopened.document.layers == expected.0)
            #expect(reopened.document.elements == expected.1)
            #expect(reopened.document.elements.count == (undoIt ? 2 : 1))
            reopened.close()
        }
    }

    @Test func aVersionOneFileIsUpgradedWithEverythingOnOneLayer() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/version-1.maliang")
        let url = try temporaryFolder().appendingPathComponent("old.maliang")
        try FileManager.default.copyItem(at: fixture, to: url)
        // A reader reads it as it is, changing nothing; the first writer upgrades it.
        let before = try Data(contentsOf: url)
        let reader = try DocumentFile.open(at: url, readOnly: true)
        #expect(reader.document.layers.count == 1 && reader.document.elements.count == 3 && reader.leftOut.isEmpty)
        reader.close()
        #expect(try Data(contentsOf: url) == before)
        let file = try DocumentFile.open(at: url)
        #expect(file.document.elements == reader.document.elements)
        let document = file.document
        #expect(file.leftOut.isEmpty)
        #expect(document.layers == [Layer(id: .first, name: "Layer 1")])
        #expect(document.elements.map(\.id.rawValue) == [1, 2, 3])
        #expect(document.elements.allSatisfy { $0.layer == .first })
        #expect(document.size == Size(width: 1024, height: 768) && document.textures.count == 1)
        if case .chartlet(let chartlet) = document.elements[1] {
            #expect(chartlet.center == Point(x: 500, y: 400))
        } else {
            Issue.record("element 2 is not the image")
        }
        // New layers and strokes go on as in any file.
        let top = Layer(id: document.makeLayerID(), name: "Layer 2")
        try file.edit { $0.addLayer(top) }
        try file.edit { $0.append(makeStroke($0).onLayer(top.id)) }
        let expected = (document.layers, document.elements)
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.document.layers == expected.0 && reopened.document.elements == expected.1)
        #expect(try reopened.database.integer("PRAGMA user_version") == Int64(DocumentFile.schemaVersion))
    }

    @Test func aDamagedLayerTableLeavesOutOnlyWhatCannotBeRead() throws {
        let url = try temporaryFolder().appendingPathComponent("damaged.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
        let top = Layer(id: file.document.makeLayerID(), name: "Top")
        try file.edit { $0.addLayer(top) }
        try file.edit { $0.append(makeStroke($0)) }
        try file.edit { $0.append(makeStroke($0, offset: 20).onLayer(top.id)) }
        try file.database.execute(
            "UPDATE layers SET blend = 'dissolve' WHERE id = \(top.id.rawValue); UPDATE layers SET opacity = 9, name = '' WHERE id = 1"
        )
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.document.layers == [Layer(id: .first, name: "Layer 1")])
        #expect(reopened.document.elements.count == 1)
        #expect(reopened.leftOut.contains { $0.contains("dissolve") })
        #expect(reopened.leftOut.contains { $0.contains("layer 2, which the file lacks") })
        reopened.close()
        // A file with no layer rows at all still opens, on one layer.
        let writer = try DocumentFile.open(at: url)
        try writer.database.execute("DELETE FROM layers")
        writer.close()
        let bare = try DocumentFile.open(at: url, readOnly: true)
        #expect(bare.document.layers.count == 1 && bare.document.elements.count == 1)
    }

    @Test func aMaLiangFolderGetsTheShownLayersFlattenedInOrder() throws {
        let document = try Document(size: Size(width: 300, height: 200))
        let under = Layer(id: document.makeLayerID(), name: "Under")
        let hidden = Layer(id: document.makeLayerID(), name: "Hidden", isVisible: false)
        document.addLayer(under, at: 0)
        document.addLayer(hidden)
        let onTop = makeStroke(document)
        let onUnder = makeStroke(document, offset: 20).onLayer(under.id)
        let onHidden = makeStroke(document, offset: 40).onLayer(hidden.id)
        for element in [onTop, onUnder, onHidden] { document.append(element) }
        let folder = try temporaryFolder().appendingPathComponent("flat")
        try FolderExporter(document: document).saveSynchronously(to: folder)
        let read = try FolderImporter.read(folder)
        #expect(read.layers.count == 1)
        let starts = read.elements.compactMap { element -> Double? in
            if case .stroke(let stroke) = element { return stroke.samples.first?.position.x }
            return nil
        }
        // The hidden layer's stroke (from x 40) is left out; the lower layer's (from 20) comes first.
        #expect(starts.count == 2, "\(starts)")
        #expect(starts.count == 2 && abs(starts[0] - 20) < 3 && abs(starts[1]) < 3, "\(starts)")
    }
}
