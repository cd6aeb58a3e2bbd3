import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec

@testable import MaLiangEditor

/// A session on a fresh 1000×800 document, in a 1280×800 window, with fixed seeds.
func makeSession(showsClose: Bool = true) throws -> EditingSession {
    let session = EditingSession(document: try Document(size: Size(width: 1000, height: 800)), seeds: { 7 })
    _ = session.resize(WindowMetrics(width: 1280, height: 800, scale: 1, showsClose: showsClose))
    return session
}

/// Builds events for one device, with a clock that advances 8 ms per event.
struct Gesture {
    var device: InputEvent.Device
    var tool: ToolKind
    var buttons: InputEvent.Buttons = []
    var time: UInt64 = 1_000_000

    init(_ device: InputEvent.Device, _ tool: ToolKind, buttons: InputEvent.Buttons = []) {
        self.device = device
        self.tool = tool
        self.buttons = buttons
    }

    mutating func event(_ phase: InputEvent.Phase, _ x: Double, _ y: Double, pressure: Double? = nil) -> InputEvent {
        time += 8000
        return InputEvent(
            device: device, phase: phase, tool: tool, x: x, y: y,
            pressure: pressure ?? (tool.reportsPressure ? 0.8 : nil), buttons: buttons, time: time, received: time)
    }
}

extension EditingSession {
    /// Down at the first point, moves through the others, up at the last; all effects together.
    func drag(_ gesture: inout Gesture, _ points: [(Double, Double)]) -> Effects {
        var effects = Effects()
        guard let first = points.first, let last = points.last else { return effects }
        effects.append(handle(gesture.event(.down, first.0, first.1)))
        for point in points.dropFirst() { effects.append(handle(gesture.event(.move, point.0, point.1))) }
        effects.append(handle(gesture.event(.up, last.0, last.1)))
        return effects
    }

    var strokes: [Stroke] {
        document.elements.compactMap { if case .stroke(let stroke) = $0 { stroke } else { nil } }
    }

    var chartlets: [Chartlet] {
        document.elements.compactMap { if case .chartlet(let chartlet) = $0 { chartlet } else { nil } }
    }
}

/// Points along a line, `count` of them.
func line(_ from: (Double, Double), _ to: (Double, Double), count: Int = 12) -> [(Double, Double)] {
    (0..<count).map { index in
        let t = Double(index) / Double(count - 1)
        return (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
    }
}

/// A solid PNG image.
func testPNG(width: Int = 40, height: Int = 20) throws -> Data {
    let pixels = [UInt8]((0..<(width * height)).flatMap { _ in [200, 30, 30, 255] as [UInt8] })
    return try PNG.encode(PNGImage(width: width, height: height, pixels: .rgba8(pixels)))
}

extension Effects {
    var insertedStrokes: [Stroke] {
        changes.compactMap { if case .inserted(.stroke(let stroke), _) = $0 { stroke } else { nil } }
    }
}
