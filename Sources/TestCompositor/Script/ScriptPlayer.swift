import Foundation

/// Plays a script against a compositor: each ``advance()`` runs steps until one has to wait.
public final class ScriptPlayer {
    public let script: Script
    private let compositor: ScriptedCompositor
    private var next = 0
    private var sleepUntil: ContinuousClock.Instant?
    private var commitsAtWait: Int?

    public init(script: Script, compositor: ScriptedCompositor) {
        self.script = script
        self.compositor = compositor
    }

    public var isFinished: Bool { next >= script.steps.count }

    /// The line of the step being played or waited on.
    public var currentLine: Int? { isFinished ? nil : script.steps[next].number }

    /// Runs steps until the script ends (returns `true`) or a step must wait (returns `false`).
    @discardableResult
    public func advance() throws(ScriptError) -> Bool {
        while !isFinished {
            let line = script.steps[next]
            guard try run(line.step, line: line.number) else { return false }
            next += 1
        }
        return true
    }

    /// Runs one step; `false` when it must wait and be tried again.
    private func run(_ step: ScriptStep, line: Int) throws(ScriptError) -> Bool {
        do {
            switch step {
            case .wait(let condition):
                switch condition {
                case .mapped: return compositor.focusedToplevel != nil
                case .tabletSeat: return compositor.tabletSeatCount > 0
                case .commit:
                    guard let start = commitsAtWait else {
                        commitsAtWait = compositor.commitCount
                        return false
                    }
                    guard compositor.commitCount > start else { return false }
                    commitsAtWait = nil
                }
            case .sleep(let milliseconds):
                guard let until = sleepUntil else {
                    sleepUntil = .now + .milliseconds(milliseconds)
                    return false
                }
                guard ContinuousClock.now >= until else { return false }
                sleepUntil = nil
            case .addGlobal(let global): compositor.advertise(global)
            case .tablet(let spec): try compositor.addTablet(spec)
            case .tool(let spec): try compositor.addTool(spec)
            case .removeTool(let id): try compositor.removeTool(id)
            case .removeTablet(let id): try compositor.removeTablet(id)
            case .toolFrame(let tool, let events, let time, let endFrame):
                try compositor.sendToolFrame(tool: tool, events, time: time, endFrame: endFrame)
            case .pointer(let events): try compositor.sendPointer(events)
            case .keyboard(let events): try compositor.sendKeyboard(events)
            case .touch(let events): try compositor.sendTouch(events)
            case .configure(let width, let height, let states):
                guard let window = compositor.focusedToplevel else {
                    throw CompositorError("no mapped window to configure")
                }
                compositor.configure(window, width: width, height: height, states: states)
            case .close:
                guard let window = compositor.focusedToplevel else {
                    throw CompositorError("no mapped window to close")
                }
                compositor.close(window)
            case .clock(let nanoseconds): compositor.presentationClock = nanoseconds
            case .dump(let path):
                guard let image = compositor.focusedToplevel?.image else {
                    throw CompositorError("no committed pixels to dump")
                }
                try image.writePNG(to: path)
            }
        } catch let error as CompositorError {
            throw ScriptError(line: line, error.description)
        } catch {
            throw ScriptError(line: line, "\(error)")
        }
        return true
    }
}
