import Foundation
import MaLiang
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import PNGCodec

/// `maliang render` and `maliang replay`: headless rendering through the same Vulkan renderer as the window.
enum RenderCommands {
    static func render(_ arguments: [String]) throws {
        let options = try Options(arguments, flags: ["-o", "--scale", "--width", "--bits", "--area"])
        guard options.positional.count == 1, let output = options.values["-o"] else {
            throw UsageError(
                "usage: maliang render DOC -o OUT.png [--scale S | --width W] [--area page|drawn|X,Y,W,H] [--bits 8|16]"
            )
        }
        let area = try exportArea(options.values["--area"])
        try requirePNG(output)
        let (document, file) = try load(URL(fileURLWithPath: options.positional[0]))
        defer { file?.close() }
        var scale = 1.0
        if let text = options.values["--scale"] {
            guard let value = Double(text), value > 0, value.isFinite else {
                throw UsageError("--scale needs a positive number")
            }
            scale = value
        }
        let canvas = try CanvasRenderer(document: document, context: VulkanContext(), undo: false)
        if let text = options.values["--width"] {
            guard let width = Double(text), width >= 1 else {
                throw UsageError("--width needs a positive number of pixels")
            }
            scale = width / (try canvas.exportRect(area)).width
        }
        let size = try write(canvas, to: output, scale: scale, bitDepth: try options.bits(), area: area)
        try checkReadable(file)
        print("rendered \(size.width)×\(size.height) to \(output)")
    }

    static func replay(_ arguments: [String]) throws {
        let options = try Options(arguments, flags: ["-o", "--brush", "--size", "--bits", "--color"])
        guard options.positional.count == 1, let output = options.values["-o"] else {
            throw UsageError("usage: maliang replay TRACE -o OUT.png [--brush NAME] [--size WxH]")
        }
        try requirePNG(output)
        let url = URL(fileURLWithPath: options.positional[0])
        let strokes =
            url.pathExtension == "jsonl"
            ? try SampleTrace.read(contentsOf: url) : try MyPaintTrace(contentsOf: url).strokes
        let name = options.values["--brush"] ?? "pen"
        guard let brush = BrushPresets.brush(named: name) else {
            throw UsageError("unknown brush \"\(name)\"; built in: \(BrushPresets.names.joined(separator: ", "))")
        }
        let size = try options.values["--size"].map(parseSize) ?? defaultSize(strokes, brush: brush)
        let document = try Document(size: size)
        for (index, samples) in strokes.enumerated() {
            document.append(
                .stroke(Stroke(id: document.makeElementID(), brush: brush, seed: UInt64(index + 1), samples: samples)))
        }
        let canvas = try CanvasRenderer(document: document, context: VulkanContext(), undo: false)
        let image = try write(canvas, to: output, scale: 1, bitDepth: try options.bits())
        print(
            "replayed \(strokes.count) strokes (\(strokes.reduce(0) { $0 + $1.count }) samples) with \(name) into \(image.width)×\(image.height) \(output)"
        )
    }

    /// Large enough to hold every sample from the origin, plus the brush.
    /// Renders with a progress bar (on a terminal); Ctrl+C stops the work and leaves no file behind.
    /// Renders are PNG images: a file named otherwise (`x.svg`, `x.jpg`, `x`) is refused before any work, rather than
    /// written as a PNG under a name that says something else. A device or a pipe (`/dev/stdout`) takes the bytes.
    static func requirePNG(_ output: String) throws {
        var status = stat()
        if stat(output, &status) == 0 && status.st_mode & S_IFMT != S_IFREG && status.st_mode & S_IFMT != S_IFDIR {
            return
        }
        guard URL(fileURLWithPath: output).pathExtension.lowercased() == "png" else {
            throw UsageError("\(output): maliang renders PNG images only; name the output OUT.png")
        }
    }

    static func write(
        _ canvas: CanvasRenderer, to output: String, scale: Double, bitDepth: Int, area: ExportArea = .page
    ) throws -> (width: Int, height: Int) {
        let bar = ProgressBar("rendering")
        defer { bar.finish() }
        Interruption.install()
        canvas.progress = { fraction in
            bar.update(fraction)
            return !Interruption.wasRequested
        }
        do {
            return try PNGExport.write(
                canvas, to: URL(fileURLWithPath: output), scale: scale, bitDepth: bitDepth, area: area)
        } catch let error as VulkanError where error == .cancelled {
            throw CancelledError(description: "cancelled; \(output) was not written")
        }
    }

    /// `--area`: "page" (or none), "drawn", or a rectangle "X,Y,W,H" in document pixels.
    static func exportArea(_ text: String?) throws -> ExportArea {
        guard let text, text != "page" else { return .page }
        if text == "drawn" { return .drawn }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
            let height = numbers[3], [x, y, width, height].allSatisfy(\.isFinite), width > 0, height > 0
        else {
            throw UsageError("--area is page, drawn, or X,Y,W,H in document pixels (a positive width and height)")
        }
        return .rectangle(DocumentRect(x: x, y: y, width: width, height: height))
    }

    static func defaultSize(_ strokes: [[InputSample]], brush: AnyBrush) -> Size {
        let margin = brush.base.pointSize * 2 + 8
        let maxX = strokes.joined().map(\.position.x).filter(\.isFinite).max() ?? 0
        let maxY = strokes.joined().map(\.position.y).filter(\.isFinite).max() ?? 0
        return Size(
            width: min(max((maxX + margin).rounded(.up), 16), 16384),
            height: min(max((maxY + margin).rounded(.up), 16), 16384))
    }

    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, Document.isValid(Size(width: parts[0], height: parts[1])) else {
            throw UsageError("--size needs WIDTHxHEIGHT, e.g. 1920x1080")
        }
        return Size(width: parts[0], height: parts[1])
    }

    /// A MaLiang folder's document, an OpenRaster file's (what it cannot show said on standard error), or a native
    /// file's with the file (its strokes read their samples from it).
    static func load(_ url: URL) throws -> (Document, DocumentFile?) {
        if url.pathExtension.lowercased() == "ora" {
            let imported = try OpenRasterImporter.read(url)
            for note in imported.notes { FileHandle.standardError.write(Data("maliang: \(note)\n".utf8)) }
            return (imported.document, nil)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (try FolderImporter.read(url), nil)
        }
        let file = try DocumentFile.open(at: url, readOnly: true)
        for line in file.leftOut { FileHandle.standardError.write(Data("maliang: left out: \(line)\n".utf8)) }
        return (file.document, file)
    }

    /// Fails when strokes could not be read from the file while working (the result would lack them).
    static func checkReadable(_ file: DocumentFile?) throws {
        guard let file, !file.unreadableStrokes.isEmpty else { return }
        throw StoreError(
            .io, "\(file.unreadableStrokes.count) strokes could not be read from \(file.url.path) (the disk failing?)")
    }

}

/// Command-line options: `--flag value` pairs and positional arguments.
struct Options {
    var values: [String: String] = [:]
    var positional: [String] = []

    init(_ arguments: [String], flags: Set<String>) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if flags.contains(argument) {
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                values[argument] = value
            } else if argument.hasPrefix("-") {
                throw UsageError("unknown option \(argument)")
            } else {
                positional.append(argument)
            }
        }
    }

    func bits() throws -> Int {
        switch values["--bits"] ?? "8" {
        case "8": 8
        case "16": 16
        default: throw UsageError("--bits is 8 or 16")
        }
    }
}
