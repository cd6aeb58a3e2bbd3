import Foundation
import Glibc

/// A progress bar on standard error, drawn only when it is a terminal; with `MALIANG_PROGRESS=lines`, a line
/// `progress LABEL PERCENT` on standard output at each whole percent instead, for a program that started this one
/// (the window making a time-lapse).
final class ProgressBar {
    private let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private let lines = ProcessInfo.processInfo.environment["MALIANG_PROGRESS"] == "lines"
    private var shown = -1

    init(_ label: String) { self.label = label }

    func update(_ fraction: Double) {
        guard enabled || lines else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        guard percent != shown else { return }
        shown = percent
        if lines {
            // Unbuffered, so the reader sees each as it comes.
            FileHandle.standardOutput.write(Data("progress \(label) \(percent)\n".utf8))
            return
        }
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(percent)%".utf8))
    }

    func finish() {
        guard enabled, shown >= 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
