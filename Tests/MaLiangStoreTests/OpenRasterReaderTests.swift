import Foundation
import MaLiangCore
import PNGCodec
import Testing

@testable import MaLiangStore

/// Damaged and hostile OpenRaster files: refused with a reason, or read in part with a sentence for each part left
/// out — never a crash, never a byte written anywhere, never a bomb inflated.
@Suite struct OpenRasterReaderTests {
    /// A 2×2 opaque red PNG, and a blank 3×3 one.
    let red: Data
    let clear: Data

    init() throws {
        let pixels = Array([[UInt8]](repeating: [255, 0, 0, 255], count: 4).joined())
        red = try PNG.encode(PNGImage(width: 2, height: 2, pixels: .rgba8(pixels)))
        clear = try PNG.encode(PNGImage(width: 3, height: 3, pixels: .rgba8([UInt8](repeating: 0, count: 36))))
    }

    /// An archive of `entries` (`mimetype` first) whose stack lists `layers` (XML), on a `width`×`height` page.
    func archive(_ layers: String, entries: [(String, Data)] = [], width: Int = 8, height: Int = 6) throws -> Data {
        let zip = try ZipWriter()
        try zip.add("mimetype", Data("image/openraster".utf8), compressed: false)
        let xml = "<?xml version='1.0'?><image w='\(width)' h='\(height)'><stack>\(layers)</stack></image>"
        try zip.add("stack.xml", Data(xml.utf8), compressed: true)
        for (name, data) in entries { try zip.add(name, data, compressed: true) }
        return try zip.finish()
    }

    @Test func layersComeInTopFirstWithWhatTheStackSays() throws {
        let data = try archive(
            """
            <layer name='Top' src='data/a.png' x='3' y='-2' opacity='0.25' composite-op='svg:screen'/>
            <layer name='Under' src='data/b.png' visibility='hidden' edit-locked='true'/>
            """, entries: [("data/a.png", red), ("data/b.png", clear)])
        let image = try OpenRasterReader.read(data: data)
        #expect(image.width == 8 && image.height == 6 && image.notes.isEmpty)
        #expect(image.layers.map(\.layer.name) == ["Top", "Under"])
        let top = image.layers[0]
        #expect(top.layer.x == 3 && top.layer.y == -2 && top.layer.opacity == 0.25)
        #expect(top.layer.compositeOp == "svg:screen" && top.width == 2 && !top.isBlank)
        #expect(top.soleColor == Color(red: 1, green: 0, blue: 0))
        #expect(image.layers[1].isBlank && !image.layers[1].layer.isVisible && image.layers[1].layer.isLocked)

        let imported = try OpenRasterImporter.document(from: image)
        #expect(imported.document.layers.map(\.name) == ["Under", "Top"])
        #expect(imported.document.layers[1].blend == .screen)
        #expect(imported.document.elements.count == 1, "a blank layer holds no picture")
        #expect(imported.document.background.alpha == 0)
    }

    @Test func notAnArchiveOrNotOpenRasterIsRefused() throws {
        #expect(throws: StoreError.self) { try OpenRasterReader.read(data: Data("not a zip at all".utf8)) }
        #expect(throws: StoreError.self) { try OpenRasterReader.read(data: Data()) }
        let zip = try ZipWriter()
        try zip.add("readme.txt", Data("hello".utf8), compressed: true)
        let error = try #require(throws: StoreError.self) { try OpenRasterReader.read(data: try zip.finish()) }
        #expect(error.kind == .notADocument && error.message.contains("no stack.xml"))
        let truncated = try archive("<layer src='data/a.png'/>", entries: [("data/a.png", red)]).prefix(200)
        #expect(throws: StoreError.self) { try OpenRasterReader.read(data: Data(truncated)) }
    }

    @Test func aBrokenStackIsRefused() throws {
        for xml in [
            "<image w='8' h='6'><stack><layer src='a.png'></stack></image>",  // not well-formed
            "<image><stack/></image>",  // no size
            "<image w='-4' h='6'><stack/></image>",
            "<picture w='8' h='6'/>",
        ] {
            let zip = try ZipWriter()
            try zip.add("stack.xml", Data(xml.utf8), compressed: true)
            #expect(throws: StoreError.self, "\(xml)") { try OpenRasterReader.read(data: try zip.finish()) }
        }
        // A page larger than a drawing can be is refused when the drawing is made, with the reason.
        let huge = try OpenRasterReader.read(data: try archive("", width: 100_000, height: 10))
        let error = try #require(throws: StoreError.self) { try OpenRasterImporter.document(from: huge) }
        #expect(error.message.contains("1…65536"))
    }

    @Test func entitiesThatExpandWithoutEndAreNotExpanded() throws {
        var xml = "<?xml version='1.0'?><!DOCTYPE image [<!ENTITY a 'aaaaaaaaaaaaaaaa'>"
        for level in 1...12 {
            xml +=
                "<!ENTITY \(Character(UnicodeScalar(97 + level)!)) '"
                + String(repeating: "&\(Character(UnicodeScalar(96 + level)!));", count: 16) + "'>"
        }
        xml += "]><image w='8' h='6'><stack><layer name='&m;' src='data/a.png'/></stack></image>"
        let zip = try ZipWriter()
        try zip.add("stack.xml", Data(xml.utf8), compressed: true)
        try zip.add("data/a.png", red, compressed: false)
        let data = try zip.finish()
        // libxml2 refuses to expand 16¹² characters, and an error it reports refuses the file.
        let error = try #require(throws: StoreError.self) { try OpenRasterReader.read(data: data) }
        #expect(error.message.contains("stack.xml is not well-formed XML"), "\(error.message)")
    }

    @Test func layersThatCannotBeReadAreLeftOutWithAReason() throws {
        let data = try archive(
            """
            <layer name='Escape' src='../../etc/passwd.png'/>
            <layer name='Absolute' src='/etc/x.png'/>
            <layer name='Photo' src='data/p.jpg'/>
            <layer name='Gone' src='data/missing.png'/>
            <layer name='Broken' src='data/broken.png'/>
            <layer src=''/>
            <layer name='Fine' src='data/fine.png' composite-op='svg:hard-light'/>
            <text>words</text>
            <stack name='Group' opacity='0.5' x='2' composite-op='svg:multiply'>
              <layer name='Inner' src='data/fine.png' opacity='0.5' x='1'/>
            </stack>
            """,
            entries: [
                ("data/p.jpg", Data([0xFF, 0xD8, 0xFF])), ("data/broken.png", red.prefix(30)), ("data/fine.png", red),
            ])
        let image = try OpenRasterReader.read(data: data)
        #expect(image.layers.map(\.layer.name) == ["Fine", "Inner"])
        #expect(image.layers[0].layer.compositeOp == "svg:src-over")
        #expect(image.layers[1].layer.opacity == 0.25 && image.layers[1].layer.x == 3)
        let notes = image.notes.joined(separator: "\n")
        for expected in [
            "“Escape” is left out: its picture’s name, ../../etc/passwd.png, points outside the file",
            "“Absolute” is left out", "“Photo” is left out: its picture, data/p.jpg, is not a PNG",
            "“Gone” is left out: its picture, data/missing.png, is missing",
            "“Broken” is left out: its picture, data/broken.png, is not a usable PNG", "names no picture",
            "“Fine” blends as svg:hard-light", "1 layer group was opened", "The blending of group “Group” is not kept",
            "<text>",
        ] {
            #expect(notes.contains(expected), "\(expected) in \(notes)")
        }
    }

    /// A zip bomb: an entry that unpacks to far more than a picture may be is refused before it is inflated, and
    /// the layer is left out; so is one that would take the archive past what is read altogether.
    @Test func aBombIsNotInflated() throws {
        let zeros = Data(count: 4 << 20)
        let data = try archive(
            "<layer name='Bomb' src='data/bomb.png'/><layer name='Fine' src='data/fine.png'/>",
            entries: [("data/bomb.png", zeros), ("data/fine.png", red)])
        #expect(data.count < 64 << 10, "4 MiB of zeros packs small")
        let small = ZipReader.ReadLimits(entryBytes: 1 << 20)
        let image = try OpenRasterReader.read(try ZipReader(data: data, limits: small))
        #expect(image.layers.map(\.layer.name) == ["Fine"])
        #expect(image.notes.contains { $0.contains("“Bomb” is left out: data/bomb.png unpacks to 4194304 bytes") })

        let total = ZipReader.ReadLimits(entryBytes: 8 << 20, totalBytes: 2 << 20)
        let reader = try ZipReader(data: data, limits: total)
        #expect(throws: StoreError.self) { try reader.read("data/bomb.png") }
        #expect(reader.bytesRead == 0)
    }

    @Test func aDrawingKeepsAtMostAHundredLayers() throws {
        let layers = (0..<103).map { "<layer name='L\($0)' src='data/fine.png'/>" }.joined()
        let image = try OpenRasterReader.read(data: try archive(layers, entries: [("data/fine.png", red)]))
        let imported = try OpenRasterImporter.document(from: image)
        #expect(imported.document.layers.count == 100)
        #expect(imported.document.layers.last?.name == "L3", "the bottom hundred come in")
        #expect(imported.notes.contains { $0.contains("the top 3 are left out") })
    }
}
