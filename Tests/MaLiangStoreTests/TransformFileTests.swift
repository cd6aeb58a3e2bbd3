import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// Moved, scaled, turned and flipped elements in the native file (schema version 4): every transform kept exactly,
/// mirrored images kept mirrored, undo written back, and a transform no stroke can keep left out with a reason.
@Suite struct TransformFileTests {
    @Test func transformsAndMirroredImagesAreKeptExactly() throws {
        let url = try temporaryFolder().appendingPathComponent("moved.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        try file.edit { $0.append(makeStroke($0)) }
        try file.edit { $0.append(makeStroke($0, offset: 50)) }
        let png = try redPNG()
        try file.edit { document in
            let chartlet = Chartlet(
                id: document.makeElementID(), textureID: "red", center: Point(x: 300, y: 200),
                size: Size(width: 40, height: 30), angle: 0.25)
            return document.insert(chartlet, image: png)
        }
        let ids = file.document.elements.map(\.id)
        let turn = DocumentTransform.rotation(0.3, about: Point(x: 100.5, y: 40)).then(
            .scale(x: -1.25, y: 1.25, about: Point(x: 3, y: 7)))
        try file.edit { $0.transform(ids, by: turn) }
        try file.edit { $0.transform([ids[1]], by: .translation(dx: 0.125, dy: -300)) }
        let expected = file.document.elements
        guard case .chartlet(let image) = expected[2] else { throw Failure() }
        #expect(image.isMirrored)
        // Undone and made again, each written as it happens.
        try file.edit { $0.undo() }
        try file.edit { $0.undo() }
        for element in file.document.elements {
            switch element {
            case .stroke(let stroke): #expect(stroke.transform == nil)
            case .chartlet(let chartlet): #expect(!chartlet.isMirrored && chartlet.center == Point(x: 300, y: 200))
            }
        }
        try file.edit { $0.redo() }
        try file.edit { $0.redo() }
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.leftOut.isEmpty)
        #expect(reopened.document.elements == expected)
    }

    @Test(arguments: ["1 0 0 1 0", "nan 0 0 1 0 0", "1 0 0 1 0 0 0", "0 0 0 0 1 1", "1e9 0 0 1 0 0", "a b c d e f"])
    func aTransformThatCannotBeDrawnIsLeftOutWithAReason(text: String) throws {
        let url = try temporaryFolder().appendingPathComponent("bad.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        try file.edit { $0.append(makeStroke($0)) }
        try file.edit { $0.append(makeStroke($0, offset: 30)) }
        try file.database.execute("UPDATE elements SET transform = '\(text)' WHERE id = 1")
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.document.elements.map(\.id) == [ElementID(2)])
        #expect(reopened.leftOut.contains { $0.contains("transform") }, "\(reopened.leftOut)")
    }

    struct Failure: Error {}
}
