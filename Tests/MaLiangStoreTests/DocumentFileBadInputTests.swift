import Foundation
import MaLiang
import MaLiangStore
import Testing

@Suite struct DocumentFileBadInputTests {
    func makeFile(strokes: Int = 30) throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("doc.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        for index in 0..<strokes { file.document.append(makeStroke(file.document, offset: Double(index))) }
        file.close()
        return url
    }

    @Test func randomBytesAreNotADocument() throws {
        let url = try temporaryFolder().appendingPathComponent("noise.maliang")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: url)
        #expect(throws: StoreError.self) { try DocumentFile.open(at: url) }
        do { _ = try DocumentFile.open(at: url) } catch { #expect(error.kind == .notADocument, "\(error)") }
    }

    @Test func anotherApplicationsDatabaseIsNotADocument() throws {
        let url = try temporaryFolder().appendingPathComponent("other.db")
        let database = try SQLiteDatabase(path: url.path, create: true)
        try database.execute("CREATE TABLE notes(text TEXT)")
        database.close()
        do {
            _ = try DocumentFile.open(at: url)
            Issue.record("opened a foreign database")
        } catch {
            #expect(error.kind == .notADocument)
            #expect(error.message.contains("not a MaLiang document"))
        }
    }

    @Test func aTruncatedFileIsReportedNotHalfLoaded() throws {
        let url = try makeFile(strokes: 300)
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
        do {
            let file = try DocumentFile.open(at: url)
            Issue.record("opened a truncated file with \(file.document.elements.count) elements")
        } catch {
            #expect(error.kind == .damaged || error.kind == .notADocument, "\(error)")
            #expect(error.message.contains(url.lastPathComponent))
        }
    }

    @Test func aCorruptedPageIsFoundByTheIntegrityCheck() throws {
        let url = try makeFile(strokes: 300)
        var data = try Data(contentsOf: url)
        // Overwrite the middle of the file (inside the element table's pages) with garbage.
        for offset in stride(from: data.count / 2, to: data.count / 2 + 3000, by: 1) {
            data[offset] = UInt8(truncatingIfNeeded: offset)
        }
        try data.write(to: url)
        do {
            _ = try DocumentFile.open(at: url)
            Issue.record("opened a corrupted file")
        } catch {
            #expect(error.kind == .damaged, "\(error)")
        }
    }

    @Test func aNewerSchemaIsRefusedAndLeftUntouched() throws {
        let url = try makeFile(strokes: 2)
        let database = try SQLiteDatabase(path: url.path, create: false)
        try database.execute("PRAGMA user_version = 7")
        database.close()
        let before = try Data(contentsOf: url)
        do {
            _ = try DocumentFile.open(at: url)
            Issue.record("opened a file from the future")
        } catch {
            #expect(error.kind == .newerVersion)
            #expect(error.message.contains("schema 7"))
        }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func nonFiniteCoordinatesInTheFileAreRefused() throws {
        let url = try temporaryFolder().appendingPathComponent("nan.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        file.document.append(
            .stroke(
                Stroke(id: file.document.makeElementID(), brush: .brush(Brush()), seed: 1, samples: [sample(.nan, 1)])))
        file.close()
        do {
            _ = try DocumentFile.open(at: url)
            Issue.record("loaded a NaN coordinate")
        } catch {
            #expect(error.kind == .invalidContent)
        }
    }

    @Test func anAbsurdCanvasIsRefused() throws {
        let url = try makeFile(strokes: 0)
        let database = try SQLiteDatabase(path: url.path, create: false)
        try database.execute("UPDATE meta SET value = '1e12' WHERE key = 'width'")
        database.close()
        do {
            _ = try DocumentFile.open(at: url)
            Issue.record("opened a 10¹² pixel canvas")
        } catch {
            #expect(error.kind == .invalidContent)
        }
        #expect(throws: StoreError.self) {
            try DocumentFile.create(
                at: URL(fileURLWithPath: "/tmp/\(UUID()).maliang"), size: Size(width: -1, height: 5))
        }
    }

    @Test func creatingNeverOverwrites() throws {
        let url = try makeFile(strokes: 1)
        #expect(throws: StoreError.self) { try DocumentFile.create(at: url, size: Size(width: 10, height: 10)) }
        #expect(try DocumentFile.open(at: url).document.elements.count == 1)
    }
}
