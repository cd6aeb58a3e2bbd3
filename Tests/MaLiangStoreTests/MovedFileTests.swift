import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// The document's file deleted or replaced under a running window (a file manager, a sync tool, a restore): the
/// next save notices, nothing drawn is lost, and a file that replaced it is never written over.
@Suite struct MovedFileTests {
    func positions(_ element: Element) -> [Point] {
        guard case .stroke(let stroke) = element else { return [] }
        return stroke.samples.map(\.position)
    }

    @Test func aFileDeletedWhileOpenIsWrittenAgainWithEverything() throws {
        let url = try temporaryFolder().appendingPathComponent("deleted.maliang")
        let seeded = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
        for index in 0..<3 { try seeded.edit { $0.append(makeStroke($0, offset: Double(index) * 10)) } }
        seeded.close()
        // Opened again, so the first strokes' samples are read from the file on demand.
        let file = try DocumentFile.open(at: url)
        let queue = SaveQueue(file: file)
        #expect(queue.save(file.document.append(makeStroke(file.document, offset: 40))) == .saved)
        #expect(unlink(url.path) == 0)
        #expect(file.whereabouts == .deleted)

        #expect(queue.save(file.document.append(makeStroke(file.document, offset: 50))) == .saved)
        #expect(queue.takeNotices().contains { $0.contains("deleted") })
        #expect(file.whereabouts == .inPlace && file.url == url)
        // The strokes loaded before the move still read their samples (now from the new file).
        #expect(positions(file.document.elements[0]).count == 20 && file.unreadableStrokes.isEmpty)
        let expected = file.document.elements.map(positions)
        file.close()

        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.document.elements.map(positions) == expected && expected.count == 5)
        #expect(reopened.leftOut.isEmpty)
        reopened.close()
    }

    @Test func aFileReplacedWhileOpenIsLeftAloneAndTheDrawingGoesOnInACopy() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("replaced.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
        let queue = SaveQueue(file: file)
        queue.save(file.document.append(makeStroke(file.document)))
        let other = folder.appendingPathComponent("other")
        try Data("someone else's file".utf8).write(to: other)
        #expect(rename(other.path, url.path) == 0)
        #expect(file.whereabouts == .replaced)

        #expect(queue.save(file.document.append(makeStroke(file.document, offset: 30))) == .saved)
        #expect(queue.takeNotices().contains { $0.contains("replaced") && $0.contains("replaced-2.maliang") })
        #expect(file.url.lastPathComponent == "replaced-2.maliang")
        #expect(try Data(contentsOf: url) == Data("someone else's file".utf8))
        file.close()
        let copy = try DocumentFile.open(at: folder.appendingPathComponent("replaced-2.maliang"))
        #expect(copy.document.elements.count == 2)
        copy.close()
    }

    @Test func aFolderDeletedWithItsFileIsMadeAgain() throws {
        let folder = try temporaryFolder().appendingPathComponent("drawings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("gone.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
        let queue = SaveQueue(file: file)
        queue.save(file.document.append(makeStroke(file.document)))
        try FileManager.default.removeItem(at: folder)

        #expect(queue.retry() == .saved)
        #expect(FileManager.default.fileExists(atPath: url.path))
        file.close()
        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.document.elements.count == 1)
        reopened.close()
    }
}
