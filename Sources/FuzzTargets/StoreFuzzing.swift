import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec

enum NativeFileFuzzing {
    static func run(_ bytes: Data) -> Bool {
        guard let (document, _) = try? DocumentFile.read(bytes: bytes, name: "input.maliang") else { return false }
        for element in document.elements {
            guard Limits.elementID.contains(element.id.rawValue) else { violated("element \(element.id) read") }
            switch element {
            case .chartlet(let chartlet):
                guard chartlet.isValid, document.textures[chartlet.textureID] != nil else {
                    violated("chartlet \(chartlet) read")
                }
            case .stroke(let stroke):
                // Whatever the brush and samples, the engine turns them into a bounded number of stamps.
                var builder = stroke.makeBuilder()
                var stamps = builder.add(stroke.samples)
                builder.finish(into: &stamps)
                guard stamps.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.size.isFinite }) else {
                    violated("stroke \(stroke.id) makes a non-finite stamp")
                }
            }
        }
        return true
    }
}

enum PNGFuzzing {
    static func run(_ bytes: Data) -> Bool {
        let header = try? PNG.header(of: bytes)
        var accepted = false
        for depth in [PNG.Depth.eight, .sixteen, .asStored] {
            guard let image = try? PNG.decode(bytes, depth: depth) else { continue }
            accepted = true
            guard let header, image.width == header.width, image.height == header.height else {
                violated("decoded \(image.width)×\(image.height), header says \(String(describing: header))")
            }
        }
        return accepted
    }
}

/// A MaLiang folder packed into one input: `u16 info length, info, u32 content length, content`, then textures as
/// `u8 name length, name, u32 length, bytes` until the input ends (lengths little-endian, cut short where the input
/// is).
enum FolderPacking {
    static func unpack(_ bytes: Data) -> (info: Data, content: Data, textures: [(String, Data)]) {
        var reader = bytes[...]
        func take(_ count: Int) -> Data {
            let piece = reader.prefix(count)
            reader = reader.dropFirst(piece.count)
            return Data(piece)
        }
        func integer(_ size: Int) -> Int {
            take(size).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        }
        let info = take(integer(2))
        let content = take(integer(4))
        var textures: [(String, Data)] = []
        while !reader.isEmpty && textures.count < 16 {
            let name = String(decoding: take(integer(1)), as: UTF8.self)
            textures.append((name, take(integer(4))))
        }
        return (info, content, textures)
    }

    static func pack(info: Data, content: Data, textures: [(String, Data)]) -> Data {
        func bytes(_ value: Int, _ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        var out = Data(bytes(info.count, 2)) + info + Data(bytes(content.count, 4)) + content
        for (name, data) in textures {
            let nameBytes = Data(name.utf8)
            out += Data(bytes(nameBytes.count, 1)) + nameBytes + Data(bytes(data.count, 4)) + data
        }
        return out
    }
}

enum FolderFuzzing {
    /// Memory-backed storage when there is one.
    static let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()

    static func run(_ bytes: Data) -> Bool {
        // A folder per run: runs may go on in parallel (the test suite's).
        let scratch = URL(fileURLWithPath: base).appendingPathComponent("maliang-fuzz-\(getpid())-\(UUID().uuidString)")
        let (info, content, textures) = FolderPacking.unpack(bytes)
        let folder = scratch.appendingPathComponent("in")
        let manager = FileManager.default
        try? manager.removeItem(at: scratch)
        defer { try? manager.removeItem(at: scratch) }
        do {
            try manager.createDirectory(
                at: folder.appendingPathComponent("textures"), withIntermediateDirectories: true)
            try info.write(to: folder.appendingPathComponent("info"))
            try content.write(to: folder.appendingPathComponent("content"))
            for (name, data) in textures where TextureName.isSafe(name) {
                try data.write(to: folder.appendingPathComponent("textures").appendingPathComponent(name))
            }
        } catch {
            return false
        }
        guard let document = try? FolderImporter.read(folder) else { return false }
        // What was imported exports, and the export imports to as many elements (chartlet-brush strokes excepted:
        // they become one chartlet per image).
        let out = scratch.appendingPathComponent("out")
        do {
            try FolderExporter(document: document).saveSynchronously(to: out)
        } catch {
            violated("an imported folder does not export: \(error)")
        }
        guard let again = try? FolderImporter.read(out) else { violated("an exported folder does not import") }
        guard again.elements.count == document.elements.count else {
            violated("\(document.elements.count) elements became \(again.elements.count)")
        }
        return true
    }
}
