import Foundation
import MaLiangEditor

/// A time-lapse from the Export dialog: made by `maliang timelapse` in a process of its own from the saved
/// drawing, its progress in the status strip, Escape stopping it.
extension PaintingApp {
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
