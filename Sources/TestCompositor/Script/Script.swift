import Foundation
import WaylandProtocol

/// A test compositor script: JSON Lines, one action per line (see docs/test-compositor.md).
public struct Script: Equatable, Sendable {
    /// Globals in announcement order, from a `globals` line; `nil` for the default order.
    public var globals: [ScriptedCompositor.Global]?
    public var steps: [Line]

    public struct Line: Equatable, Sendable {
        public var number: Int
        public var step: ScriptStep

        public init(number: Int, step: ScriptStep) {
            self.number = number
            self.step = step
        }
    }

    public init(text: String) throws(ScriptError) {
        globals = nil
        steps = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object.count == 1, let (key, value) = object.first
                else { throw ScriptError(line: number, "expected an object with exactly one action") }
                if key == "globals" {
                    guard steps.isEmpty, globals == nil else {
                        throw ScriptError(line: number, "\"globals\" must come before every other action")
                    }
                    globals = try ScriptValue(value, line: number).strings().map { name in
                        guard let global = ScriptedCompositor.Global(rawValue: name) else {
                            throw ScriptError(line: number, "unknown global \"\(name)\"")
                        }
                        return global
                    }
                } else {
                    steps.append(
                        Line(number: number, step: try ScriptStep(key: key, value: ScriptValue(value, line: number))))
                }
            } catch let error as ScriptError {
                throw error
            } catch {
                throw ScriptError(line: number, "not valid JSON: \(error.localizedDescription)")
            }
        }
    }

    public init(contentsOf url: URL) throws(ScriptError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ScriptError(line: 0, "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(text: text)
    }
}

/// A script problem, with the line it is on (0: the file as a whole).
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { line > 0 ? "script line \(line): \(message)" : "script: \(message)" }

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}

/// One action of a script.
public enum ScriptStep: Equatable, Sendable {
    public enum Condition: String, Equatable, Sendable {
        /// A window is mapped.
        case mapped
        /// The client has created a tablet seat.
        case tabletSeat = "tablet_seat"
        /// Any surface commits after this point.
        case commit
    }

    case wait(Condition)
    case sleep(milliseconds: Int)
    case addGlobal(ScriptedCompositor.Global)
    case tablet(TabletSpec)
    case tool(ToolSpec)
    case removeTool(String)
    case removeTablet(String)
    case toolFrame(tool: String, events: [ToolEvent], time: UInt32?, endFrame: Bool)
    case pointer([PointerEvent])
    case keyboard([KeyboardEvent])
    case touch([TouchEvent])
    case configure(width: Int32, height: Int32, states: [XdgToplevelState])
    case close
    /// Sets the presentation clock, in nanoseconds.
    case clock(nanoseconds: UInt64)
    /// Writes the focused window's last committed pixels as PNG.
    case dump(path: String)
}
