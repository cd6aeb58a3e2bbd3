import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// The previews a document file keeps for thumbnails: read without the drawing, and gone the moment anything that
/// shows changes, whoever writes the file.
@Suite struct PreviewTests {
    let previews = [256: Data("small".utf8), 1024: Data("large".utf8)]

    func stroke(_ document: Document, y: Double) -> Element {
        .stroke(
            Stroke(
                id: document.makeElementID(), brush: .brush(Brush()), seed: 1,
                samples: [InputSample(position: Point(x: 10, y: y)), InputSample(position: Point(x: 90, y: y))]))
    }

    @Test func anyChangeThatShowsDropsThePreviewAndNothingElseDoes() throws {
        let url = try temporaryFolder().appendingPathComponent("preview.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        defer { file.close() }
        #expect(!file.hasPreview)
        #expect(try DocumentFile.preview(at: url, side: 256) == nil)
        let document = file.document
        let changes: [(String, () -> [DocumentChange])] = [
            ("a stroke", { document.append(stroke(document, y: 20)) }),
            ("an undo", { document.undo() }),
            ("a redo", { document.redo() }),
            ("a layer's opacity", { document.updateLayer(document.layers[0].id) { $0.opacity = 0.5 } }),
            ("the paper", { document.setBackground(Color(red: 1, green: 0.9, blue: 0.8)) }),
            ("a removal", { document.remove(document.elements.map(\.id)) }),
        ]
        for (what, change) in changes {
            try file.keepPreviews(previews)
            #expect(file.hasPreview, "\(what)")
            // The kept paint is not the drawing: keeping it leaves the preview.
            try file.keepPaint(key: "paint") { nil }
            #expect(file.hasPreview, "\(what)")
            try file.write(change())
            #expect(!file.hasPreview, "\(what) left the preview")
            #expect(try DocumentFile.preview(at: url, side: 256) == nil, "\(what)")
        }
    }

    @Test func theSmallestPreviewLargeEnoughIsRead() throws {
        let url = try temporaryFolder().appendingPathComponent("sizes.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        try file.keepPreviews(previews)
        file.close()
        for (side, kept) in [(1, 256), (128, 256), (256, 256), (257, 1024), (1024, 1024), (4096, 1024)] {
            let preview = try #require(try DocumentFile.preview(at: url, side: side))
            #expect(preview.side == kept && preview.png == previews[kept], "\(side)")
        }
    }

    /// Opening drops the elements undo hid: the picture does not change, and the preview stays.
    @Test func droppingWhatUndoHidKeepsThePreview() throws {
        let url = try temporaryFolder().appendingPathComponent("undone.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        try file.write(file.document.append(stroke(file.document, y: 20)))
        try file.write(file.document.append(stroke(file.document, y: 60)))
        try file.write(file.document.undo())
        try file.keepPreviews(previews)
        file.close()
        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.document.elements.count == 1)
        #expect(reopened.hasPreview)
        reopened.close()
    }

    @Test func whatIsNotADocumentIsRefused() throws {
        let folder = try temporaryFolder()
        let text = folder.appendingPathComponent("notes.maliang")
        try Data("a shopping list\n".utf8).write(to: text)
        let other = folder.appendingPathComponent("other.maliang")
        let database = try SQLiteDatabase(path: other.path, create: true)
        try database.execute("CREATE TABLE preview(side INTEGER, png BLOB)")
        database.close()
        for url in [text, other, folder.appendingPathComponent("missing.maliang")] {
            #expect(throws: StoreError.self, "\(url.lastPathComponent)") {
                try DocumentFile.preview(at: url, side: 256)
            }
        }
    }
}
