import Foundation
import Glibc
import MaLiangCore
import MaLiangStore
import PNGCodec
import Testing

/// Files made to break the reader: each opens with what can be read, says what cannot, and never traps.
@Suite struct HostileFileTests {
    func makeFile(strokes: Int = 2) throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("doc.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 640, height: 480))
        for index in 0..<strokes { try file.edit { $0.append(makeStroke($0, offset: Double(index))) } }
        file.close()
        return url
    }

    @Test(arguments: [Int64.max, Int64.max - 1, Int64.min, 0, -1])
    func elementIdsOutsideTheLimitsAreLeftOutAndNewStrokesStillGetIds(id: Int64) throws {
        let url = try makeFile()
        let database = try SQLiteDatabase(path: url.path, create: false)
        try database.execute(
            "UPDATE elements SET id = \(id) WHERE id = (SELECT max(id) FROM elements)")
        database.close()
        let file = try DocumentFile.open(at: url)
        #expect(file.document.elements.count == 1)
        #expect(file.leftOut.count == 1 && file.leftOut[0].contains("outside"), "\(file.leftOut)")
        // Painting after it: a fresh id inside the limits, saved, nothing replaced.
        try file.edit { $0.append(makeStroke($0)) }
        #expect(file.document.elements.map(\.id.rawValue).allSatisfy { Limits.elementID.contains($0) })
        file.close()
        let again = try DocumentFile.open(at: url)
        #expect(again.document.elements.count == 2 && again.leftOut.count == 1)
    }

    /// A PNG with one byte of its image data changed: the header reads, the pixels do not (a CRC or zlib error).
    func damagedPNG() throws -> Data {
        var png = try redPNG(width: 32, height: 32)
        png[png.count - 20] ^= 0xFF
        return png
    }

    @Test func aDamagedOrTruncatedImageIsLeftOutWithTheChartletsUsingIt() throws {
        let url = try makeFile()
        let file = try DocumentFile.open(at: url)
        let good = try redPNG()
        for (id, png) in [("good", good), ("damaged", try damagedPNG()), ("truncated", good.prefix(good.count - 9))] {
            let chartlet = Chartlet(
                id: file.document.makeElementID(), textureID: id, center: Point(x: 50, y: 50),
                size: Size(width: 20, height: 20))
            try file.edit { $0.insert(chartlet, image: Data(png)) }
        }
        file.close()
        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.document.textures.keys.sorted() == ["good"])
        #expect(reopened.document.elements.count == 3)
        #expect(reopened.leftOut.count == 4, "\(reopened.leftOut)")
        #expect(reopened.leftOut.contains { $0.contains("\"damaged\"") && $0.contains("PNG") })
    }

    @Test func aFolderWithADamagedTextureIsRefusedNamingIt() throws {
        let folder = try writeMaLiangFolder(textures: ["7F3E2D1C-0000-4000-8000-ABCDEF012345": try damagedPNG()])
        do {
            _ = try FolderImporter.read(folder)
            Issue.record("imported a damaged texture")
        } catch {
            #expect(error.kind == .invalidContent && error.message.contains("7F3E2D1C"), "\(error)")
        }
    }

    @Test func aNegativeStripIndexImports() throws {
        let folder = try writeMaLiangFolder(
            content:
                #"{"size":[100,100],"lineStrips":[{"index":-1,"brush":"b","color":"ff000000","lines":[{"begin":[10,10],"end":[500,500],"size":30,"step":0}]}],"chartlets":[]}"#
        )
        let document = try FolderImporter.read(folder)
        #expect(document.elements.count == 1)
    }

    @Test func newFilesNeverReplaceEarlierOnes() throws {
        let folder = try temporaryFolder()
        let first = folder.appendingPathComponent("drawing.png")
        #expect(FileNames.unused(first) == first)
        try Data([1]).write(to: first)
        let second = FileNames.unused(first)
        #expect(second.lastPathComponent == "drawing-2.png")
        try Data([2]).write(to: second)
        #expect(FileNames.unused(first).lastPathComponent == "drawing-3.png")
    }
}

@Suite struct WriterLockTests {
    @Test func oneWriterAtATimeReadersAlwaysAndACopyWhenWanted() throws {
        let url = try temporaryFolder().appendingPathComponent("shared.maliang")
        let first = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        try first.edit { $0.append(makeStroke($0)) }
        do {
            _ = try DocumentFile.open(at: url)
            Issue.record("a second writer opened the file")
        } catch {
            #expect(error.kind == .inUse && error.message.contains("another"), "\(error)")
        }
        // Readers do not wait for the writer.
        let reader = try DocumentFile.open(at: url, readOnly: true)
        #expect(reader.document.elements.count == 1)
        reader.close()
        // A copy is a document of its own, with everything written so far.
        let copy = try DocumentFile.openCopy(
            of: url, at: url.deletingLastPathComponent().appendingPathComponent("c.maliang"))
        #expect(copy.document.elements.count == 1)
        try copy.edit { $0.append(makeStroke($0, offset: 5)) }
        copy.close()
        first.close()
        let again = try DocumentFile.open(at: url)
        #expect(again.document.elements.count == 1)
    }

    /// A process started while the file is open holds a copy of its lock's descriptor until it runs its program;
    /// closing the file meanwhile must still let it be opened again at once.
    @Test func closedIsUnlockedWhileACopyOfTheLockDescriptorLives() throws {
        let url = try temporaryFolder().appendingPathComponent("spawned.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        try file.edit { $0.append(makeStroke($0)) }
        // The lock's descriptor: the one of the file holding a flock (/proc's fdinfo lists its locks).
        let copies = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name -> Int32? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                target == url.path, let descriptor = Int32(name),
                let info = try? String(contentsOfFile: "/proc/self/fdinfo/" + name, encoding: .utf8),
                info.contains("FLOCK")
            else { return nil }
            return dup(descriptor)
        }
        #expect(!copies.isEmpty)
        file.close()
        let again = try DocumentFile.open(at: url)
        #expect(again.document.elements.count == 1)
        again.close()
        for copy in copies { close(copy) }
    }
}
