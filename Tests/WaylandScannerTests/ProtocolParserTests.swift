import Foundation
import Testing
import WaylandScanner

func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
}

@Suite struct ProtocolParserTests {
    @Test func readsEveryArgumentTypeSinceVersionsAndDestructors() throws {
        let proto = try ProtocolParser.parse(contentsOf: fixture("every-type.xml"))
        #expect(proto.name == "every_type")
        let sample = try #require(proto.interfaces.first)
        #expect(sample.name == "ml_sample" && sample.version == 3)
        #expect(sample.summary == "an interface using every argument type")
        #expect(sample.requests.map(\.name) == ["destroy", "set_all", "make_peer", "bind_any"])
        #expect(sample.requests[0].isDestructor && !sample.requests[1].isDestructor)
        #expect(sample.requests[3].since == 2 && sample.events[1].since == 3 && sample.events[0].since == 1)
        let kinds = sample.requests[1].arguments.map(\.kind)
        #expect(kinds == [.int, .uint, .fixed, .string, .string, .object, .object, .array, .fd, .uint, .uint, .int])
        #expect(sample.requests[1].arguments[4].allowsNull && !sample.requests[1].arguments[3].allowsNull)
        #expect(sample.requests[1].arguments[5].interface == "ml_peer")
        #expect(
            sample.requests[2].arguments[0].kind == .newID && sample.requests[2].arguments[0].interface == "ml_peer")
        #expect(sample.requests[3].arguments[0].kind == .newID && sample.requests[3].arguments[0].interface == nil)
        #expect(sample.enums.map(\.name) == ["mode", "flags", "error"])
        #expect(sample.enums[0].entries.map(\.value) == [0, 1, 0x5a])
        #expect(sample.enums[1].isBitfield)
    }

    @Test func reportsBrokenXML() {
        #expect(throws: ProtocolParser.ParseError.self) {
            try ProtocolParser.parse(data: Data("<protocol name=\"x\"><interface name=\"a\"".utf8))
        }
        #expect(throws: ProtocolParser.ParseError.self) {
            try ProtocolParser.parse(
                data: Data(
                    "<protocol name=\"x\"><interface name=\"a\" version=\"1\"><request name=\"r\"><arg name=\"q\" type=\"float\"/></request></interface></protocol>"
                        .utf8))
        }
    }

    @Test func readsTheRealTabletProtocol() throws {
        let url = URL(fileURLWithPath: "/usr/share/wayland-protocols/unstable/tablet/tablet-unstable-v2.xml")
        let proto = try ProtocolParser.parse(contentsOf: url)
        let tool = try #require(proto.interfaces.first { $0.name == "zwp_tablet_tool_v2" })
        #expect(tool.events.count == 19)
        #expect(tool.enums.first { $0.name == "type" }?.entries.first?.value == 0x140)
    }
}
