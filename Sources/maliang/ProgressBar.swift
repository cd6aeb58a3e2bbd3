import Foundation
import Glibc

/// A progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar {
    private let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = -1

    init(_ label: String) { self.label = label }

    func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        guard percent != shown else { return }
        shown = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(percent)%".utf8))
    }

    func finish() {
        guard enabled, shown >= 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
