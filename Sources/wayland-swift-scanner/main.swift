import Foundation
import WaylandScanner

/// wayland-swift-scanner: generates the Swift bindings and the interface header from protocol XML files.
///
///     wayland-swift-scanner --enums DIR --client DIR --server DIR --header FILE XML...
let usage = "usage: wayland-swift-scanner --enums DIR --client DIR --server DIR --header FILE PROTOCOL.xml..."

var options: [String: String] = [:]
var inputs: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument.hasPrefix("--") {
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("\(usage)\n".utf8))
            exit(2)
        }
        options[String(argument.dropFirst(2))] = value
    } else {
        inputs.append(argument)
    }
}
guard let enumsDir = options["enums"], let clientDir = options["client"], let serverDir = options["server"],
    let header = options["header"], !inputs.isEmpty
else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}

func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
}

do {
    let protocols = try inputs.map { try ProtocolParser.parse(contentsOf: URL(fileURLWithPath: $0)) }
    for proto in protocols {
        let file = SwiftNames.fileName(proto.name)
        try write(EnumEmitter.emit(proto), to: "\(enumsDir)/\(file)")
        try write(try BindingEmitter(side: .client).emit(proto), to: "\(clientDir)/\(file)")
        try write(try BindingEmitter(side: .server).emit(proto), to: "\(serverDir)/\(file)")
    }
    try write(InterfaceHeaderEmitter.emit(protocols), to: header)
} catch {
    FileHandle.standardError.write(Data("wayland-swift-scanner: \(error)\n".utf8))
    exit(1)
}
