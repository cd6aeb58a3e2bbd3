import Foundation
import MaLiangCore
import PNGCodec

/// An OpenRaster file as read: the page, its layers with their pictures, and what could not come in as the file
/// means it.
public struct OpenRasterImage: Sendable {
    public var width: Int
    public var height: Int
    /// Layers whose pictures are usable PNGs, topmost first.
    public var layers: [Layer]
    /// Sentences for the user: layers left out and why, groups opened, blend modes MaLiang lacks.
    public var notes: [String]

    /// A layer and what its picture holds.
    public struct Layer: Sendable {
        public var layer: OpenRasterLayer
        public var width: Int
        public var height: Int
        /// Whether every pixel is transparent.
        public var isBlank: Bool
        /// The one colour every pixel has, when they all have the same (8 bits a channel).
        public var soleColor: Color?
    }
}

/// Reads OpenRaster files (`.ora`) as Krita, GIMP, MyPaint, Pinta and Drawpile write them. A damaged or hostile
/// file is refused with a reason, or read in part with a note for each part left out: a layer whose picture is
/// missing, not a PNG, damaged, too large, or named outside the archive. Nothing is ever unpacked to disk.
public enum OpenRasterReader {
    /// The composite ops MaLiang shows as they are meant, and its layer blends by name.
    static let blends = [
        "svg:src-over": "normal", "svg:multiply": "multiply", "svg:screen": "screen", "svg:overlay": "overlay",
    ]

    /// Reads the file at `url`.
    public static func read(_ url: URL) throws(StoreError) -> OpenRasterImage {
        do {
            return try read(ZipReader(url: url))
        } catch {
            throw StoreError(error.kind, "\(url.lastPathComponent): \(error.message)")
        }
    }

    /// Reads an OpenRaster file held in memory.
    public static func read(data: Data) throws(StoreError) -> OpenRasterImage {
        try read(ZipReader(data: data))
    }

    static func read(_ zip: ZipReader) throws(StoreError) -> OpenRasterImage {
        var notes: [String] = []
        if let mimetype = try zip.read("mimetype", limit: 256),
            String(decoding: mimetype, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines) != "image/openraster"
        {
            notes.append("The file does not call itself OpenRaster; it is read as one all the same")
        }
        guard let xml = try zip.read("stack.xml", limit: OpenRasterStack.maximumBytes) else {
            throw StoreError(.notADocument, "not an OpenRaster file (it has no stack.xml)")
        }
        let stack = try OpenRasterStack(xml: xml)
        notes += stack.notes
        var layers: [OpenRasterImage.Layer] = []
        var unknownOps: [String: [String]] = [:]
        for (index, entry) in stack.entries.enumerated() {
            let name = entry.name.isEmpty ? "Layer \(stack.entries.count - index)" : entry.name
            let png: Data
            let facts: PictureFacts
            switch picture(of: entry, in: zip) {
            case .success(let read): (png, facts) = read
            case .failure(let reason):
                notes.append("Layer “\(name)” is left out: \(reason)")
                continue
            }
            var op = entry.compositeOp
            if blends[op] == nil {
                unknownOps[op, default: []].append(name)
                op = "svg:src-over"
            }
            let layer = OpenRasterLayer(
                name: name, png: png, x: entry.x, y: entry.y, opacity: entry.opacity, isVisible: entry.isVisible,
                isLocked: entry.isLocked, compositeOp: op)
            layers.append(
                OpenRasterImage.Layer(
                    layer: layer, width: facts.width, height: facts.height, isBlank: facts.isBlank,
                    soleColor: facts.soleColor))
        }
        for (op, names) in unknownOps.sorted(by: { $0.key < $1.key }) {
            notes.append(
                names.map { "“\($0)”" }.joined(separator: ", ") + " blend\(names.count == 1 ? "s" : "") as \(op), "
                    + "which MaLiang cannot show: normal blending is used")
        }
        return OpenRasterImage(width: stack.width, height: stack.height, layers: layers, notes: notes)
    }

    /// The PNG of `entry`'s picture, decoded whole within ``PNGLimits/standard`` to learn what it holds, or why
    /// it cannot be used.
    private static func picture(of entry: OpenRasterStack.Entry, in zip: ZipReader) -> Result<
        (Data, PictureFacts), Refusal
    > {
        let source = entry.source
        guard !source.isEmpty else { return .failure(Refusal("it names no picture")) }
        let parts = source.split(separator: "/", omittingEmptySubsequences: false)
        guard !source.hasPrefix("/"), !source.contains("\\"), !parts.contains(".."), !parts.contains("") else {
            return .failure(Refusal("its picture’s name, \(source), points outside the file"))
        }
        guard source.lowercased().hasSuffix(".png") else {
            return .failure(Refusal("its picture, \(source), is not a PNG (OpenRaster layers MaLiang reads are PNG)"))
        }
        let data: Data
        do {
            guard let read = try zip.read(source, limit: PNGLimits.standard.maximumBytes) else {
                return .failure(Refusal("its picture, \(source), is missing from the file"))
            }
            data = read
        } catch {
            return .failure(Refusal(error.message))
        }
        do {
            return .success((data, try PictureFacts(data)))
        } catch {
            return .failure(Refusal("its picture, \(source), is not a usable PNG image (\(error.description))"))
        }
    }

    /// What a layer's picture holds: blank pixels are not worth an image, and a bottom layer of one colour is
    /// paper.
    struct PictureFacts {
        var width: Int
        var height: Int
        var isBlank = true
        var soleColor: Color?

        init(_ png: Data) throws(PNGError) {
            let image = try PNG.decode(png, depth: .eight)
            width = image.width
            height = image.height
            guard case .rgba8(let bytes) = image.pixels, bytes.count >= 4 else { return }
            var uniform = true
            bytes.withUnsafeBytes { raw in
                let pixels = raw.bindMemory(to: UInt32.self)
                let first = pixels[0]
                // Stops as soon as the picture is neither blank nor of one colour: most layers stop at once.
                for pixel in pixels {
                    if pixel != first { uniform = false }
                    // Alpha is the fourth byte: the top one of a little-endian word.
                    if pixel >> 24 != 0 { isBlank = false }
                    if !uniform && !isBlank { break }
                }
                if uniform {
                    let channel = { (shift: UInt32) in Double((first >> shift) & 0xFF) / 255 }
                    soleColor = Color(red: channel(0), green: channel(8), blue: channel(16), alpha: channel(24))
                }
            }
        }
    }

    /// Why a layer was left out.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
