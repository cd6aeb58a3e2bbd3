import Foundation
import TestCompositor
import Testing
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

@Suite struct ScriptPlaybackTests {
    /// The adversarial script reaches the client exactly as written: orders, a missing frame, a removal in
    /// proximity, a serial-less tool.
    @Test func playsTheAdversarialPenScriptInOrder() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/adversarial-pen.jsonl")
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-dump-\(getpid()).png").path
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "DUMP_PATH", with: dump)
        let script = try Script(text: text)
        var options = ScriptedCompositor.Options()
        options.globals = try #require(script.globals)
        let session = try ScriptedSession(options: options)
        let player = ScriptPlayer(script: script, compositor: session.compositor)

        var log: [String] = []
        var tools: [ZwpTabletToolV2] = []
        let registry = session.registry
        let seat = registry.bind(try #require(registry.first(WlSeat.self)), WlSeat.self)
        seat.onEvent = { _ in }
        let manager = registry.bind(try #require(registry.first(ZwpTabletManagerV2.self)), ZwpTabletManagerV2.self)
        let tabletSeat = manager.getTabletSeat(seat: seat)
        tabletSeat.onEvent = { event in
            switch event {
            case .tabletAdded(let tablet): tablet.onEvent = { _ in }
            case .toolAdded(let tool):
                tools.append(tool)
                tool.onEvent = { [unowned tool] event in
                    switch event {
                    case .type, .hardwareSerial, .hardwareIdWacom, .capability: return
                    case .proximityIn: log.append("proximity_in")
                    case .down: log.append("down")
                    case .button(_, let button, let state): log.append("button \(button) \(state == .pressed)")
                    case .removed:
                        log.append("removed")
                        tool.destroy()
                    default: log.append("\(event)")
                    }
                }
            case .padAdded(let pad): pad.onEvent = { _ in }
            }
        }
        let window = ShmWindow(try ShmWindow.globals(registry))
        #expect(try session.pump(until: { window.configureCount == 1 }))
        try window.present(color: 0xFF80_8080)
        #expect(try session.pump(until: { try player.advance() }))
        try session.sync()
        #expect(
            log == [
                "done",
                "proximity_in", "down", "motion(x: 10.0, y: 10.0)", "frame(time: 10)",
                "motion(x: 12.0, y: 11.0)", "pressure(pressure: 30000)",
                "frame(time: 18)",
                "pressure(pressure: 40000)", "frame(time: 26)",
                "tilt(tiltX: 20.0, tiltY: -10.0)", "rotation(degrees: 359.5)",
                "motion(x: 20.0, y: 15.0)", "frame(time: 42)",
                "proximityOut", "frame(time: 50)",
                "proximity_in", "motion(x: 30.0, y: 30.0)", "button 331 true", "frame(time: 58)",
                "removed",
                "done",
            ])
        #expect(tools.count == 2)
        let eraser = try #require(tools.last)
        #expect(eraser.isAlive)
        #expect(FileManager.default.fileExists(atPath: dump))
        try? FileManager.default.removeItem(atPath: dump)
    }

    @Test func aRuntimeProblemNamesTheScriptLine() throws {
        let session = try ScriptedSession()
        let script = try Script(
            text: "{\"tablet\": {\"id\": \"t\"}}\n{\"frame\": {\"tool\": \"ghost\", \"events\": [[\"down\"]]}}")
        let player = ScriptPlayer(script: script, compositor: session.compositor)
        #expect(throws: ScriptError(line: 2, "no tool \"ghost\"")) { try player.advance() }
    }
}
