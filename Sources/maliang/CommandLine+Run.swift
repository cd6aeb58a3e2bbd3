import Foundation
import MaLiang

/// Usage text: every command the executable understands.
let usage = """
    Usage: maliang COMMAND [ARGUMENTS]

    Commands:
      bench engine TRACE   Replay a stylus recording (libmypaint's "time x y pressure" lines) through the
                           default brush's stroke engine and print stamps/s, stamps, samples and wall time.
      help, --help         Show this text.

    """

extension CommandLine {
    /// Runs the command in `arguments`; returns the process exit status.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            switch arguments.first {
            case nil, "help", "--help", "-h":
                print(usage, terminator: "")
                return arguments.isEmpty ? 2 : 0
            case "bench":
                try BenchCommand.run(Array(arguments.dropFirst()))
                return 0
            case let other?:
                throw UsageError("unknown command \"\(other)\"")
            }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("maliang: \(error.message)\n\n\(usage)".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("maliang: \(error)\n".utf8))
            return 1
        }
    }
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
