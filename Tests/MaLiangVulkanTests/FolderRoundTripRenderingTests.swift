import Foundation
import MaLiangCore
import MaLiangStore
import MaLiangVulkan
import PNGCodec
import Testing

/// A drawing through a MaLiang folder and back looks as it did: every built-in brush, drawn with a pen (pressure
/// and tilt), a mouse and a finger (no pressure: the width comes from the speed), keeps its width and its ink.
/// A folder keeps one width a point, the colour, the brush's name and the spacing; a stroke's random seed (the
/// grain's placement) and a pressure curve have no place there, so ink (within 15 %) and thickness (within 15 % or
/// 1.5 px) are compared, not pixels.
@Suite(.serialized) struct FolderRoundTripRenderingTests {
    /// Rows of the three strokes: pen, mouse, finger.
    static let rows = [80.0, 200.0, 320.0]

    func strokes() -> [[InputSample]] {
        let pen = (0...60).map { step in
            let t = Double(step) / 60
            return InputSample(
                position: Point(x: 60 + 480 * t, y: Self.rows[0] + 10 * sin(t * 6)), pressure: 0.25 + 0.75 * t,
                tiltX: 30, tiltY: 10, time: UInt64(step) * 8000, tool: .pen)
        }
        // Slow at first, fast at the end: a mouse's width comes from its speed.
        var x = 60.0
        var mouse: [InputSample] = []
        for step in 0..<80 where x <= 540 {
            mouse.append(
                InputSample(
                    position: Point(x: x, y: Self.rows[1]), time: UInt64(step) * 8000, tool: .mouse))
            x += 1 + Double(step) * 0.3
        }
        let finger = (0...40).map { step in
            InputSample(
                position: Point(x: 60 + 12 * Double(step), y: Self.rows[2] + 15 * cos(Double(step) / 6)),
                time: UInt64(step) * 12000, tool: .finger)
        }
        return [pen, mouse, finger]
    }

    /// Ink (summed coverage) and mean thickness (rows at least half as covered as the most covered pixel, over
    /// columns 100…500) around `row`.
    func measure(_ image: PNGImage, row: Double) -> (ink: Double, thickness: Double) {
        let band = max(Int(row) - 60, 0)..<min(Int(row) + 60, image.height)
        var strongest = 0.0
        for x in 0..<image.width {
            for y in band { strongest = max(strongest, image.rgba(x: x, y: y).alpha) }
        }
        var ink = 0.0
        var thick = 0
        var columns = 0
        for x in 0..<image.width {
            var covered = 0
            for y in band {
                let alpha = image.rgba(x: x, y: y).alpha
                ink += alpha
                if alpha >= strongest / 2 { covered += 1 }
            }
            if (100...500).contains(x) {
                thick += covered
                columns += 1
            }
        }
        return (ink, Double(thick) / Double(columns))
    }

    /// The airbrush is left out: its pressure sets only its flow, never its width, and a folder keeps widths
    /// (docs/documents.md).
    @Test(arguments: ["pen", "pencil", "marker", "chalk", "glow"])
    func aDrawingThroughAFolderKeepsEveryStrokesWidthAndInk(brushName: String) throws {
        let context = try validatedContext()
        let document = try Document(size: Size(width: 600, height: 400))
        let brush = try #require(BrushPresets.brush(named: brushName, color: Color(red: 0.1, green: 0.2, blue: 0.6)))
        for (index, samples) in strokes().enumerated() { document.addStroke(brush, samples, seed: UInt64(index + 7)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maliang-folder-widths-\(getpid())-\(brushName)")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FolderExporter(document: document).saveSynchronously(to: folder)
        let back = try FolderImporter.read(folder)
        #expect(back.elements.count == 3)
        let before = try CanvasRenderer(document: document, context: context).export(background: false)
        let after = try CanvasRenderer(document: back, context: context).export(background: false)
        for (device, row) in zip(["pen", "mouse", "finger"], Self.rows) {
            let (a, b) = (measure(before, row: row), measure(after, row: row))
            print(
                String(
                    format: "%@ by %@: ink %.0f → %.0f, thickness %.1f → %.1f px", brushName, device, a.ink, b.ink,
                    a.thickness, b.thickness))
            #expect(a.ink > 150, "\(brushName) by \(device) drew next to nothing")
            #expect(abs(b.ink / a.ink - 1) <= 0.15, "\(brushName) by \(device): ink \(a.ink) → \(b.ink)")
            #expect(
                abs(b.thickness - a.thickness) <= max(0.15 * a.thickness, 1.5),
                "\(brushName) by \(device): thickness \(a.thickness) → \(b.thickness)")
        }
        assertClean(context)
    }
}
