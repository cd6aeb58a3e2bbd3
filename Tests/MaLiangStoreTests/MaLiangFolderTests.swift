import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec
import Testing

/// Writes a folder the way MaLiang 2.9 does.
func writeMaLiangFolder(
    info: String? =
        #"{"identifier":"A1","version":"2.9.2","app":{"name":"Demo","version":"1.0","identifier":"com.demo"},"library":{"name":"MaLiang","version":"2.9.2","identifier":"com.harley.MaLiang"},"lines":1,"chartlets":1,"textures":0}"#,
    content: String? =
        #"{"size":[1024,768],"lineStrips":[{"color":"4cf41e1e","brush":"maliang.default","lines":[{"begin":[1322,2714],"size":75,"end":[3911,2923],"step":20},{"begin":[3911,2923],"size":40,"end":[4500,3500],"step":20}],"index":1}],"chartlets":[{"index":2,"center":[5000,4000],"size":[1200,800],"texture":"7F3E2D1C-0000-4000-8000-ABCDEF012345","angle":0.5}]}"#,
    textures: [String: Data]? = nil
) throws -> URL {
    let folder = try temporaryFolder().appendingPathComponent("drawing")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if let info { try Data(info.utf8).write(to: folder.appendingPathComponent("info")) }
    if let content { try Data(content.utf8).write(to: folder.appendingPathComponent("content")) }
    let files = try textures ?? ["7F3E2D1C-0000-4000-8000-ABCDEF012345": redPNG()]
    if !files.isEmpty {
        let directory = folder.appendingPathComponent("textures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
    }
    return folder
}

@Suite struct MaLiangFolderTests {
    @Test func importsAFolderAsMaLiangWritesIt() throws {
        let document = try FolderImporter.read(try writeMaLiangFolder())
        #expect(document.size == Size(width: 1024, height: 768))
        #expect(document.elements.count == 2)
        guard case .stroke(let stroke) = document.elements[0], case .chartlet(let chartlet) = document.elements[1]
        else {
            Issue.record("expected a stroke then a chartlet")
            return
        }
        // Samples keep 32-bit positions: within a hundred-thousandth of a pixel here.
        let expected = [Point(x: 132.2, y: 271.4), Point(x: 391.1, y: 292.3), Point(x: 450, y: 350)]
        #expect(zip(stroke.samples.map(\.position), expected).allSatisfy { $0.distance(to: $1) < 1e-4 })
        let brush = stroke.brush.base
        #expect(brush.name == "maliang.default")
        #expect(abs(brush.pointSize - 7.5) < 1e-9 && abs(brush.pointStep - 2) < 1e-9)
        #expect(abs(brush.opacity - 0x4c / 255.0) < 1e-9)
        #expect(abs(brush.color.red - 0xf4 / 255.0) < 1e-9 && abs(brush.color.green - 0x1e / 255.0) < 1e-9)
        #expect(zip(stroke.samples.map { $0.pressure ?? 0 }, [1, 1, 40.0 / 75]).allSatisfy { abs($0 - $1) < 1e-4 })
        #expect(
            chartlet.center == Point(x: 500, y: 400) && chartlet.size == Size(width: 120, height: 80)
                && chartlet.angle == 0.5)
        #expect(document.textures[chartlet.textureID] == (try redPNG()))
    }

    @Test func exportedFoldersReadBackTheSameDrawing() throws {
        let source = try FolderImporter.read(try writeMaLiangFolder())
        let out = try temporaryFolder().appendingPathComponent("exported")
        var fractions: [Double] = []
        try FolderExporter(document: source).saveSynchronously(to: out, progress: { fractions.append($0) })
        #expect(fractions.last == 1)
        let info =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("info")))
            as? [String: Any]
        #expect(info?["library"] != nil && info?["lines"] as? Int == 1 && info?["chartlets"] as? Int == 1)
        let content = try String(contentsOf: out.appendingPathComponent("content"), encoding: .utf8)
        #expect(content.contains("\"begin\":[1322,2714]"))
        #expect(content.contains("\"size\":75"))
        let textures = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("textures").path)
        #expect(textures == ["7F3E2D1C-0000-4000-8000-ABCDEF012345"])
        let again = try FolderImporter.read(out)
        #expect(again.elements.count == source.elements.count)
        guard case .stroke(let a) = source.elements[0], case .stroke(let b) = again.elements[0] else { return }
        // Tenths of a point, as MaLiang stores them, come back exactly; so does each line's size.
        #expect(a.samples.map(\.position) == b.samples.map(\.position))
        #expect(a.samples.map(\.pressure) == b.samples.map(\.pressure))
        #expect(content.contains("\"size\":40"))
    }

    @Test func importIntoANativeFileAndExportItAgain() throws {
        let destination = try temporaryFolder().appendingPathComponent("imported.maliang")
        let file = try FolderImporter.importDataSynchronously(from: try writeMaLiangFolder(), to: destination)
        #expect(file.document.elements.count == 2)
        file.close()
        let reopened = try DocumentFile.open(at: destination)
        #expect(reopened.document.elements.count == 2)
        #expect(!reopened.document.canUndo)
    }

    @Test func theExportRefusesANonEmptyFolderAndLeavesNothingHalfWritten() throws {
        let source = try FolderImporter.read(try writeMaLiangFolder())
        let out = try temporaryFolder()
        try Data("keep me".utf8).write(to: out.appendingPathComponent("notes.txt"))
        #expect(throws: StoreError.self) { try FolderExporter(document: source).saveSynchronously(to: out) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
        let parent = out.deletingLastPathComponent()
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).allSatisfy { !$0.contains(".partial-") })
    }

    @Test func aZeroStepAsMaLiangWritesItLoadsWithTheMinimumStep() throws {
        let content =
            #"{"size":[100,100],"lineStrips":[{"color":"ff000000","brush":"ink","lines":[{"begin":[0,0],"size":30,"end":[500,0],"step":0}],"index":1}]}"#
        let document = try FolderImporter.read(try writeMaLiangFolder(content: content, textures: [:]))
        guard case .stroke(let stroke) = document.elements.first else { Issue.record("no stroke"); return }
        #expect(stroke.brush.base.pointStep == Brush.minimumStep && !stroke.brush.base.spacingRelativeToSize)
        // A built-in brush spaced by its size gets the step back as a fraction of the 3 pt line.
        let pen = try FolderImporter.read(
            try writeMaLiangFolder(
                content: content.replacingOccurrences(of: #""ink""#, with: #""pen""#), textures: [:]))
        guard case .stroke(let penStroke) = pen.elements.first else { Issue.record("no stroke"); return }
        #expect(penStroke.brush.base.spacingRelativeToSize)
        #expect(abs(penStroke.brush.base.pointStep * 3 - Brush.minimumStep) < 1e-9)
    }

    static let badFolders: [(String, String?, String?, [String: Data]?, StoreError.Kind)] = [
        ("missing info", nil, nil, nil, .damaged),
        ("info without library", #"{"identifier":"x","lines":0,"chartlets":0}"#, nil, nil, .damaged),
        ("malformed info", #"{"identifier": "#, nil, nil, .damaged),
        ("missing content", nil, nil, nil, .damaged),
        ("malformed content", nil, #"{"size":[10,10],"lineStrips":[{"color":1}]}"#, nil, .damaged),
        ("missing textures", nil, nil, [:], .damaged),
        (
            "texture path traversal", nil,
            #"{"size":[10,10],"chartlets":[{"index":1,"center":[0,0],"size":[10,10],"texture":"../../etc/passwd"}]}"#,
            nil, .invalidContent
        ),
        (
            "absolute texture path", nil,
            #"{"size":[10,10],"chartlets":[{"index":1,"center":[0,0],"size":[10,10],"texture":"/etc/passwd"}]}"#, nil,
            .invalidContent
        ),
        ("texture not a PNG", nil, nil, ["7F3E2D1C-0000-4000-8000-ABCDEF012345": Data("<svg/>".utf8)], .invalidContent),
        (
            "negative size", nil,
            #"{"size":[10,10],"lineStrips":[{"color":"ff000000","brush":"pen","lines":[{"begin":[0,0],"size":-5,"end":[10,10],"step":10}],"index":1}]}"#,
            [:], .invalidContent
        ),
        (
            "negative step", nil,
            #"{"size":[10,10],"lineStrips":[{"color":"ff000000","brush":"pen","lines":[{"begin":[0,0],"size":5,"end":[10,10],"step":-1}],"index":1}]}"#,
            [:], .invalidContent
        ),
        (
            "huge coordinates", nil,
            #"{"size":[10,10],"lineStrips":[{"color":"ff000000","brush":"pen","lines":[{"begin":[1e300,0],"size":5,"end":[10,10],"step":10}],"index":1}]}"#,
            [:], .invalidContent
        ),
        ("zero canvas", nil, #"{"size":[0,0]}"#, [:], .invalidContent),
        ("absurd canvas", nil, #"{"size":[1000000000,10]}"#, [:], .invalidContent),
        (
            "bad colour", nil,
            #"{"size":[10,10],"lineStrips":[{"color":"red","brush":"pen","lines":[{"begin":[0,0],"size":5,"end":[10,10],"step":10}],"index":1}]}"#,
            [:], .invalidContent
        ),
    ]

    @Test(arguments: badFolders.indices)
    func badFoldersAreRefusedWithAReason(index: Int) throws {
        let (name, info, content, textures, kind) = Self.badFolders[index]
        let folder = try writeMaLiangFolder(
            info: name == "missing info" ? nil : (info ?? writeDefaults.info),
            content: name == "missing content" ? nil : (content ?? writeDefaults.content),
            textures: textures)
        do {
            let document = try FolderImporter.read(folder)
            Issue.record("\(name): imported \(document.elements.count) elements")
        } catch {
            #expect(error.kind == kind, "\(name): \(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aFailedImportLeavesNoFileBehind() throws {
        let folder = try writeMaLiangFolder(textures: ["7F3E2D1C-0000-4000-8000-ABCDEF012345": Data("nope".utf8)])
        let destination = try temporaryFolder().appendingPathComponent("x.maliang")
        #expect(throws: StoreError.self) { try FolderImporter.importDataSynchronously(from: folder, to: destination) }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}

/// The default folder text, for cases that change only one file.
let writeDefaults = (
    info:
        #"{"identifier":"A1","version":"2.9.2","library":{"name":"MaLiang","version":"2.9.2","identifier":"com.harley.MaLiang"},"lines":1,"chartlets":1,"textures":0}"#,
    content:
        #"{"size":[1024,768],"lineStrips":[{"color":"4cf41e1e","brush":"maliang.default","lines":[{"begin":[1322,2714],"size":75,"end":[3911,2923],"step":20}],"index":1}],"chartlets":[{"index":2,"center":[5000,4000],"size":[1200,800],"texture":"7F3E2D1C-0000-4000-8000-ABCDEF012345","angle":0.5}]}"#
)
