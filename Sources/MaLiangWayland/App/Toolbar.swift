import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan
import PNGCodec

/// The on-screen toolbar's pictures: brushes, colours, size, opacity, undo, redo, fit, export, and — when the
/// compositor draws no title bar — close, drawn where the editing core's ``ToolbarLayout`` puts them. Icons are
/// drawn by the engine itself.
final class Toolbar {
    struct State {
        var brush: Int
        /// The swatch of the current colour, if it is one.
        var color: Int?
        var picking: Bool
    }

    private var icons: [ToolbarLayout.Action: OverlayImage] = [:]
    private var swatches: [OverlayImage] = []
    private let background: OverlayImage
    let highlight: OverlayImage

    init(renderer: CanvasRenderer) throws {
        func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) throws -> OverlayImage {
            try renderer.makeOverlay(PNGImage(width: 1, height: 1, pixels: .rgba8([r, g, b, a])))
        }
        background = try solid(40, 40, 46, 240)
        highlight = try solid(120, 160, 230)
        for color in ToolbarLayout.colors {
            swatches.append(
                try solid(
                    UInt8(color.red * 255), UInt8(color.green * 255), UInt8(color.blue * 255)))
        }
        let painter = IconPainter(context: renderer.context)
        for (index, name) in BrushStyle.presets.enumerated() where index != BrushStyle.stickersIndex {
            icons[.brush(index)] = try painter.brushIcon(name, on: renderer)
        }
        icons[.brush(BrushStyle.stickersIndex)] = try painter.polyline(
            [
                (6, 14), (14, 14), (14, 22), (6, 22), (6, 14), (16, 18), (24, 18), (24, 26), (16, 26), (16, 18),
                (26, 22), (34, 22), (34, 30), (26, 30), (26, 22),
            ], on: renderer)
        icons[.smaller] = try painter.dot(radius: 3, opacity: 1, on: renderer)
        icons[.larger] = try painter.dot(radius: 9, opacity: 1, on: renderer)
        icons[.lighter] = try painter.dot(radius: 8, opacity: 0.3, on: renderer)
        icons[.darker] = try painter.dot(radius: 8, opacity: 1, on: renderer)
        icons[.undo] = try painter.polyline([(30, 14), (12, 20), (30, 28), (12, 20), (34, 20)], on: renderer)
        icons[.redo] = try painter.polyline([(10, 14), (28, 20), (10, 28), (28, 20), (6, 20)], on: renderer)
        icons[.fit] = try painter.polyline([(8, 10), (32, 10), (32, 30), (8, 30), (8, 10)], on: renderer)
        icons[.export] = try painter.polyline(
            [(20, 6), (20, 24), (13, 17), (20, 24), (27, 17), (20, 24), (20, 30), (8, 30), (32, 30)], on: renderer)
        icons[.close] = try painter.polyline([(10, 10), (30, 30), (20, 20), (30, 10), (10, 30)], on: renderer)
        // An eyedropper: the tube, then the bulb.
        icons[.picker] = try painter.polyline(
            [(10, 30), (24, 16), (28, 12), (32, 10), (30, 14), (26, 18), (12, 32), (10, 30)], on: renderer)
    }

    func overlays(width: Double, scale: Double, layout: ToolbarLayout, state: State) throws -> [OverlayPlacement] {
        var placements = [
            OverlayPlacement(background, x: 0, y: 0, width: width, height: ToolbarLayout.height * scale)
        ]
        let top = (ToolbarLayout.height - ToolbarLayout.button) / 2
        for (action, x) in layout.buttons {
            let frame = (x: x * scale, y: top * scale, size: ToolbarLayout.button * scale)
            if action == .brush(state.brush) || state.color.map({ action == .color($0) }) == true
                || (action == .picker && state.picking)
            {
                placements.append(
                    OverlayPlacement(
                        highlight, x: frame.x - 2, y: frame.y - 2, width: frame.size + 4, height: frame.size + 4))
            }
            if case .color(let index) = action {
                let inset = 6 * scale
                placements.append(
                    OverlayPlacement(
                        swatches[index], x: frame.x + inset, y: frame.y + inset, width: frame.size - 2 * inset,
                        height: frame.size - 2 * inset))
            } else if let icon = icons[action] {
                placements.append(OverlayPlacement(icon, x: frame.x, y: frame.y, width: frame.size, height: frame.size))
            }
        }
        return placements
    }
}

/// Draws toolbar icons with the stroke engine and renderer: a brush's icon is a stroke of that brush.
struct IconPainter {
    let context: VulkanContext

    private func render(_ strokes: [(AnyBrush, [InputSample])], on target: CanvasRenderer) throws -> OverlayImage {
        let document = try Document(
            size: Size(width: 40, height: 40), background: Color(red: 0.93, green: 0.93, blue: 0.95))
        for (brush, samples) in strokes {
            document.append(.stroke(Stroke(id: document.makeElementID(), brush: brush, seed: 5, samples: samples)))
        }
        let icon = try CanvasRenderer(document: document, context: context)
        return try target.makeOverlay(try icon.export(scale: 2))
    }

    private func samples(_ points: [(Double, Double)], pressure: Double = 0.8) -> [InputSample] {
        points.enumerated().map { index, point in
            InputSample(position: Point(x: point.0, y: point.1), pressure: pressure, time: UInt64(index) * 8000)
        }
    }

    func brushIcon(_ name: String, on target: CanvasRenderer) throws -> OverlayImage {
        let curve = (0...16).map { index -> (Double, Double) in
            let t = Double(index) / 16
            return (6 + 28 * t, 20 + 9 * sin(t * .pi * 2))
        }
        var brush = BrushPresets.brush(named: name) ?? .brush(Brush())
        var base = brush.base
        base.pointSize = min(base.pointSize, 10)
        brush.base = base
        if name == "eraser" {
            let paint = AnyBrush.brush(
                Brush(
                    hardness: 1, opacity: 1, pointSize: 16, pointStep: 1, color: Color(red: 0.3, green: 0.3, blue: 0.35)
                ))
            return try render([(paint, samples([(4, 20), (36, 20)])), (brush, samples(curve))], on: target)
        }
        return try render([(brush, samples(curve.map { ($0.0, $0.1) }, pressure: 0.7))], on: target)
    }

    func dot(radius: Double, opacity: Double, on target: CanvasRenderer) throws -> OverlayImage {
        let brush = AnyBrush.brush(Brush(hardness: 1, opacity: opacity, pointSize: radius * 2, color: .black))
        return try render([(brush, [InputSample(position: Point(x: 20, y: 20), pressure: 1)])], on: target)
    }

    func polyline(_ points: [(Double, Double)], on target: CanvasRenderer) throws -> OverlayImage {
        let brush = AnyBrush.brush(Brush(hardness: 1, opacity: 1, pointSize: 3, pointStep: 0.5, color: .black))
        return try render([(brush, samples(points))], on: target)
    }
}
