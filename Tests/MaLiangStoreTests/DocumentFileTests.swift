import Foundation
import MaLiangCore
import MaLiangStore
import Testing

@Suite struct DocumentFileTests {
    @Test func thePapersColourIsSavedAsItChanges() throws {
        let url = try temporaryFolder().appendingPathComponent("paper.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 64, height: 64))
        let grey = Color(red: 0.25, green: 0.5, blue: 0.75)
        try file.edit { $0.setBackground(grey) }
        try file.edit { $0.setBackground(.clear) }
        try file.edit { $0.undo() }
        file.close()
        #expect(try DocumentFile.open(at: url).document.background == grey)
        let reopened = try DocumentFile.open(at: url)
        try reopened.edit { $0.setBackground(.clear) }
        reopened.close()
        #expect(try DocumentFile.open(at: url).document.background.alpha == 0)
    }

    @Test func elementsTexturesAndSamplesSurviveClosingAndOpening() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("drawing.maliang")
        let file = try DocumentFile.create(
            at: url, size: Size(width: 800, height: 600), background: Color(red: 1, green: 0.9, blue: 0.8))
        let document = file.document
        let stroke = makeStroke(document)
        let png = try redPNG()
        try file.edit { $0.addTexture(id: "sticker", png: png) }
        let chartlet = Element.chartlet(
            Chartlet(
                id: document.makeElementID(), textureID: "sticker", center: Point(x: 100, y: 120),
                size: Size(width: 40, height: 30), angle: 0.5))
        try file.edit { $0.append(stroke) }
        try file.edit { $0.append(chartlet) }
        try file.edit { $0.updateChartlet(chartlet.id) { $0.center = Point(x: 200, y: 220) } }
        file.close()

        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.document.size == Size(width: 800, height: 600))
        #expect(reopened.document.background.green == 0.9)
        #expect(reopened.document.elements.count == 2)
        guard case .stroke(let loaded) = reopened.document.elements[0], case .stroke(let original) = stroke else {
            Issue.record("the stroke did not come back")
            return
        }
        #expect(loaded.samples.map(\.position) == original.samples.map(\.position))
        #expect(loaded.samples.map(\.time) == original.samples.map(\.time))
        #expect(loaded.samples.map(\.deviceSerial) == original.samples.map(\.deviceSerial))
        #expect(loaded.brush == original.brush && loaded.seed == 42)
        guard case .chartlet(let movedChartlet) = reopened.document.elements[1] else {
            Issue.record("no chartlet"); return
        }
        #expect(movedChartlet.center == Point(x: 200, y: 220))
        #expect(reopened.document.textures["sticker"] == (try redPNG()))
        // The same stroke renders the same stamps after the round trip.
        var before = original.makeBuilder()
        var after = loaded.makeBuilder()
        var a = before.add(original.samples)
        before.finish(into: &a)
        var b = after.add(loaded.samples)
        after.finish(into: &b)
        #expect(a.count == b.count)
        #expect(zip(a, b).allSatisfy { abs($0.size - $1.size) < 1e-4 && $0.x == $1.x && $0.y == $1.y })
    }

    /// The `.maliang` alone holds the drawing once it is closed — copied without its `-wal` (to another disk, by
    /// mail, into a thumbnailer's sandbox) — even while another of its connections (the strokes' reader) lives on.
    @Test func aClosedFileHoldsEverythingWithoutItsLog() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("drawing.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 800, height: 600))
        for _ in 0..<20 { try file.edit { $0.append(makeStroke($0)) } }
        try file.edit { $0.setBackground(Color(red: 0.2, green: 0.3, blue: 0.4)) }
        let document = file.document
        file.close()
        // The document lives on (its strokes read their samples through their own connection).
        #expect(document.elements.count == 20)
        let alone = folder.appendingPathComponent("copy.maliang")
        try FileManager.default.copyItem(at: url, to: alone)
        let copy = try DocumentFile.open(at: alone, readOnly: true)
        #expect(copy.document.elements.count == 20)
        #expect(copy.document.background == Color(red: 0.2, green: 0.3, blue: 0.4))
        copy.close()
    }

    @Test func aBrushsPaperGrainIsKeptAndABrushWithoutItStaysWithout() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("grain.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 400, height: 300))
        let grainy = makeStroke(file.document, brush: .brush(Brush(name: "pencil", pointSize: 4, grain: 0.8)))
        let smooth = makeStroke(file.document, offset: 50)
        try file.edit { $0.append(grainy) }
        try file.edit { $0.append(smooth) }
        file.close()
        let reopened = try DocumentFile.open(at: url)
        defer { reopened.close() }
        let brushes = reopened.document.elements.compactMap { element -> Brush? in
            if case .stroke(let stroke) = element { stroke.brush.base } else { nil }
        }
        #expect(brushes.map(\.grain) == [0.8, nil])
    }

    @Test func everyFinishedStrokeIsOnDiskAtOnceAsAKilledProcessWouldLeaveIt() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("live.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        try file.edit { $0.append(makeStroke($0)) }
        try file.edit { $0.append(makeStroke($0, offset: 10)) }
        // Copy the files as they are now, without closing: what a kill -9 leaves behind.
        let copy = folder.appendingPathComponent("copy.maliang")
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try FileManager.default.copyItem(atPath: url.path + suffix, toPath: copy.path + suffix)
        }
        let recovered = try DocumentFile.open(at: copy)
        #expect(recovered.document.elements.count == 2)
        file.close()
    }

    @Test func undoRedoAndClearAreWrittenAsTheyHappen() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("history.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 100, height: 100))
        let document = file.document
        let strokes = (0..<3).map { makeStroke(document, offset: Double($0)) }
        for stroke in strokes { try file.edit { $0.append(stroke) } }
        try file.edit { $0.undo() }
        file.close()
        #expect(try DocumentFile.open(at: url).document.elements == Array(strokes.prefix(2)))

        let again = try DocumentFile.open(at: url)
        try again.edit { $0.clear() }
        again.close()
        #expect(try DocumentFile.open(at: url).document.elements.isEmpty)

        let third = try DocumentFile.open(at: url)
        try third.edit { $0.undo() }  // nothing to undo in a new session: the history does not outlive it
        #expect(third.document.elements.isEmpty)
        let late = makeStroke(third.document)
        try third.edit { $0.append(late) }
        try third.edit { $0.clear() }
        try third.edit { $0.undo() }
        third.close()
        #expect(try DocumentFile.open(at: url).document.elements == [late])
    }

    @Test func saveAsWritesACompleteCopyAndLeavesTheOriginal() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("a.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 300, height: 200))
        for index in 0..<50 { try file.edit { $0.append(makeStroke($0, offset: Double(index))) } }
        let copy = folder.appendingPathComponent("b.maliang")
        try Data("an older drawing".utf8).write(to: copy)
        var fractions: [Double] = []
        try file.save(as: copy, progress: { fractions.append($0) })
        #expect(fractions.first == 0 && fractions.last == 1)
        let reopened = try DocumentFile.open(at: copy)
        #expect(reopened.document.elements == file.document.elements)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to mount a tiny tmpfs")) func aFullDiskNeverDamagesTheGoodFile()
        throws
    {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("big.maliang")
        let file = try DocumentFile.create(at: source, size: Size(width: 300, height: 200))
        for index in 0..<400 { try file.edit { $0.append(makeStroke($0, offset: Double(index))) } }
        let mountPoint = folder.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=96k", "tmpfs", mountPoint.path]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0)
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [mountPoint.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let destination = mountPoint.appendingPathComponent("good.maliang")
        let good = Data("a good file that must survive".utf8)
        try good.write(to: destination)
        do {
            try file.save(as: destination)
            Issue.record("saving 400 strokes into 96 KiB succeeded")
        } catch {
            #expect(error.kind == .diskFull, "\(error)")
        }
        #expect(try Data(contentsOf: destination) == good)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path)
        #expect(leftovers == ["good.maliang"])
    }
}
