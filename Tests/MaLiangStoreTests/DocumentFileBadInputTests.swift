import Foundation
import MaLiangCore
import MaLiangStore
import Testing

@Suite struct DocumentFileBadInputTests {
    func makeFile(strokes: Int = 30) throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("doc.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        for index in 0..<strokes { try file.edit { $0.append(makeStroke($0, offset: Double(index))) } }
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

    @Test func anUnreadableElementIsLeftOutAndLeftInTheFile() throws {
        let url = try makeFile(strokes: 3)
        // A stroke whose x is NaN (version 2 samples: header, then x as f32), and a chartlet whose image is missing.
        let database = try SQLiteDatabase(path: url.path, create: false)
        var blob: [UInt8] = [2, 1, 0, 0, 0] + [UInt8](repeating: 0, count: 10)
        blob += [0x00, 0x00, 0xC0, 0x7F] + [UInt8](repeating: 0, count: 8 + 10)
        let hex = blob.map { String(format: "%02x", $0) }.joined()
        let brush = String(decoding: try JSONEncoder().encode(AnyBrush.brush(Brush())), as: UTF8.self)
        try database.execute(
            """
            INSERT INTO elements(id, kind, brush, seed, canvas_scale, samples)
                VALUES (50, 'stroke', '\(brush)', 1, 1, X'\(hex)');
            INSERT INTO elements(id, kind, texture_id, center_x, center_y, width, height, angle)
                VALUES (51, 'chartlet', 'gone', 10, 10, 20, 20, 0);
            """)
        database.close()
        let file = try DocumentFile.open(at: url)
        #expect(file.document.elements.count == 3)
        #expect(file.leftOut.count == 2, "\(file.leftOut)")
        #expect(file.leftOut.contains { $0.contains("stroke #50") && $0.contains("impossible values") })
        #expect(file.leftOut.contains { $0.contains("chartlet #51") && $0.contains("\"gone\"") })
        // New elements never take the ids of those left out, which stay in the file as they were.
        try file.edit { $0.append(makeStroke($0)) }
        #expect(file.document.elements.last?.id == ElementID(52))
        try file.edit { $0.clear() }
        file.close()
        let check = try SQLiteDatabase(path: url.path, create: false)
        #expect(try check.integer("SELECT count(*) FROM elements WHERE id IN (50, 51) AND visible = 1") == 2)
        check.close()
        #expect(try DocumentFile.open(at: url).leftOut.count == 2)
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
