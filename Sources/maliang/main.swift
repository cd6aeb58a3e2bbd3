import Foundation

let status = CommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
