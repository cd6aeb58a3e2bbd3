import Foundation
import TestCompositor
import Testing
import WaylandTestSupport

/// Drawing must not hand memory back to the system only to fault it in again at the next sample: with the heaps'
/// trim threshold at glibc's default, lavapipe's queue thread returned a 64 KiB block ~1,900 times a second, and
/// the window paid about 250 page faults a sample (a third of its time). (Not under AddressSanitizer, whose allocator
/// is its own.)
@Suite(.disabled(if: Sanitizer.addressIsOn, "AddressSanitizer's allocator does not follow glibc's settings"))
struct DrawingPageFaultTests {
    /// Minor page faults of a process so far (/proc/PID/stat, field 10).
    static func minorFaults(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        return try #require(Int(fields[7]))
    }

    @Test func strokesOverPaintedTilesFaultInAlmostNoMemory() throws {
        let session = try AppSession.withTablet()
        let line = points((200, 300), (900, 420), count: 160)
        // The first strokes make the tiles, the wet tiles' pool and the pipelines: memory that stays.
        for _ in 0..<2 { try session.pen(line) }
        session.settle()
        let pid = session.process.processIdentifier
        let before = try Self.minorFaults(of: pid)
        let commitsBefore = session.compositor.focusedToplevel?.surface.commitCount ?? 0
        // Each sample shown before the next comes, as a pen at the display's pace is.
        try session.compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: line[0].0, y: line[0].1), .down, .pressure(50_000)])
        for point in line.dropFirst() {
            try session.compositor.sendToolFrame(tool: "pen", [.motion(x: point.0, y: point.1), .pressure(50_000)])
            session.waitForCommit()
        }
        try session.compositor.sendToolFrame(tool: "pen", [.up, .proximityOut])
        session.settle()
        let faults = try Self.minorFaults(of: pid) - before
        let commits = (session.compositor.focusedToplevel?.surface.commitCount ?? 0) - commitsBefore
        print("drawing: \(faults) page faults over \(line.count) samples, \(commits) commits")
        #expect(commits >= line.count - 1)
        // About 4 per sample here; about 250 when the heaps were trimmed at 128 KiB.
        #expect(faults < line.count * 64, "\(faults) page faults over \(line.count) samples")
    }
}
