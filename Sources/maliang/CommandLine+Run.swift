import Foundation
import MaLiangCore
import MaLiangWayland

/// Usage text: every command the executable understands.
let usage = """
    Usage: maliang [FILE.maliang] [--pen-only] [--actual-pixels] [--insert IMAGE.png]... [--size WxH]
                   [--paper RRGGBB|none]
           maliang COMMAND [ARGUMENTS]

    With no command, maliang opens its painting window on FILE (created when missing), or on the drawing kept in
    $XDG_DATA_HOME/maliang/autosave.maliang. Every stroke is saved the moment it ends; when the file cannot be
    written (a full disk) strokes wait in memory until it can, and the exit status is 1 if some never could be.
    --insert places an image (a chartlet): drag it to move it, drag a corner to scale and turn it, Delete removes it,
    the right mouse button (or the pen's lower button) selects another; Ctrl+Delete clears the drawing. --pen-only
    (or P) keeps fingers from painting: they still pan, zoom and turn the view. The drawing opens where it was left
    when its window last closed, a new one whole; --actual-pixels opens it at one drawing pixel per screen pixel
    from its top-left corner. A FILE made anew is 4096×3072 on
    white paper, or --size and --paper (a colour, or none for a transparent page). The window needs a Wayland session
    (WAYLAND_DISPLAY); the other commands run without one. MALIANG_LOG=1 writes what happens to standard error.

    Commands:
      info FILE            Describe a .maliang document, a MaLiang folder or an OpenRaster file: size, strokes,
                           chartlets, images, layers, brushes, format version, and what could not be read (left
                           out, kept in the file) or would not come in as an OpenRaster file means it.
      import MALIANG_FOLDER|IN.ora -o FILE.maliang
                           Import a folder written by MaLiang on iOS (info, content, textures/), or an
                           OpenRaster file from Krita, GIMP or MyPaint (each layer a layer holding its pixels as
                           one placed picture; what cannot be shown is said), into a new native document,
                           stamped and with its paint and previews kept, so that it opens at once and file
                           managers show it.
      export FILE.maliang --maliang-folder DIR | -o OUT.ora
                           Write a document as a MaLiang folder that MaLiang on iOS opens (DIR must not exist
                           or be empty), or as OpenRaster with its layers kept (names, opacity, blend, hidden
                           and locked layers; the placed images a layer above them, the paper one below) for
                           Krita, GIMP and MyPaint.
      render DOC -o OUT.png [--scale S | --width W] [--area page|drawn|X,Y,W,H] [--bits 8|16]
                           Render a .maliang document, a MaLiang folder or an OpenRaster file to PNG,
                           re-stamped from the strokes at the output resolution, with a progress bar on a
                           terminal; Ctrl+C stops it and writes nothing (exit status 130). --area: the whole
                           page (default), the drawn area (strokes and images, without the margins), or a
                           rectangle of document pixels; --width is then the area's width.
      replay TRACE -o OUT.png [--brush NAME] [--size WxH] [--bits 8|16]
                           Render a stylus recording in its own pixel coordinates: libmypaint's "time x y
                           pressure" lines, or .jsonl samples (docs/rendering.md). Brushes: pen, pencil,
                           marker, airbrush, chalk, glow, eraser, default.
      thumbnail DOC OUT.png SIZE
                           Write a picture of a .maliang document (or a MaLiang folder) whose longest side is at
                           most SIZE pixels: the thumbnailer file managers and file dialogs run. Quick when the
                           file keeps a preview (the window keeps one when it closes); otherwise the drawing is
                           rendered.
      timelapse DOC -o OUT.mp4|OUT.webm [--seconds N] [--width W]
                           Make a video of the drawing being made: its strokes and images drawn again one by
                           one in the order they were made (N seconds; by default 30 a second, 5 to 30 s), each
                           frame the whole page W pixels wide (default: fitted into 1920×1080), then the finished
                           picture for 2 s. H.264 in MP4 or VP8 in WebM, encoded by GStreamer; Ctrl+C stops it
                           and leaves no file (exit status 130).
      bench engine [--radius R] TRACE
                           Replay a stylus recording (libmypaint's "time x y pressure" lines) through the
                           default brush's stroke engine (or a round brush of radius R) and print stamps/s,
                           stamps, samples, wall time and the time a sample.
      bench render [--stamping raster|gpu-kernel|cpu-kernel] [--cell-pixels N] [--chunk-stamps N,...]
                   [--radii R,...] [--dabs-only | --frames-only | --host-only | --kernel-only] TRACE [STROKES]
                           Measure the renderer on the chosen Vulkan device: dabs/s and covered Mpx/s replaying
                           TRACE with round brushes of radius 2, 8, 32 and 128, then the same with the device
                           kept busy (and its busy time); one 1920×1080 window frame (at 1:1, drawn instead of
                           copied, and at 0.8×), one undo and one redo with 10 and with STROKES strokes (default
                           10000) over the same tiles. --cell-pixels fixes the compute shader's cells (16 to
                           256 pixels wide) instead of choosing them from the dabs' size; --chunk-stamps measures
                           stamps made on the device in chunks of each size named (16, 32, 64; default 64).
                           --host-only measures only the host's share of a compute-shader bake (making the
                           stamps, binning, writing the work), without the device; --kernel-only only the
                           compute shader's time a dab, the same work submitted again and again.
      bench open [FILE]    Open FILE (default: a 4096×4096 document of 10000 strokes, made first) in a fresh
                           process as the window does and show it fitted in a 1920×1080 frame: the time to
                           show it, and resident and peak memory.
      bench predict TRACE  How far the live stroke's guessed continuation reaches and how far it lands from
                           where the recording's pen really was.
      bench store [STROKES]
                           Measure the native file: commit time per finished stroke (p50/p99), open time and
                           file size of a document of STROKES strokes (default 10000), MaLiang-folder export
                           and import time of the same.
      bench selection [STROKES]
                           Drag a selection of STROKES strokes (default 1000) across a 1920×1080 page: the
                           lift, each frame while it moves, the stamping again at pen-up, and its undo.
      bench fill           Tap-fill a closed shape covering most of a 4096×3072 page (without and with gap
                           closing) and a 600×400 one: the lines read, the region found, the fill made and
                           stamped, each timed.
      bench thumbnail [FILE]
                           Time "maliang thumbnail" from start to exit on FILE (default: the drawing bench open
                           makes; FILE is copied, never changed) with nothing kept in it, with its paint kept,
                           and with its preview kept, at 128, 256, 512 and 1024 pixels.
      bench ora            OpenRaster export and import time and size for the drawing bench open makes and for
                           a 4096×4096 drawing of 10 layers; import as maliang import does it (read and
                           written, then stamped with previews, and the paint kept).
      bench timelapse      How fast a 1920×1080 time-lapse of 10,000 strokes is made (frames drawn and encoded),
                           as MP4 and as WebM: frames a second and file size.
      bench soak MINUTES   Drive the painting window on the scripted compositor (maliang-test-compositor, beside
                           this executable) for MINUTES with strokes, undo and redo, zoom, pan and pasted images;
                           print its memory, descriptors, tiles and input → commit time every 5 s; fail if memory
                           grows more than 5 % after the warm-up or frame time does not stay flat.
      help, --help         Show this text; COMMAND --help shows that command's part.
      version, --version   Show the version.

    """

/// The commands that take arguments of their own (each answers --help with its part of ``usage``).
let commands = ["info", "import", "export", "render", "replay", "thumbnail", "timelapse", "bench"]

/// The entries of ``usage`` for `words` (a command, and for bench its kind): each entry's lines, as written there.
func commandUsage(_ words: [String]) -> String? {
    var entries: [[Substring]] = []
    var taking = false
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
        let indent = line.prefix { $0 == " " }.count
        if indent == 2 {
            let named = line.split(separator: " ").prefix(words.count).map(String.init)
            taking = named == words
            if taking { entries.append([line]) }
        } else if taking && indent > 2 {
            entries[entries.count - 1].append(line)
        } else {
            taking = false
        }
    }
    guard !entries.isEmpty else { return nil }
    return "Usage:\n" + entries.map { $0.joined(separator: "\n") + "\n" }.joined()
}

extension CommandLine {
    /// Runs the command in `arguments`; returns the process exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if let first = arguments.first, commands.contains(first),
            arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" })
        {
            // `maliang bench render --help`: that kind's entry; `maliang render --help`: the command's.
            let kind = arguments.dropFirst().first.map { $0.hasPrefix("-") ? [] : [$0] } ?? []
            print(commandUsage([first] + kind) ?? commandUsage([first]) ?? usage, terminator: "")
            return 0
        }
        do {
            switch arguments.first {
            case "help", "--help", "-h":
                print(usage, terminator: "")
                return 0
            case "version", "--version", "-V":
                print("maliang \(Version.number)")
                return 0
            case nil:
                return try PaintingApp(path: nil).run()
            case let first?
            where ["--insert", "--pen-only", "--actual-pixels", "--size", "--paper"].contains(first)
                || first.hasSuffix(".maliang")
                || (first.contains("/") && !first.hasPrefix("-")):
                return try openWindow(arguments)
            case "info":
                try DocumentCommands.info(Array(arguments.dropFirst()))
                return 0
            case "import":
                try DocumentCommands.importFolder(Array(arguments.dropFirst()))
                return 0
            case "export":
                try DocumentCommands.exportFolder(Array(arguments.dropFirst()))
                return 0
            case "render":
                try RenderCommands.render(Array(arguments.dropFirst()))
                return 0
            case "replay":
                try RenderCommands.replay(Array(arguments.dropFirst()))
                return 0
            case "thumbnail":
                try ThumbnailCommand.run(Array(arguments.dropFirst()))
                return 0
            case "timelapse":
                try TimeLapseCommand.run(Array(arguments.dropFirst()))
                return 0
            case "bench":
                try BenchCommand.run(Array(arguments.dropFirst()))
                return 0
            case let path?
            where !path.hasPrefix("-") && arguments.count == 1
                && (path.hasSuffix(".maliang") || path.lowercased().hasSuffix(".ora") || path.contains("/")):
                return try PaintingApp(path: path).run()
            case let other? where other.hasPrefix("-"):
                throw UsageError("unknown option \"\(other)\"")
            case let other?:
                throw UsageError("unknown command \"\(other)\"")
            }
        } catch let error as CancelledError {
            FileHandle.standardError.write(Data("maliang: \(error)\n".utf8))
            return 130
        } catch let error as UsageError {
            // The one line that matters, not the whole help.
            FileHandle.standardError.write(
                Data("maliang: \(error.message)\nRun \"maliang --help\" for every command.\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("maliang: \(error)\n".utf8))
            return 1
        }
    }
}

/// `maliang [FILE.maliang] [--insert IMAGE.png]...`
func openWindow(_ arguments: [String]) throws -> Int32 {
    var path: String?
    var images: [String] = []
    var penOnly = false
    var actualPixels = false
    var size: Size?
    var paper: Color?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        if argument == "--pen-only" {
            penOnly = true
        } else if argument == "--actual-pixels" {
            actualPixels = true
        } else if argument == "--size" {
            size = try RenderCommands.parseSize(rest.popFirst() ?? "")
        } else if argument == "--paper" {
            let value = rest.popFirst() ?? ""
            guard let color = value == "none" ? Color.clear : Color(hex: value) else {
                throw UsageError("--paper needs a colour (RRGGBB, like F6F0E1) or none, not \"\(value)\"")
            }
            paper = color
        } else if argument == "--insert" {
            guard let image = rest.popFirst() else { throw UsageError("--insert needs a PNG image") }
            images.append(image)
        } else if path == nil && !argument.hasPrefix("-") {
            path = argument
        } else {
            throw UsageError("unexpected argument \"\(argument)\"")
        }
    }
    if size != nil || paper != nil {
        guard let path else { throw UsageError("--size and --paper need the new drawing's FILE.maliang") }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw UsageError("--size and --paper are for a new drawing: \(path) exists")
        }
    }
    let page = (size: size ?? PaintingApp.defaultPage.size, paper: paper ?? PaintingApp.defaultPage.paper)
    return try PaintingApp(path: path, penOnly: penOnly, newPage: page, actualPixels: actualPixels).run(
        inserting: images)
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
