import Foundation
import TestCompositor
import Testing
import WaylandProtocol

@Suite struct ScriptParsingTests {
    @Test func parsesEveryAction() throws {
        let script = try Script(
            text: """
                {"globals": ["wl_seat", "zwp_tablet_manager_v2", "wl_compositor"]}
                # a comment, then a blank line

                {"wait": "mapped"}
                {"sleep_ms": 16}
                {"add_global": "wp_presentation"}
                {"tablet": {"id": "t", "name": "Cintiq", "vid": 1386, "pid": 1, "path": null}}
                {"tool": {"id": "e", "type": "eraser", "serial": 7, "wacom_id": null, "capabilities": ["pressure"]}}
                {"frame": {"tool": "e", "time": 5, "events": [["proximity_in", "t"], ["motion", 1.5, 2], ["pressure", 65535], ["tilt", -3, 4], ["rotation", 90], ["distance", 12], ["slider", -4], ["wheel", 15, 1], ["button", "stylus2", "pressed"], ["down"], ["up"], ["proximity_out"]], "end": false}}
                {"remove_tool": "e"}
                {"remove_tablet": "t"}
                {"pointer": [["enter", 1, 2], ["motion", 3, 4], ["button", "left", "released"], ["axis", "vertical", 10], ["frame"], ["leave"]]}
                {"keyboard": [["enter"], ["key", 30, "pressed"], ["modifiers", 4, 0, 0, 0], ["leave"]]}
                {"touch": [["down", 1, 5, 6], ["motion", 1, 7, 8], ["up", 1], ["frame"], ["cancel"]]}
                {"configure": {"width": 800, "height": 600, "states": ["fullscreen"]}}
                {"close": true}
                {"clock_ns": 123456789}
                {"dump": "/tmp/x.png"}
                """)
        #expect(script.globals == [.seat, .tabletManager, .compositor])
        #expect(script.steps.count == 15)
        #expect(script.steps[0] == Script.Line(number: 4, step: .wait(.mapped)))
        var tool = ToolSpec(id: "e", type: .eraser)
        tool.hardwareSerial = 7
        tool.wacomID = nil
        tool.capabilities = [.pressure]
        #expect(script.steps[4].step == .tool(tool))
        #expect(
            script.steps[5].step
                == .toolFrame(
                    tool: "e",
                    events: [
                        .proximityIn(tablet: "t"), .motion(x: 1.5, y: 2), .pressure(65535), .tilt(x: -3, y: 4),
                        .rotation(90),
                        .distance(12), .slider(-4), .wheel(degrees: 15, clicks: 1), .button(0x14c, pressed: true),
                        .down, .up,
                        .proximityOut,
                    ], time: 5, endFrame: false))
        #expect(
            script.steps[8].step
                == .pointer([
                    .enter(x: 1, y: 2), .motion(x: 3, y: 4), .button(0x110, pressed: false),
                    .axis(vertical: true, value: 10), .frame, .leave,
                ]))
        #expect(
            script.steps[10].step
                == .touch([.down(id: 1, x: 5, y: 6), .motion(id: 1, x: 7, y: 8), .up(id: 1), .frame, .cancel]))
        #expect(script.steps[11].step == .configure(width: 800, height: 600, states: [.fullscreen]))
        #expect(script.steps[13].step == .clock(nanoseconds: 123_456_789))
    }

    @Test(arguments: [
        (
            "{\"wait\": \"mapped\"}\n{\"frame\": {\"tool\": \"pen\", \"events\": [[\"presure\", 3]]}}", 2,
            "unknown tool event"
        ),
        ("{\"wait\": \"mapped\"}\n\n{\"wait\": \"mapped\"", 3, "not valid JSON"),
        ("{\"sleep_ms\": \"soon\"}", 1, "expected a number"),
        ("{\"frame\": {\"events\": []}}", 1, "missing \"tool\""),
        ("{\"frame\": {\"tool\": \"p\", \"events\": [[\"pressure\", -1]]}}", 1, "expected an integer"),
        ("{\"frame\": {\"tool\": \"p\", \"events\": [[\"motion\", 1]]}}", 1, "takes 2 argument(s)"),
        ("{\"wait\": \"mapped\", \"sleep_ms\": 1}", 1, "exactly one action"),
        ("{\"wait\": \"mapped\"}\n{\"globals\": [\"wl_seat\"]}", 2, "must come before"),
        ("{\"tool\": {\"id\": \"x\", \"type\": \"crayon\"}}", 1, "unknown tool type"),
        ("{\"teleport\": true}", 1, "unknown action"),
    ])
    func aMalformedLineIsReportedWithItsNumber(text: String, line: Int, message: String) {
        do {
            _ = try Script(text: text)
            Issue.record("accepted a malformed script")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("script line \(line): "))
        }
    }
}
