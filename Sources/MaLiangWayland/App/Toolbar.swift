import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangVulkan
import PNGCodec

/// The on-screen toolbar's pictures: brushes, colours, size, opacity, undo, redo, fit, the menu and its file
/// actions, and — when the compositor draws no title bar — the window's buttons, drawn where the editing core's ``ToolbarLayout`` puts them. A brush's icon
/// is a stroke of that brush; the others are exact vector shapes (``VectorIcon``). Both are drawn again at the
/// window's scale, so they stay sharp on any screen.
final class Toolbar {
    struct State {
        var brush: Int
        /// The swatch of the current colour, if it is one.
        var color: Int?
        var picking: Bool
        /// The brush's size and opacity and the zoom, in words (a line each), shown where the toolbar has room.
        var readout = ToolbarWords.Readout()
        /// The button the pointer rests on long enough for its tooltip.
        var tooltip: ToolbarLayout.Action?
        /// The menu of the buttons the strip has no room for is open.
        var menuOpen = false
        /// The menu's item the keyboard is on.
        var menuFocus: Int?
        /// The button or menu item under the pointer or a hovering pen.
        var hover: ToolbarLayout.Action?
        /// The drawing's name and whether it is saved, for the menu's title row (our own title bar only).
        var title: (name: String, saving: String)?
        /// The brush's colour, shown in the colour-wheel button.
        var currentColor = Color.black
        /// The panel that is open, if any.
        var panel: OpenPanel?
        /// The view shows the drawing mirrored.
        var mirrored = false
        /// New strokes are painted with symmetry.
        var symmetric = false
        /// The tool chosen (painting, selecting, filling).
        var tool = CanvasTool.paint
    }

    /// The one panel open at a time, with what it shows.
    enum OpenPanel {
        case color(ColorPanelView)
        case brushEditor(BrushEditorView)
        case newDrawing(NewDrawingView)
        case layers(LayerPanelView)
        case pad(PadPanel)

        /// Where it lies and how it scrolls.
        var placed: any PlacedPanel {
            switch self {
            case .color(let view): view.panel
            case .brushEditor(let view): view.panel
            case .newDrawing(let view): view.panel
            case .layers(let view): view.panel
            case .pad(let panel): panel
            }
        }

        /// The toolbar's button that opened it, highlighted while it is open.
        var button: ToolbarLayout.Action? {
            switch self {
            case .color: .colorWheel
            case .brushEditor: .brushEditor
            case .layers: .layers
            case .newDrawing, .pad: nil
            }
        }
    }

    /// How long the pointer rests on a button before its tooltip shows, microseconds.
    static let tooltipDelay: UInt64 = 600_000

    let renderer: CanvasRenderer
    private var icons: [ToolbarLayout.Action: OverlayImage] = [:]
    /// The scale the icons were drawn for.
    private var iconScale = 0.0
    private var swatches: [OverlayImage] = []
    private let colorPictures: ColorPanelPictures
    private let brushEditorPictures: BrushEditorPictures
    private let newDrawingPictures: NewDrawingPictures
    private let layerPictures: LayerPanelPictures
    private let padPictures: PadPanelPictures
    var words = TextCache()
    let solids: SolidPictures
    let tooltipBackground: OverlayImage
    private var backgrounds: [WindowTheme: OverlayImage] = [:]
    /// Dark or light, as the desktop prefers.
    var theme = WindowTheme.dark
    var background: OverlayImage { backgrounds[theme] ?? tooltipBackground }
    let highlight: OverlayImage

    init(renderer: CanvasRenderer) throws {
        self.renderer = renderer
        colorPictures = ColorPanelPictures(renderer: renderer)
        brushEditorPictures = BrushEditorPictures(renderer: renderer)
        newDrawingPictures = NewDrawingPictures(renderer: renderer)
        layerPictures = LayerPanelPictures(renderer: renderer)
        padPictures = PadPanelPictures(renderer: renderer)
        solids = SolidPictures(renderer: renderer)
        func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) throws -> OverlayImage {
            try renderer.makeOverlay(PNGImage(width: 1, height: 1, pixels: .rgba8([r, g, b, a])))
        }
        for theme in [WindowTheme.dark, .light] {
            backgrounds[theme] = try renderer.makeOverlay(premultiplied: theme.toolbar, width: 1, height: 1)
        }
        tooltipBackground = try solid(20, 20, 24, 235)
        highlight = try solid(120, 160, 230)
        for color in ToolbarLayout.colors {
            swatches.append(
                try solid(
                    UInt8(color.red * 255), UInt8(color.green * 255), UInt8(color.blue * 255)))
        }
    }

    /// The buttons drawn as exact shapes (the brushes' are strokes of their brush).
    static let vectorIcons: [(ToolbarLayout.Action, VectorIcon)] = [
        (.brush(BrushStyle.stickersIndex), .stickers), (.smaller, .dot(radius: 3, opacity: 1)),
        (.larger, .dot(radius: 9, opacity: 1)), (.lighter, .paleDot), (.darker, .dot(radius: 8, opacity: 1)),
        (.undo, .undo()), (.redo, .undo(mirrored: true)), (.fit, .fit), (.export, .export), (.minimize, .minimize),
        (.maximize, .maximize), (.close, .close), (.picker, .picker), (.brushEditor, .brushSettings), (.more, .more),
        (.newDocument, .newDocument), (.open, .open), (.saveAs, .saveAs), (.layers, .layers),
        (.mirrorView, .mirrorView), (.symmetry, .symmetry), (.select, .select), (.fill, .fill),
        (.timeLapse, .timeLapse), (.help, .help),
    ]

    /// Draws every icon at `scale` buffer pixels per logical pixel.
    private func drawIcons(scale: Double) throws {
        let pixels = max(Int((ToolbarLayout.button * scale).rounded()), 8)
        let painter = IconPainter(context: renderer.context)
        var drawn: [ToolbarLayout.Action: OverlayImage] = [:]
        for (index, name) in BrushStyle.presets.enumerated() where index != BrushStyle.stickersIndex {
            drawn[.brush(index)] = try painter.brushIcon(name, pixels: pixels, on: renderer)
        }
        for (action, icon) in Self.vectorIcons {
            guard let rgba = icon.render(pixels: pixels) else { continue }
            drawn[action] = try renderer.makeOverlay(premultiplied: rgba, width: pixels, height: pixels)
        }
        drawn[.colorWheel] = try ColorPanelPictures.ring(
            pixels: max(Int((Double(pixels) * 0.8).rounded()), 4), innerFraction: 0.6, renderer: renderer)
        icons = drawn
        iconScale = scale
    }

    func overlays(width: Double, scale: Double, layout: ToolbarLayout, state: State) throws -> [OverlayPlacement] {
        if scale != iconScale { try drawIcons(scale: scale) }
        // The open panel first: the strip covers what a scrolled panel has moved up under it.
        var placements = try panelOverlays(scale: scale, state: state)
        placements.append(
            OverlayPlacement(background, x: 0, y: 0, width: width, height: ToolbarLayout.height * scale))
        let top = (ToolbarLayout.height - ToolbarLayout.button) / 2
        for (action, x) in layout.buttons {
            placements += button(action, x: x * scale, y: top * scale, scale: scale, state: state)
        }
        if state.menuOpen { placements += try menuOverlays(layout.menuList, scale: scale, state: state) }
        placements += try textOverlays(width: width, scale: scale, layout: layout, state: state)
        return placements
    }

    /// The open panel's pictures.
    private func panelOverlays(scale: Double, state: State) throws -> [OverlayPlacement] {
        guard let open = state.panel else { return [] }
        var placements: [OverlayPlacement]
        switch open {
        case .color(let view):
            placements = try colorPictures.overlays(view, scale: scale, background: background, theme: theme)
        case .newDrawing(let view):
            placements = try newDrawingPictures.overlays(view, scale: scale, background: background, theme: theme)
        case .brushEditor(let view):
            placements = try brushEditorPictures.overlays(view, scale: scale, background: background, theme: theme)
        case .layers(let view):
            placements = try layerPictures.overlays(view, scale: scale, background: background, theme: theme)
        case .pad(let panel):
            placements = try padPictures.overlays(panel, scale: scale, background: background, theme: theme)
        }
        return placements + scrollIndicator(open.placed, scale: scale)
    }

    /// A thin bar at a scrolling panel's right edge: how much of it is in sight, and where.
    private func scrollIndicator(_ panel: some PlacedPanel, scale: Double) -> [OverlayPlacement] {
        let placement = panel.placement
        guard placement.furthest > 0 else { return [] }
        let room = (panel.height - placement.furthest) * placement.zoom
        let length = max(room * room / (panel.height * placement.zoom), 24)
        let top = placement.y + (room - length) * placement.offset / placement.furthest
        let x = placement.x + panel.width * placement.zoom - 6
        return [OverlayPlacement(highlight, x: x * scale, y: top * scale, width: 4 * scale, height: length * scale)]
    }

    /// A button at (x, y) buffer pixels: its icon or swatch, highlighted when it is the current brush, colour or
    /// tool, or the open menu's button.
    func button(_ action: ToolbarLayout.Action, x: Double, y: Double, scale: Double, state: State)
        -> [OverlayPlacement]
    {
        var placements: [OverlayPlacement] = []
        let size = ToolbarLayout.button * scale
        if action == .brush(state.brush) || state.color.map({ action == .color($0) }) == true
            || (action == .picker && state.picking) || (action == .more && state.menuOpen)
            || (state.panel?.button == action) || (action == .mirrorView && state.mirrored)
            || (action == .symmetry && state.symmetric)
            || (action == .select && state.tool == .select) || (action == .fill && state.tool == .fill)
        {
            placements.append(OverlayPlacement(highlight, x: x - 2, y: y - 2, width: size + 4, height: size + 4))
        }
        if case .color(let index) = action {
            let inset = 6 * scale
            placements.append(
                OverlayPlacement(
                    swatches[index], x: x + inset, y: y + inset, width: size - 2 * inset, height: size - 2 * inset))
        } else if action == .colorWheel, let icon = icons[action] {
            // A small wheel around the current colour.
            let ring = Double(icon.width)
            let inset = (size - ring) / 2
            placements.append(OverlayPlacement(icon, x: x + inset, y: y + inset, width: ring, height: ring))
            if let swatch = try? colorPictures.swatch(state.currentColor) {
                let side = ring * 0.5
                placements.append(
                    OverlayPlacement(
                        swatch, x: x + (size - side) / 2, y: y + (size - side) / 2, width: side, height: side))
            }
        } else if let icon = icons[action] {
            placements.append(OverlayPlacement(icon, x: x, y: y, width: size, height: size))
        }
        return placements
    }
}

extension Toolbar {
    /// The readout right of the last button when the toolbar has room for it, and the tooltip under its button.
    private func textOverlays(width: Double, scale: Double, layout: ToolbarLayout, state: State) throws
        -> [OverlayPlacement]
    {
        var placements: [OverlayPlacement] = []
        // The menu and window buttons keep the right edge; the readout goes between them and the strip.
        let rightButtons: [ToolbarLayout.Action] = [.more, .minimize, .maximize, .close]
        let right =
            layout.buttons.filter { !rightButtons.contains($0.action) }.map(\.x).max().map {
                $0 + ToolbarLayout.button
            }
            ?? 0
        let closeLeft = layout.buttons.first { rightButtons.contains($0.action) }?.x ?? width / scale
        let room = (closeLeft - right - 2 * ToolbarLayout.gap - 12) * scale
        if room > 48 * scale {
            let lines = try state.readout.lines.compactMap { line in
                try words.image(
                    line, font: "Sans 8", scale: scale, color: theme.toolbarText, maxWidth: Int(room),
                    renderer: renderer)
            }
            var y = (ToolbarLayout.height * scale - Double(lines.map(\.height).reduce(0, +))) / 2
            for text in lines {
                placements.append(
                    OverlayPlacement(
                        text.image, x: (right + 12) * scale, y: y, width: Double(text.width),
                        height: Double(text.height)))
                y += Double(text.height)
            }
        }
        if let action = state.tooltip, state.panel == nil,
            let anchor = tooltipAnchor(action, layout: layout, state: state),
            let text = try words.image(
                ToolbarWords.tooltip(for: action, readout: state.readout), scale: scale, color: (0.96, 0.96, 0.96, 1),
                maxWidth: Int(width - 16 * scale), renderer: renderer)
        {
            let padding = 6 * scale
            let boxWidth = Double(text.width) + 2 * padding
            let boxHeight = Double(text.height) + 2 * padding
            let x = min(max(anchor.x * scale, 4 * scale), width - boxWidth - 4 * scale)
            let y = (anchor.bottom + 4) * scale
            placements.append(OverlayPlacement(tooltipBackground, x: x, y: y, width: boxWidth, height: boxHeight))
            placements.append(
                OverlayPlacement(
                    text.image, x: x + padding, y: y + padding, width: Double(text.width), height: Double(text.height)))
        }
        return placements
    }
}

extension Toolbar {
    /// Where a tooltip goes: under its button on the strip, or — with the menu open — under its picture in the menu
    /// (a worded row says what it does already).
    fileprivate func tooltipAnchor(_ action: ToolbarLayout.Action, layout: ToolbarLayout, state: State)
        -> (x: Double, bottom: Double)?
    {
        if state.menuOpen {
            return layout.menu.first { $0.action == action && !$0.isWorded }.map { ($0.x, $0.y + $0.height) }
        }
        return layout.buttons.first { $0.action == action }.map { ($0.x, ToolbarLayout.height) }
    }
}

/// Lines of text drawn as overlays, kept while they are shown (a readout changes rarely, tooltips repeat).
struct TextCache {
    private var images: [String: (image: OverlayImage, width: Int, height: Int)] = [:]

    mutating func image(
        _ text: String, font: String = "Sans 10", scale: Double, color: (Double, Double, Double, Double),
        maxWidth: Int, renderer: CanvasRenderer
    ) throws -> (image: OverlayImage, width: Int, height: Int)? {
        let key = "\(text)|\(font)|\(scale)|\(maxWidth)|\(color)"
        if let cached = images[key] { return cached }
        guard let line = TextLine(text, font: font, scale: scale, color: color, maxWidth: maxWidth) else { return nil }
        // Enough for a panel's words and the values a drag goes through.
        if images.count > 160 { images = [:] }
        let image = (
            try renderer.makeOverlay(premultiplied: line.pixels, width: line.width, height: line.height),
            line.width, line.height
        )
        images[key] = image
        return image
    }
}

/// Draws the brushes' toolbar icons with the stroke engine and renderer: a brush's icon is a stroke of that brush.
struct IconPainter {
    let context: VulkanContext

    private func render(
        _ strokes: [(AnyBrush, [InputSample])], pixels: Int,
        on paper: (Double, Double, Double, Double) = VectorIcon.paper
    ) throws -> PNGImage {
        let document = try Document(
            size: Size(width: VectorIcon.units, height: VectorIcon.units),
            background: Color(red: paper.0, green: paper.1, blue: paper.2))
        for (brush, samples) in strokes {
            document.append(.stroke(Stroke(id: document.makeElementID(), brush: brush, seed: 5, samples: samples)))
        }
        let icon = try CanvasRenderer(document: document, context: context)
        return try icon.export(scale: Double(pixels) / VectorIcon.units)
    }

    private func samples(_ points: [(Double, Double)], pressure: Double = 0.8) -> [InputSample] {
        points.enumerated().map { index, point in
            InputSample(position: Point(x: point.0, y: point.1), pressure: pressure, time: UInt64(index) * 8000)
        }
    }

    func brushIcon(_ name: String, pixels: Int, on target: CanvasRenderer) throws -> OverlayImage {
        try target.makeOverlay(try brushPicture(name, pixels: pixels))
    }

    /// A stroke of the brush `name` on the icons' tile — for the glow, a dark tile, where a glow reads (3:1 at
    /// least, as every icon).
    func brushPicture(_ name: String, pixels: Int) throws -> PNGImage {
        let curve = (0...16).map { index -> (Double, Double) in
            let t = Double(index) / 16
            return (6 + 28 * t, 20 + 9 * sin(t * .pi * 2))
        }
        var brush = BrushPresets.brush(named: name) ?? .brush(Brush())
        var base = brush.base
        base.pointSize = min(base.pointSize, 10)
        // An airbrush's mist builds up where it lingers: the icon shows it built up, so it reads on its tile.
        if name == "airbrush" { base.flow = min(1, base.flow * 4) }
        brush.base = base
        if name == "eraser" {
            let paint = AnyBrush.brush(
                Brush(
                    hardness: 1, opacity: 1, pointSize: 16, pointStep: 1, color: Color(red: 0.3, green: 0.3, blue: 0.35)
                ))
            return try render([(paint, samples([(4, 20), (36, 20)])), (brush, samples(curve))], pixels: pixels)
        }
        let stroke = [(brush, samples(curve.map { ($0.0, $0.1) }, pressure: 0.7))]
        return try render(stroke, pixels: pixels, on: name == "glow" ? VectorIcon.ink : VectorIcon.paper)
    }
}
