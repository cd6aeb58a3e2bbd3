import Foundation
import Testing
import WaylandScanner

/// The generated code for the fixture is compared with committed snapshots. After a deliberate generator change,
/// regenerate them with `MALIANG_UPDATE_GOLDEN=1 swift test --filter GoldenOutputTests` and review the diff.
@Suite struct GoldenOutputTests {
    static let outputs: [(String, @Sendable (WaylandProtocol) throws -> String)] = [
        ("every-type.enums.swift.txt", { EnumEmitter.emit($0) }),
        ("every-type.client.swift.txt", { try BindingEmitter(side: .client).emit($0) }),
        ("every-type.server.swift.txt", { try BindingEmitter(side: .server).emit($0) }),
        ("every-type.header.h.txt", { InterfaceHeaderEmitter.emit([$0]) }),
    ]

    @Test(arguments: outputs.map(\.0))
    func generatedCodeMatchesTheSnapshot(name: String) throws {
        let proto = try ProtocolParser.parse(contentsOf: fixture("every-type.xml"))
        let emit = try #require(Self.outputs.first { $0.0 == name }?.1)
        let generated = try emit(proto)
        let url = fixture(name)
        if ProcessInfo.processInfo.environment["MALIANG_UPDATE_GOLDEN"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(generated == expected, "regenerate with MALIANG_UPDATE_GOLDEN=1 after a deliberate change")
    }
}

@Suite struct GeneratedShapeTests {
    let proto: WaylandProtocol

    init() throws { proto = try ProtocolParser.parse(contentsOf: fixture("every-type.xml")) }

    @Test func requestsAreTypedMethods() throws {
        let client = try BindingEmitter(side: .client).emit(proto)
        #expect(
            client.contains(
                "public func setAll(count: Int32, size: UInt32, scale: Double, label: String, maybeLabel: String?, peer: MlPeer, maybePeer: MlPeer?, data: [UInt8], fd: Int32, mode: MlSampleMode, flags: MlSampleFlags, signedMode: MlSampleMode)"
            ))
        #expect(client.contains("public func makePeer(`default`: Int32) -> MlPeer"))
        #expect(
            client.contains(
                "public func bindAny<Object: WaylandObject & WaylandInterface>(_ type: Object.Type, version requestedVersion: UInt32) -> Object"
            ))
        #expect(client.contains("requireVersion(2, for: \"bind_any\")"))
        #expect(client.contains("send(opcode: 0, arguments: &arguments, destroying: true)"))
    }

    @Test func everyEventHasACaseAndEveryOpcodeIsDecoded() throws {
        let client = try BindingEmitter(side: .client).emit(proto)
        #expect(
            client.contains(
                "case changed(count: Int32, scale: Double, label: String, maybeLabel: String?, peer: MlPeer, maybePeer: MlPeer?, data: [UInt8], mode: MlSampleMode)"
            ))
        #expect(client.contains("case peerAdded(peer: MlPeer)"))
        for opcode in 0..<3 { #expect(client.contains("case \(opcode):")) }
        // An object created by an event is adopted (and so routed) before the handler sees it.
        #expect(client.contains("owner.adopt($0, MlPeer.self, version: version)"))
        // File descriptors of unhandled events are closed, not leaked.
        #expect(
            client.contains(
                "case 2:\n                guard let onEvent else { WaylandFD.close(arguments[0].h); return }"))
    }

    @Test func enumsKeepUnknownValuesAndBitfieldsAreOptionSets() {
        let enums = EnumEmitter.emit(proto)
        #expect(enums.contains("public enum MlSampleMode: Hashable, Sendable"))
        #expect(enums.contains("case _90"))
        #expect(enums.contains("case unrecognized(UInt32)"))
        #expect(enums.contains("public struct MlSampleFlags: OptionSet, Hashable, Sendable"))
        #expect(enums.contains("public enum MlSampleErrorCode"))
    }

    @Test func theServerSideDestroysOnDestructorRequestsAndSkipsEventsTooNewForTheResource() throws {
        let server = try BindingEmitter(side: .server).emit(proto)
        #expect(server.contains("defer { destroy() }"))
        #expect(server.contains("guard version >= 3 else { return created }"))
        #expect(
            server.contains(
                "public func changed(count: Int32, scale: Double, label: String, maybeLabel: String?, peer: MlPeerResource, maybePeer: MlPeerResource?, data: [UInt8], mode: MlSampleMode)"
            ))
    }
}
