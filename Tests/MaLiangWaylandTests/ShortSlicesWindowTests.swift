import Foundation
import TestCompositor
import Testing
import WaylandTestSupport

/// The painting window runs every thread in 0.1 ms scheduling slices, so a pen sample is let in soon on a busy
/// machine (`maliang-test-compositor --latency --busy-cores 2` measures it). Every thread counts: the renderer's,
/// the device's and the stamping cores' all start after the window asked, and inherit it. Needs Linux 6.12 or
/// later (slices one can ask for) and the scheduler's per-task figures in /proc.
@Suite(.enabled(if: SchedulerFigures.kernelHasSlices, "the kernel has no scheduling slices to ask for"))
struct ShortSlicesWindowTests {
    @Test func everyThreadOfTheWindowRunsInShortSlices() throws {
        let session = try AppSession.withTablet()
        try session.pen(points((200, 300), (900, 420), count: 60))
        session.settle()
        let tasks = "/proc/\(session.process.processIdentifier)/task"
        let threads = try FileManager.default.contentsOfDirectory(atPath: tasks)
        let slices = threads.map { SchedulerFigures.slice(ofTask: "\(tasks)/\($0)") }
        print("window threads: \(threads.count), slices \(Set(slices.compactMap { $0 }).sorted()) ns")
        // The test's own slice is the default: the window's are its own doing.
        #expect(SchedulerFigures.slice(ofTask: "/proc/self") != 100_000)
        #expect(threads.count > 2)
        #expect(slices.allSatisfy { $0 == 100_000 }, "\(zip(threads, slices).map { "\($0): \($1 ?? -1)" })")
        #expect(session.terminate() == 0, "\(session.log)")
    }
}

/// What the scheduler says of a task.
enum SchedulerFigures {
    /// Whether tasks can ask for their own slices (Linux 6.12) and /proc shows them.
    static var kernelHasSlices: Bool {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let version = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard version.count == 2, (version[0], version[1]) >= (6, 12) else { return false }
        return slice(ofTask: "/proc/self") != nil
    }

    /// A task's slice in nanoseconds, from its scheduler figures (`se.slice`).
    static func slice(ofTask path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path + "/sched", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("se.slice") }
        return line?.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

}
