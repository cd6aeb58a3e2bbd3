import Foundation
import MaLiang
import MaLiangVulkan
import PNGCodec

/// The on-screen toolbar, usable with only a pen or a finger: brushes, colours, size, opacity, undo, redo, fit,
/// export, and — when the compositor draws no title bar — close. Icons are drawn by the engine itself.
final class Toolbar {
    /// Logical height.
    static let height = 48.0
    static let button = 40.0
    static let gap = 4.0

    /// The last, "stickers", places the document's images along the stroke (a chartlet brush).
    static let brushes = ["pen", "pencil", "marker", "airbrush", "chalk", "glow", "eraser", "stickers"]
    static let eraserIndex = 6
    static let stickersIndex = 7
    static let colors: [Color] = [
        .black, Color(red: 0.9, green: 0.1, blue: 0.1), Color(red: 1, green: 0.55, blue: 0),
        Color(red: 0.95, green: 0.85, blue: 0.1),
        Color(red: 0.1, green: 0.65, blue: 0.2), Color(red: 0.1, green: 0.45, blue: 0.95),
        Color(red: 0.55, green: 0.2, blue: 0.8), .white,
    ]

    enum Action: Hashable {
        case brush(Int), color(Int), picker, smaller, larger, lighter, darker, undo, redo, fit, export, close
    }

    struct State {
        var brush: Int
        /// The swatch of the current colour, if it is one.
        var color: Int?
        var picking: Bool
        var showsClose: Bool
    }

    private var icons: [Action: OverlayImage] = [:]
    private var swatches: [OverlayImage] = []
    private let background: OverlayImage
    let highlight: OverlayImage

    init(canvas: Canvas) throws {
        func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) throws -> OverlayImage {
            try canvas.makeOverlay(PNGImage(width: 1, height: 1, pixels: .rgba8([r, g, b, a])))
        }
        background = try solid(40, 40, 46, 240)
        highlight = try solid(120, 160, 230)
        for color in Self.colors {
            swatches.append(
                try solid(
                    UInt8(color.red * 255), UInt8(color.green * 255), UInt8(color.blue * 255)))
        }
        let painter = try IconPainter(context: canvas.context)
        for (index, name) in Self.brushes.enumerated() where index != Self.stickersIndex {
            icons[.brush(index)] = try painter.brushIcon(name)
        }
        icons[.brush(Self.stickersIndex)] = try painter.polyline([
            (6, 14), (14, 14), (14, 22), (6, 22), (6, 14), (16, 18), (24, 18), (24, 26), (16, 26), (16, 18), (26, 22),
            (34, 22), (34, 30),
            (26, 30), (26, 22),
        ])
        icons[.smaller] = try painter.dot(radius: 3, opacity: 1)
        icons[.larger] = try painter.dot(radius: 9, opacity: 1)
        icons[.lighter] = try painter.dot(radius: 8, opacity: 0.3)
        icons[.darker] = try painter.dot(radius: 8, opacity: 1)
        icons[.undo] = try painter.polyline([(30, 14), (12, 20), (30, 28), (12, 20), (34, 20)])
        icons[.redo] = try painter.polyline([(10, 14), (28, 20), (10, 28), (28, 20), (6, 20)])
        icons[.fit] = try painter.polyline([(8, 10), (32, 10), (32, 30), (8, 30), (8, 10)])
        icons[.export] = try painter.polyline([
            (20, 6), (20, 24), (13, 17), (20, 24), (27, 17), (20, 24), (20, 30), (8, 30), (32, 30),
        ])
        icons[.close] = try painter.polyline([(10, 10), (30, 30), (20, 20), (30, 10), (10, 30)])
        // An eyedropper: the tube, then the bulb.
        icons[.picker] = try painter.polyline([
            (10, 30), (24, 16), (28, 12), (32, 10), (30, 14), (26, 18), (12, 32), (10, 30),
        ])
    }

    /// The buttons in logical coordinates, left to right.
    func layout(width: Double, showsClose: Bool) -> [(Action, x: Double)] {
        var items: [(Action, Double)] = []
        var x = Self.gap
        func add(_ action: Action) {
            items.append((action, x))
            x += Self.button + Self.gap
        }
        for index in Self.brushes.indices { add(.brush(index)) }
        x += 12
        for index in Self.colors.indices { add(.color(index)) }
        add(.picker)
        x += 12
        for action in [Action.smaller, .larger, .lighter, .darker] { add(action) }
        x += 12
        for action in [Action.undo, .redo, .fit, .export] { add(action) }
        if showsClose { items.append((.close, max(x, width - Self.button - Self.gap))) }
        return items
    }

    /// The button under a logical point, if any; `nil` off the toolbar or between buttons.
    func action(atX x: Double, y: Double, width: Double, showsClose: Bool) -> Action? {
        guard y >= 0 && y < Self.height else { return nil }
        return layout(width: width, showsClose: showsClose).first { x >= $0.x && x < $0.x + Self.button }?.0
    }

    /// Whether a logical point is on the toolbar strip.
    func contains(y: Double) -> Bool { y >= 0 && y < Self.height }

    func overlays(width: Double, scale: Double, state: State) throws -> [OverlayPlacement] {
        var placements = [OverlayPlacement(background, x: 0, y: 0, width: width, height: Self.height * scale)]
        let top = (Self.height - Self.button) / 2
        for (action, x) in layout(width: width / scale, showsClose: state.showsClose) {
            let frame = (x: x * scale, y: top * scale, size: Self.button * scale)
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

    private func render(_ strokes: [(AnyBrush, [InputSample])], light: Bool = true) throws -> OverlayImage {
        let document = try Document(
            size: Size(width: 40, height: 40), background: light ? Color(red: 0.93, green: 0.93, blue: 0.95) : .clear)
        for (brush, samples) in strokes {
            document.append(.stroke(Stroke(id: document.makeElementID(), brush: brush, seed: 5, samples: samples)))
        }
        let canvas = try Canvas(document: document, context: context)
        return try canvas.makeOverlay(try canvas.export(scale: 2))
    }

    private func samples(_ points: [(Double, Double)], pressure: Double = 0.8) -> [InputSample] {
        points.enumerated().map { index, point in
            InputSample(position: Point(x: point.0, y: point.1), pressure: pressure, time: UInt64(index) * 8000)
        }
    }

    func brushIcon(_ name: String) throws -> OverlayImage {
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
            return try render([(paint, samples([(4, 20), (36, 20)])), (brush, samples(curve))])
        }
        return try render([(brush, samples(curve.map { ($0.0, $0.1) }, pressure: 0.7))])
    }

    func dot(radius: Double, opacity: Double) throws -> OverlayImage {
        let brush = AnyBrush.brush(Brush(hardness: 1, opacity: opacity, pointSize: radius * 2, color: .black))
        return try render([(brush, [InputSample(position: Point(x: 20, y: 20), pressure: 1)])])
    }

    func polyline(_ points: [(Double, Double)]) throws -> OverlayImage {
        let brush = AnyBrush.brush(Brush(hardness: 1, opacity: 1, pointSize: 3, pointStep: 0.5, color: .black))
        return try render([(brush, samples(points))])
    }
}
