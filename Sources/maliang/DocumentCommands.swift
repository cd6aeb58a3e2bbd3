import CMemoryTuning
import Foundation
import MaLiang
import MaLiangCore
import MaLiangStore
import MaLiangVulkan

/// `maliang info`, `maliang import`, `maliang export`.
enum DocumentCommands {
    static func info(_ arguments: [String]) throws {
        guard arguments.count == 1 else {
            throw UsageError("usage: maliang info FILE.maliang|MALIANG_FOLDER|IN.ora")
        }
        let url = URL(fileURLWithPath: arguments[0])
        let document: Document
        var schema = "MaLiang folder"
        var leftOut: [String] = []
        var isDirectory: ObjCBool = false
        if url.pathExtension.lowercased() == "ora" {
            // As it would come in: what cannot be shown as the file means it is listed as left out.
            let imported = try OpenRasterImporter.read(url)
            document = imported.document
            schema = "OpenRaster"
            leftOut = imported.notes
        } else if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            document = try FolderImporter.read(url)
        } else {
            let file = try DocumentFile.open(at: url, readOnly: true)
            defer { file.close() }
            document = file.document
            leftOut = file.leftOut
            schema =
                "native, schema version \(file.fileSchemaVersion)"
                + (file.fileSchemaVersion < DocumentFile.schemaVersion
                    ? " (upgraded to \(DocumentFile.schemaVersion) when next opened for writing)" : "")
        }
        var strokes = 0
        var symmetric = 0
        var chartlets = 0
        var brushes: [String: Int] = [:]
        for element in document.elements {
            switch element {
            case .stroke(let stroke):
                strokes += 1
                if stroke.symmetry != nil { symmetric += 1 }
                brushes["\(stroke.brush.base.name) (\(kind(of: stroke.brush)))", default: 0] += 1
            case .chartlet: chartlets += 1
            }
        }
        print("file: \(url.path)")
        print("format: \(schema)")
        print("size: \(format(document.size.width))×\(format(document.size.height)) px")
        print("strokes: \(strokes)" + (symmetric > 0 ? " (\(symmetric) with symmetry)" : ""))
        print("chartlets: \(chartlets)")
        print("images: \(document.textures.count)")
        print("layers (top first):")
        var onLayer: [LayerID: Int] = [:]
        for element in document.elements { onLayer[element.layer, default: 0] += 1 }
        for layer in document.layers.reversed() {
            var traits = [layer.blend.rawValue, "\(Int((layer.opacity * 100).rounded())) %"]
            if !layer.isVisible { traits.append("hidden") }
            if layer.isLocked { traits.append("locked") }
            let count = onLayer[layer.id] ?? 0
            print("  \(layer.name) (\(traits.joined(separator: ", "))): \(count) element\(count == 1 ? "" : "s")")
        }
        print("brushes:" + (brushes.isEmpty ? " none" : ""))
        for (name, count) in brushes.sorted(by: { $0.key < $1.key }) {
            print("  \(name): \(count) stroke\(count == 1 ? "" : "s")")
        }
        if schema == "OpenRaster", !leftOut.isEmpty {
            print("as it would be imported:")
            for line in leftOut { print("  \(line)") }
        } else if !leftOut.isEmpty {
            print("left out (unreadable, kept in the file): \(leftOut.count)")
            for line in leftOut { print("  \(line)") }
        }
    }

    static func importFolder(_ arguments: [String]) throws {
        guard arguments.count == 3, arguments[1] == "-o" else {
            throw UsageError("usage: maliang import MALIANG_FOLDER|IN.ora -o FILE.maliang")
        }
        let url = try importedFile(from: arguments[0], to: arguments[2])
        // The import's memory goes back before stamping takes its own: malloc keeps freed pages in its heaps, where
        // the paint's would come on top of them.
        _ = ml_return_free_heap()
        do {
            // Opened again, its strokes read their samples from the file when needed: the import's copy of every
            // sample is gone before stamping needs its memory.
            let file = try DocumentFile.open(at: url)
            defer { file.close() }
            try keepPaint(of: file)
        } catch {
            // The drawing is imported whole; only its first opening will take longer.
            FileHandle.standardError.write(
                Data(
                    "maliang: the paint is not kept in \(url.lastPathComponent) (\(error)): its first opening stamps it\n"
                        .utf8))
        }
    }

    /// Imports the MaLiang folder or OpenRaster file at `source` into a new document file at `path`, closed
    /// again; returns where. What an OpenRaster file holds that MaLiang cannot show is said on standard error.
    private static func importedFile(from source: String, to path: String) throws -> URL {
        let bar = ProgressBar("importing")
        let file: DocumentFile
        let (from, to) = (URL(fileURLWithPath: source), URL(fileURLWithPath: path))
        if from.pathExtension.lowercased() == "ora" {
            let notes: [String]
            (file, notes) = try OpenRasterImporter.importSynchronously(from: from, to: to, progress: bar.update)
            for note in notes { FileHandle.standardError.write(Data("maliang: \(note)\n".utf8)) }
        } else {
            file = try FolderImporter.importDataSynchronously(from: from, to: to, progress: bar.update)
        }
        bar.finish()
        defer { file.close() }
        print("imported \(file.document.elements.count) elements into \(file.url.path)")
        return file.url
    }

    /// Stamps an imported drawing and keeps its paint and previews in its file, as closing a window does: its first
    /// opening then shows it at once, and file managers show its thumbnail.
    private static func keepPaint(of file: DocumentFile) throws {
        let renderer = try CanvasRenderer(
            document: file.document, context: VulkanContext(), undo: false, stamping: nil, paintCache: file)
        let bar = ProgressBar("stamping")
        defer { bar.finish() }
        renderer.progress = { fraction in
            bar.update(fraction)
            return true
        }
        try PagePreview.keep(renderer, in: file)
        try renderer.keepPaint(in: file)
    }

    static func exportFolder(_ arguments: [String]) throws {
        if arguments.count == 3, arguments[1] == "-o" {
            try exportOpenRaster(document: arguments[0], to: arguments[2])
            return
        }
        guard arguments.count == 3, arguments[1] == "--maliang-folder" else {
            throw UsageError("usage: maliang export FILE.maliang --maliang-folder DIR | -o OUT.ora")
        }
        let file = try DocumentFile.open(at: URL(fileURLWithPath: arguments[0]), readOnly: true)
        defer { file.close() }
        let bar = ProgressBar("exporting")
        try FolderExporter(document: file.document).saveSynchronously(
            to: URL(fileURLWithPath: arguments[2]), progress: bar.update)
        bar.finish()
        print("exported \(file.document.elements.count) elements to \(arguments[2])")
    }

    /// `maliang export FILE -o OUT.ora`: the layers kept, for Krita, GIMP and MyPaint.
    static func exportOpenRaster(document path: String, to output: String) throws {
        guard URL(fileURLWithPath: output).pathExtension.lowercased() == "ora" else {
            throw UsageError("\(output): maliang exports OpenRaster files with -o; name the output OUT.ora")
        }
        let (document, file) = try RenderCommands.load(URL(fileURLWithPath: path))
        defer { file?.close() }
        let renderer = try CanvasRenderer(
            document: document, context: VulkanContext(), undo: false, stamping: nil, paintCache: file)
        let layers = try OpenRasterExport.write(renderer, to: URL(fileURLWithPath: output))
        try RenderCommands.checkReadable(file)
        print("exported \(document.layers.count) layers as \(layers) OpenRaster layers to \(output)")
    }

    private static func kind(of brush: AnyBrush) -> String {
        switch brush {
        case .brush: "brush"
        case .glowing: "glowing"
        case .eraser: "eraser"
        case .chartlet: "chartlet"
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
