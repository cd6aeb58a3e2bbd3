import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// Symmetric strokes in the native file (schema version 3, upgraded from version 2) and in MaLiang folders.
@Suite struct SymmetryFileTests {
    func symmetric(_ document: Document, _ symmetry: Symmetry, offset: Double = 0) -> Element {
        guard case .stroke(var stroke) = makeStroke(document, offset: offset) else { fatalError() }
        stroke.symmetry = symmetry
        return .stroke(stroke)
    }

    @Test func everySymmetryIsKeptExactly() throws {
        let url = try temporaryFolder().appendingPathComponent("symmetry.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        let symmetries = [
            Symmetry(.vertical, center: Point(x: 320.25, y: 240)), Symmetry(.horizontal, center: Point(x: -7, y: 1e-3)),
            Symmetry(.both, center: Point(x: 0.1, y: 0.2)), Symmetry(.radial(spokes: 2), center: Point(x: 5, y: 6)),
            Symmetry(.radial(spokes: 12), center: Point(x: 320, y: 240)),
        ]
        for (index, symmetry) in symmetries.enumerated() {
            try file.edit { $0.append(symmetric($0, symmetry, offset: Double(index) * 10)) }
        }
        try file.edit { $0.append(makeStroke($0, offset: 90)) }
        let expected = file.document.elements
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.leftOut.isEmpty)
        #expect(reopened.document.elements == expected)
        #expect(
            reopened.document.elements.last.map { if case .stroke(let s) = $0 { s.symmetry == nil } else { false } }
                == true)
    }

    /// A version-2 file opens as it is for a reader; the first writer upgrades it, its strokes without symmetry, and
    /// symmetric strokes go on.
    @Test func aVersionTwoFileIsUpgraded() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/version-2.maliang")
        let url = try temporaryFolder().appendingPathComponent("old.maliang")
        try FileManager.default.copyItem(at: fixture, to: url)
        let before = try Data(contentsOf: url)
        let reader = try DocumentFile.open(at: url, readOnly: true)
        #expect(reader.document.layers.count == 3 && reader.document.elements.count == 3 && reader.leftOut.isEmpty)
        #expect(reader.fileSchemaVersion == 2)
        reader.close()
        #expect(try Data(contentsOf: url) == before)
        let file = try DocumentFile.open(at: url)
        #expect(file.document.elements == reader.document.elements && file.document.layers == reader.document.layers)
        let symmetry = Symmetry(.radial(spokes: 7), center: Point(x: 100, y: 80))
        try file.edit { $0.append(symmetric($0, symmetry)) }
        let expected = file.document.elements
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.document.elements == expected)
        #expect(try reopened.database.integer("PRAGMA user_version") == Schema.currentVersion)
    }

    /// A symmetry the program cannot draw leaves out that stroke, saying why; the rest opens.
    @Test(arguments: [
        "radial 13 1 2", "radial 6.5 1 2", "spiral 1 2", "vertical 1", "both nan 2", "vertical 1e300 0", "",
    ])
    func anUnreadableSymmetryLeavesOutOnlyItsStroke(text: String) throws {
        let url = try temporaryFolder().appendingPathComponent("bad.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
        try file.edit { $0.append(symmetric($0, Symmetry(.both, center: Point(x: 150, y: 100)))) }
        try file.edit { $0.append(makeStroke($0, offset: 30)) }
        let escaped = text.replacingOccurrences(of: "'", with: "''")
        try file.database.execute("UPDATE elements SET symmetry = '\(escaped)' WHERE id = 1")
        file.close()
        let reopened = try DocumentFile.open(at: url, readOnly: true)
        #expect(reopened.document.elements.map(\.id.rawValue) == [2])
        #expect(reopened.leftOut.count == 1 && reopened.leftOut[0].contains("symmetry"))
    }

    /// A MaLiang folder has no symmetry: each copy is written as a line of its own, where the copy lies.
    @Test func foldersGetEachCopyAsALine() throws {
        let document = try Document(size: Size(width: 400, height: 300))
        document.append(symmetric(document, Symmetry(.vertical, center: Point(x: 200, y: 150))))
        document.append(makeStroke(document, offset: 50))
        let out = try temporaryFolder().appendingPathComponent("folder")
        try FolderExporter(document: document).saveSynchronously(to: out)
        let again = try FolderImporter.read(out)
        let strokes = again.elements.compactMap { if case .stroke(let s) = $0 { s } else { nil } }
        #expect(strokes.count == 3)
        guard case .stroke(let original) = document.elements[0], strokes.count == 3 else { return }
        // Tenths of a pixel, as MaLiang keeps them.
        for (a, b) in zip(original.samples, strokes[1].samples) {
            #expect(abs(b.position.x - (400 - a.position.x)) <= 0.05 && abs(b.position.y - a.position.y) <= 0.05)
        }
    }
}
