import Foundation
import MaLiang
import MaLiangEditor
import MaLiangStore

/// New, open, save as and export: the desktop's own file dialogs (``FileChooser``), each answer carried out here
/// and told in the status strip. Where no portal answers, the window says so and does what it can without one.
extension PaintingApp {
    static let drawings = FileChooser.Filter(name: "MaLiang drawings", patterns: ["*.maliang"])
    static let pngImages = FileChooser.Filter(name: "PNG images", patterns: ["*.png"])
    static let openRaster = FileChooser.Filter(name: "OpenRaster (layers kept)", patterns: ["*.ora"])
    static let timeLapseMP4 = FileChooser.Filter(name: "Time-lapse video (MP4)", patterns: ["*.mp4"])
    static let timeLapseWebM = FileChooser.Filter(name: "Time-lapse video (WebM)", patterns: ["*.webm"])
    /// What Open takes: drawings, and OpenRaster files (imported into a new drawing).
    static let openable = FileChooser.Filter(name: "Drawings and OpenRaster files", patterns: ["*.maliang", "*.ora"])
    static let mimeType = "application/x-maliang"

    /// A new, empty drawing among the user's drawings, in a window of its own.
    func newDocument(size: Size, background: Color) {
        let folder = AutosaveLocation.url().deletingLastPathComponent()
        let url = FileNames.unused(folder.appendingPathComponent("Drawing.maliang"))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Made here, so two quick presses never pick the same name.
            try DocumentFile.create(at: url, size: size, background: background).close()
        } catch {
            post(.error, "Cannot make a new drawing: \(error)")
            return
        }
        openWindow(for: url, saying: "New drawing \(url.lastPathComponent), in a new window (\(url.path))")
    }

    /// Asks for a drawing and opens it in a window of its own — in place of this one when this one is empty.
    func openDocument() {
        desktop.fileChooser.open(
            title: "Open a Drawing", acceptLabel: "_Open", filters: [Self.openable, Self.drawings, Self.openRaster]
        ) {
            [unowned self] answer in
            switch answer {
            case .chosen(let url, _, _):
                guard url.standardizedFileURL != file.url.standardizedFileURL else {
                    post(.info, "\(url.lastPathComponent) is the drawing in this window")
                    return
                }
                let isOpenRaster = url.pathExtension.lowercased() == "ora"
                remember(url, mimeType: isOpenRaster ? "image/openraster" : Self.mimeType)
                // An empty window gives way to the drawing asked for, as a new window would be pointless.
                let replacing = document.elements.isEmpty && !session.document.canUndo
                openWindow(
                    for: url,
                    saying: isOpenRaster
                        ? "Importing \(url.path) into a new drawing, in a new window"
                        : "Opening \(url.path) in a new window")
                if replacing { running = false }
            case .cancelled: break
            case .failed(let reason):
                post(.error, "No file dialog: \(reason). From a terminal, maliang DRAWING.maliang opens one")
            }
        }
    }

    /// Asks for a new name and place, writes the drawing there whole, and goes on there; the old file stays as it
    /// was.
    func saveAs() {
        desktop.fileChooser.save(
            title: "Save the Drawing As", acceptLabel: "_Save", name: file.url.lastPathComponent,
            folder: suggestedFolder, filters: [Self.drawings]
        ) { [unowned self] answer in
            switch answer {
            case .chosen(let chosen, _, _):
                let url = chosen.pathExtension == "maliang" ? chosen : chosen.appendingPathExtension("maliang")
                guard url.standardizedFileURL != file.url.standardizedFileURL else {
                    post(.info, "Saved: every change is written to \(file.url.path) as it happens")
                    return
                }
                canvas.finishStrokes()
                guard applier.retrySaving() == .saved else {
                    post(
                        .error, "Cannot save as \(url.lastPathComponent): the drawing's changes are not all written yet"
                    )
                    return
                }
                let old = file.url
                do throws(StoreError) {
                    try file.move(to: url)
                } catch {
                    post(.error, "Cannot save as \(url.path): \(error.message)")
                    return
                }
                remember(url, mimeType: Self.mimeType)
                window.showTitle(for: file.url)
                post(.info, "Saved as \(url.path); changes go there now (\(old.lastPathComponent) stays as it was)")
            case .cancelled: break
            case .failed(let reason):
                post(.error, "No file dialog: \(reason). The drawing is saved as it changes in \(file.url.path)")
            }
        }
    }

    /// Asks where to export and how, then writes the file and names it: a PNG — with or without the paper, at 1, 2
    /// or 4 times the drawing's size, the whole page or only what is drawn — or, with the OpenRaster filter or an
    /// `.ora` name, the layers kept for Krita, GIMP and MyPaint; or, with a time-lapse filter or an `.mp4` or
    /// `.webm` name, a video of the drawing being made (``startTimeLapse(to:)``). Without a portal, a PNG goes
    /// beside the drawing (never over an earlier export).
    func exportPNG() {
        let name = file.url.deletingPathExtension().lastPathComponent + ".png"
        let choices = [
            FileChooser.Choice(id: "background", label: "With the paper (else transparent)", initial: "true"),
            FileChooser.Choice(
                id: "scale", label: "Size", options: [("1", "Drawing size"), ("2", "Twice"), ("4", "Four times")],
                initial: "1"),
            FileChooser.Choice(
                id: "area", label: "Area", options: [("page", "The whole page"), ("drawn", "Only what is drawn")],
                initial: "page"),
        ]
        desktop.fileChooser.save(
            title: "Export", acceptLabel: "_Export", name: name, folder: suggestedFolder,
            filters: [Self.pngImages, Self.openRaster, Self.timeLapseMP4, Self.timeLapseWebM], choices: choices
        ) { [unowned self] answer in
            switch answer {
            case .chosen(let chosen, let made, let filter):
                let kind = chosen.pathExtension.lowercased()
                if ["mp4", "webm"].contains(kind) {
                    startTimeLapse(to: chosen)
                    return
                }
                if filter == Self.timeLapseMP4.name || filter == Self.timeLapseWebM.name {
                    startTimeLapse(to: chosen.appendingPathExtension(filter == Self.timeLapseMP4.name ? "mp4" : "webm"))
                    return
                }
                if kind == "ora" || (kind != "png" && filter == Self.openRaster.name) {
                    exportOpenRaster(to: kind == "ora" ? chosen : chosen.appendingPathExtension("ora"))
                    return
                }
                let url = kind == "png" ? chosen : chosen.appendingPathExtension("png")
                let scale = made["scale"].flatMap(Double.init).flatMap { [1, 2, 4].contains($0) ? $0 : nil } ?? 1
                export(
                    to: url, scale: scale, background: made["background"] != "false",
                    area: made["area"] == "drawn" ? .drawn : .page, note: nil)
            case .cancelled: break
            case .failed(let reason):
                let beside = FileNames.unused(file.url.deletingPathExtension().appendingPathExtension("png"))
                export(to: beside, scale: 1, background: true, area: .page, note: "no file dialog: \(reason)")
            }
        }
    }

    private func exportOpenRaster(to url: URL) {
        do {
            let layers = try canvas.exportOpenRaster(to: url)
            remember(url, mimeType: "image/openraster")
            post(
                .info,
                "Exported \(url.lastPathComponent) — \(layers) layers — to " + url.deletingLastPathComponent().path)
        } catch {
            post(.error, "Export failed: \(error)")
        }
    }

    private func export(to url: URL, scale: Double, background: Bool, area: ExportArea, note: String?) {
        do {
            let size = try canvas.exportPNG(to: url, scale: scale, background: background, area: area)
            remember(url, mimeType: "image/png")
            let paper = background ? "with the paper" : "transparent"
            post(
                .info,
                "Exported \(url.lastPathComponent) — \(size.width)×\(size.height) px, \(paper) — to "
                    + url.deletingLastPathComponent().path + (note.map { " (\($0))" } ?? ""))
        } catch {
            post(.error, "Export failed: \(error)")
        }
    }

    /// Where a dialog starts: the drawing's folder, unless that is the app's own folder of drawings.
    var suggestedFolder: URL? {
        let folder = file.url.deletingLastPathComponent()
        return folder == AutosaveLocation.url().deletingLastPathComponent() ? nil : folder
    }

    private func openWindow(for url: URL, saying text: String) {
        if let failure = desktop.launcher.open(url) {
            post(.error, failure.prefix(1).uppercased() + failure.dropFirst())
        } else {
            post(.info, text)
        }
    }

    /// Puts `url` in the desktop's recently-used list; says so when that list cannot take it.
    private func remember(_ url: URL, mimeType: String) {
        if let failure = RecentFiles.add(url, mimeType: mimeType) {
            post(.warning, "\(url.lastPathComponent) is not in the recently used list: \(failure)")
        }
    }

    func post(_ severity: StatusMessage.Severity, _ text: String) {
        applier.post(StatusMessage(severity, text))
        presenter.request()
    }
}
