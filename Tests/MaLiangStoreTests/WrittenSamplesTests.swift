import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// A session's own strokes leave memory once the file holds them, as loaded strokes do, without anything that
/// reads them seeing a difference.
@Suite struct WrittenSamplesTests {
    @Test func aWrittenStrokesSamplesLeaveMemoryForEveryCopyAndReadTheSame() throws {
        let url = try temporaryFolder().appendingPathComponent("session.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 200, height: 100))
        let element = makeStroke(file.document)
        guard case .stroke(let stroke) = element else { throw StoreError(.invalidContent, "not a stroke") }
        // What the undo history and the renderer hold: copies of the same stroke.
        let historyCopy = stroke
        let inMemory = Array(stroke.samples)
        let stampsBefore = StrokeBuilderStamps.of(stroke)
        #expect(!stroke.samples.isInFile)

        try file.edit { $0.append(element) }

        #expect(stroke.samples.isInFile)
        #expect(historyCopy.samples.isInFile)
        #expect(Array(historyCopy.samples) == inMemory)
        #expect(StrokeBuilderStamps.of(historyCopy) == stampsBefore)
        #expect(file.document.elements == [element])
        #expect(file.unreadableStrokes.isEmpty)

        // Appending to a copy takes the samples back into memory for that copy alone.
        var extended = historyCopy.samples
        extended.append(sample(500, 50, time: 999_000))
        #expect(!extended.isInFile)
        #expect(extended.count == inMemory.count + 1)
        #expect(historyCopy.samples.isInFile && historyCopy.samples.count == inMemory.count)
    }

    @Test func aStrokeTheFileDidNotTakeStaysInMemory() throws {
        let url = try temporaryFolder().appendingPathComponent("refusing.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        file.close()
        let reader = try DocumentFile.open(at: url, readOnly: true)
        let element = makeStroke(reader.document)
        guard case .stroke(let stroke) = element else { throw StoreError(.invalidContent, "not a stroke") }
        #expect(throws: StoreError.self) { try reader.write([.inserted(element, index: 0)]) }
        #expect(!stroke.samples.isInFile)
        #expect(stroke.samples.count == 20)
    }

    @Test func strokesOfADocumentWrittenAsANewFileLeaveMemoryAndSurviveUndoAndReopening() throws {
        let folder = try temporaryFolder()
        let document = try Document(size: Size(width: 300, height: 200))
        let strokes = (0..<4).map { makeStroke(document, offset: Double($0) * 20) }
        for stroke in strokes { _ = document.append(stroke) }
        let file = try DocumentFile.create(at: folder.appendingPathComponent("imported.maliang"), from: document)
        for case .stroke(let stroke) in strokes { #expect(stroke.samples.isInFile) }

        // Undo hides the rows, redo shows them again: the samples are still there to read.
        let late = makeStroke(file.document, offset: 200)
        try file.edit { $0.append(late) }
        try file.edit { $0.undo() }
        try file.edit { $0.redo() }
        try file.edit { $0.clear() }
        try file.edit { $0.undo() }
        #expect(file.document.elements == strokes + [late])
        file.close()
        #expect(try DocumentFile.open(at: file.url).document.elements == strokes + [late])
        #expect(file.unreadableStrokes.isEmpty)
    }

    @Test func aStrokeKeepsReadingAfterItsFileWasDeletedAndWrittenAgain() throws {
        let url = try temporaryFolder().appendingPathComponent("moved.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        let queue = SaveQueue(file: file)
        let element = makeStroke(file.document)
        queue.save(file.document.append(element))
        guard case .stroke(let stroke) = element else { throw StoreError(.invalidContent, "not a stroke") }
        #expect(stroke.samples.isInFile)
        for suffix in ["", "-wal", "-shm"] { unlink(url.path + suffix) }
        queue.save(file.document.append(makeStroke(file.document, offset: 30)))
        #expect(queue.state == .saved)
        #expect(stroke.samples.count == 20)
        #expect(Array(stroke.samples).allSatisfy { $0.position.x.isFinite })
        file.close()
        #expect(try DocumentFile.open(at: url).document.elements.count == 2)
        #expect(file.unreadableStrokes.isEmpty)
    }
}

/// A stroke's stamps, as the stroke engine makes them from its samples.
enum StrokeBuilderStamps {
    static func of(_ stroke: Stroke) -> [Stamp] {
        var builder = StrokeBuilder(brush: stroke.brush, seed: stroke.seed, canvasScale: stroke.canvasScale)
        var stamps = builder.add(stroke.samples)
        builder.finish(into: &stamps)
        return stamps
    }
}
