import Glibc
import WaylandProtocol
import WaylandServer

extension ScriptedCompositor {
    func advertiseOutput() -> any WithdrawableGlobal {
        WaylandGlobal<WlOutputResource>(display, version: options.version(of: .output, newest: 4)) {
            [unowned self] output in
            outputs.append(output)
            output.onDestroy = { [unowned self, weak output] in outputs.removeAll { $0 === output } }
            output.onRequest = { _ in }
            output.geometry(
                x: 0, y: 0, physicalWidth: 520, physicalHeight: 290, subpixel: .unknown, make: "MaLiang",
                model: "Scripted", transform: .normal)
            output.mode(
                flags: [.current, .preferred], width: options.outputWidth, height: options.outputHeight, refresh: 60_000
            )
            output.scale(factor: outputScale)
            output.name(name: "SCRIPTED-1")
            output.description(description: "Scripted test output")
            output.done()
        }
    }

    func advertisePresentation() -> any WithdrawableGlobal {
        WaylandGlobal<WpPresentationResource>(display, version: options.version(of: .presentation, newest: 1)) {
            [unowned self] presentation in
            presentation.clockId(clkId: UInt32(CLOCK_MONOTONIC))
            presentation.onRequest = { [unowned self] request in
                switch request {
                case .feedback(let surface, let callback):
                    self.presentation.feedbacks.append((ObjectIdentifier(surface), callback))
                case .destroy: break
                }
            }
        }
    }

    /// The presentation time now: the test's clock when set, CLOCK_MONOTONIC otherwise.
    public func presentationTimeNanoseconds() -> UInt64 {
        if let presentationClock { return presentationClock }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    func presentFeedbacks(for surface: Surface) {
        let key = ObjectIdentifier(surface.resource)
        let due = presentation.feedbacks.filter { $0.surface == key }
        guard !due.isEmpty else { return }
        presentation.feedbacks.removeAll { $0.surface == key }
        presentation.sequence += 1
        let now = presentationTimeNanoseconds()
        let seconds = now / 1_000_000_000
        for (_, feedback) in due where feedback.isAlive {
            feedback.presented(
                tvSecHi: UInt32(truncatingIfNeeded: seconds >> 32), tvSecLo: UInt32(truncatingIfNeeded: seconds),
                tvNsec: UInt32(now % 1_000_000_000), refresh: 16_666_667,
                seqHi: UInt32(truncatingIfNeeded: presentation.sequence >> 32),
                seqLo: UInt32(truncatingIfNeeded: presentation.sequence), flags: [.vsync, .hwClock])
            feedback.destroy()
        }
    }
}
