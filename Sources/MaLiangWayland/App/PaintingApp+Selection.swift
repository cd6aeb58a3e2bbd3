import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan

/// The selection tool over the drawing: the outline being drawn, and the box around what is selected with its
/// corners and turning handle, drawn light on dark so they show on any paint.
extension PaintingApp {
    /// Most segments an outline in progress is drawn with (a long lasso shows every few of its points).
    static let outlineSegments = 1_024

    func selectionOverlay() -> [OverlayPlacement] {
        guard session.tool == .select else { return [] }
        let scale = window.scale
        var lines: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        var squares: [(x: Double, y: Double)] = []
        let outline = session.selectionOutline.map { point -> (Double, Double) in session.view.apply(point.x, point.y) }
        if outline.count >= 2 {
            let stride = max(outline.count / Self.outlineSegments, 1)
            let kept = Swift.stride(from: 0, to: outline.count, by: stride).map { outline[$0] } + [outline[0]]
            for (a, b) in zip(kept, kept.dropFirst()) { lines.append((a.0, a.1, b.0, b.1)) }
        }
        if let selection = session.elementSelection {
            let handles = session.selectionHandles(of: selection)
            let corners = handles.corners.map { (x: $0.x * scale, y: $0.y * scale) }
            for index in 0..<4 {
                let (a, b) = (corners[index], corners[(index + 1) % 4])
                lines.append((a.x, a.y, b.x, b.y))
            }
            let top = (x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2)
            let turn = (x: handles.turn.x * scale, y: handles.turn.y * scale)
            lines.append((top.x, top.y, turn.x, turn.y))
            squares = corners + [turn]
        }
        let light = chrome.toolbar.highlight
        let dark = chrome.toolbar.tooltipBackground
        var under: [OverlayPlacement] = []
        var over: [OverlayPlacement] = []
        for line in lines {
            under.append(segment(line, thickness: 3.5 * scale, image: dark, opacity: 0.7))
            over.append(segment(line, thickness: 1.5 * scale, image: light, opacity: 1))
        }
        for square in squares {
            let outer = 12 * scale
            let inner = 8 * scale
            under.append(
                OverlayPlacement(dark, x: square.x - outer / 2, y: square.y - outer / 2, width: outer, height: outer))
            over.append(
                OverlayPlacement(light, x: square.x - inner / 2, y: square.y - inner / 2, width: inner, height: inner))
        }
        return under + over
    }

    /// A line from (x0, y0) to (x1, y1), buffer pixels, as a thin turned rectangle.
    private func segment(
        _ line: (x0: Double, y0: Double, x1: Double, y1: Double), thickness: Double, image: OverlayImage,
        opacity: Float
    ) -> OverlayPlacement {
        let length = hypot(line.x1 - line.x0, line.y1 - line.y0) + thickness / 2
        let centerX = (line.x0 + line.x1) / 2
        let centerY = (line.y0 + line.y1) / 2
        return OverlayPlacement(
            image, x: centerX - length / 2, y: centerY - thickness / 2, width: length, height: thickness,
            opacity: opacity, turn: atan2(line.y1 - line.y0, line.x1 - line.x0))
    }
}
