import Foundation
import Glibc
import WaylandClient

/// A time-lapse video being made by `maliang timelapse` in a process of its own, so the window stays responsive
/// and a failure there takes nothing here with it. Its progress lines arrive through a pipe the event loop
/// watches; cancelling asks it to stop (SIGINT), and it leaves no file.
final class TimeLapseJob {
    enum Ending: Equatable {
        /// Made; what it says it wrote.
        case finished(String)
        /// Stopped at the user's request.
        case cancelled
        /// Failed; why.
        case failed(String)
    }

    let output: URL
    /// 0…100.
    private(set) var percent = 0
    var onProgress: ((Int) -> Void)?
    var onEnd: ((Ending) -> Void)?
    private let child: pid_t
    private let pipe: Int32
    private var token: Int?
    private let loop: EventLoop
    private var pending = Data()
    private var lastLine = ""

    /// Starts making a time-lapse of the drawing in `document` (saved) into `output`; throws why it could not start.
    init(document: URL, output: URL, loop: EventLoop) throws {
        self.output = output
        self.loop = loop
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else {
            throw Failure(description: "cannot start the time-lapse: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // SIGINT starts blocked: a cancel that comes before the command is ready to stop cleanly waits for it (it
        // unblocks SIGINT once it is). Its standard output and error both go into the pipe.
        let spawned = WindowLauncher.spawn(
            ["timelapse", document.path, "-o", output.path], blocked: [SIGINT], outputTo: ends[1],
            environment: ["MALIANG_PROGRESS": "lines"])
        close(ends[1])
        let child: pid_t
        switch spawned {
        case .success(let started): child = started
        case .failure(let error):
            close(ends[0])
            throw Failure(description: "cannot start the time-lapse: \(error)")
        }
        self.child = child
        pipe = ends[0]
        token = loop.watch(pipe) { [weak self] _ in self?.read() }
    }

    /// Asks it to stop; it leaves no file. False when it has already ended.
    @discardableResult
    func cancel() -> Bool {
        guard token != nil else { return false }
        kill(child, SIGINT)
        return true
    }

    /// Stops it and waits for it (the window is closing).
    func stopAndWait() {
        guard token != nil else { return }
        kill(child, SIGINT)
        while token != nil { read() }
    }

    private func read() {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(pipe, &bytes, bytes.count)
        if count < 0 && errno == EINTR { return }
        guard count > 0 else {
            end()
            return
        }
        pending.append(contentsOf: bytes[0..<count])
        while let newline = pending.firstIndex(of: 10) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == "progress", let value = Int(words[2]) {
                percent = value
                onProgress?(value)
            } else if !line.isEmpty {
                lastLine = line
            }
        }
    }

    private func end() {
        if let token { loop.cancel(token) }
        token = nil
        close(pipe)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        let said = lastLine.hasPrefix("maliang: ") ? String(lastLine.dropFirst(9)) : lastLine
        let signal = status & 0x7f
        let unexpected = exited ? "it ended with status \(code)" : "it was killed by signal \(signal)"
        let ending: Ending =
            exited && code == 0
            ? .finished(said)
            : (exited && code == 130) || (!exited && signal == SIGINT)
                ? .cancelled : .failed(said.isEmpty ? unexpected : said)
        onEnd?(ending)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
