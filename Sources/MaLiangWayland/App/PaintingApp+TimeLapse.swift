import Foundation
import MaLiangEditor
import MaLiangStore

/// A time-lapse from the Export dialog: made by `maliang timelapse` in a process of its own from the saved
/// drawing, its progress in the status strip, Escape stopping it.
extension PaintingApp {
    /// The menu's "Export a time-lapse": asks where, MP4 or WebM by the filter or the name's ending.
    func exportTimeLapse() {
        let name = file.url.deletingPathExtension().lastPathComponent + " time-lapse.mp4"
        desktop.fileChooser.save(
            title: "Export a Time-lapse", acceptLabel: "_Export", name: name, folder: suggestedFolder,
            filters: [Self.timeLapseMP4, Self.timeLapseWebM]
        ) { [unowned self] answer in
            switch answer {
            case .chosen(let chosen, _, let filter):
                let kind = chosen.pathExtension.lowercased()
                let webm = kind == "webm" || (kind != "mp4" && filter == Self.timeLapseWebM.name)
                startTimeLapse(
                    to: ["mp4", "webm"].contains(kind) ? chosen : chosen.appendingPathExtension(webm ? "webm" : "mp4"))
            case .cancelled: break
            case .failed(let reason):
                let beside = FileNames.unused(
                    file.url.deletingPathExtension().appendingPathExtension("mp4"))
                post(.info, "No file dialog (\(reason)): the time-lapse goes beside the drawing")
                startTimeLapse(to: beside)
            }
        }
    }

    func startTimeLapse(to url: URL) {
        guard timeLapse == nil else {
            post(.info, "A time-lapse is being made already (\(timeLapse?.percent ?? 0) %); Escape stops it")
            return
        }
        // It reads the drawing from its file: everything drawn must be there first.
        canvas.finishStrokes()
        guard applier.retrySaving() == .saved else {
            post(.error, "No time-lapse: the drawing's changes are not all written yet")
            return
        }
        let job: TimeLapseJob
        do {
            job = try TimeLapseJob(document: file.url, output: url, loop: loop)
        } catch {
            post(.error, "No time-lapse: \(error)")
            return
        }
        timeLapse = job
        post(.info, "Making the time-lapse \(url.lastPathComponent)… Escape stops it")
        var shown = 0
        job.onProgress = { [unowned self] percent in
            // Every tenth: the strip says it is under way without flickering.
            guard percent / 10 > shown / 10 else { return }
            shown = percent
            post(.info, "Making the time-lapse \(url.lastPathComponent): \(percent) %… Escape stops it")
        }
        job.onEnd = { [unowned self] ending in
            timeLapse = nil
            switch ending {
            case .finished:
                post(
                    .info, "Exported the time-lapse \(url.lastPathComponent) to \(url.deletingLastPathComponent().path)"
                )
            case .cancelled:
                post(.info, "The time-lapse was stopped; nothing was written")
            case .failed(let reason):
                post(.error, "The time-lapse failed: \(reason)")
            }
        }
    }
}
