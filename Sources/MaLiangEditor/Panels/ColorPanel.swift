import Foundation
import MaLiangCore

/// The colour panel that opens under the toolbar's colour-wheel button: a hue ring around a saturation–value
/// square, the colour in hex beside a swatch of it, and the last ``recentCount`` colours painted with. Logical
/// pixels; the editing core hit-tests it, the shell draws it.
public struct ColorPanel: PlacedPanel, Equatable, Sendable {
    public static let padding = 12.0
    public static let swatchGap = 3.0
    /// The recent colours kept; a finger's larger swatches show the first ``recentShown`` of them.
    public static let recentCount = 16

    /// What the controls are sized for.
    public let controls: ControlSize
    public var outerRadius: Double { controls.pick(96, 120) }
    /// The ring is ``outerRadius`` − ``innerRadius`` thick: a finger's target, and two pixels more, for a finger.
    public var innerRadius: Double { controls.pick(74, 78) }
    public var hexRowHeight: Double { controls.pick(28, 44) }
    public var swatch: Double { controls.pick(21, 44) }
    public var recentColumns: Int { controls.pick(8, 5) }
    /// The recent colours shown, in two rows.
    public var recentShown: Int { 2 * recentColumns }
    public var paperRowHeight: Double { controls.pick(26, 44) }

    public var width: Double { 2 * (Self.padding + outerRadius) }
    public var height: Double {
        2 * Self.padding + 2 * outerRadius + 10 + hexRowHeight + 10 + 2 * swatch + Self.swatchGap + 10 + paperRowHeight
    }

    /// Only its sizes: the panel at the window's corner.
    private init(controls: ControlSize) {
        self.controls = controls
        placement = PanelPlacement(width: 1, height: 1, windowWidth: .infinity)
    }

    /// What a point of the panel is.
    public enum Part: Equatable, Sendable {
        case hueRing, square, recent(Int), hexRow, background
        /// The buttons under the recent colours: the colour becomes the paper's, or the paper goes.
        case paperColor, noPaper
    }

    /// Where the panel lies and how large it is drawn (``PanelPlacement``): its parts are in panel units from its
    /// top-left corner.
    public let placement: PanelPlacement

    /// The panel under the toolbar, its left edge under `anchorX` (the colour button) and inside a window
    /// `windowWidth` wide and `windowHeight` high.
    public init(
        anchorX: Double, windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        controls = fit.controls
        let sized = ColorPanel(controls: fit.controls)
        placement = PanelPlacement(
            width: sized.width, height: sized.height, left: anchorX, windowWidth: windowWidth,
            windowHeight: windowHeight, fit: fit)
    }

    /// The panel for `layout`: under the colour-wheel button, or under the menu button when the strip has no room
    /// for it.
    public init(
        layout: ToolbarLayout, windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        self.init(
            anchorX: PanelPlacement.anchor(of: .colorWheel, in: layout), windowWidth: windowWidth,
            windowHeight: windowHeight, fit: fit)
    }

    public var center: (x: Double, y: Double) {
        (x + Self.padding + outerRadius, y + Self.padding + outerRadius)
    }

    /// The side of the saturation–value square inside the ring.
    public var squareSide: Double { ((innerRadius - 6) * 2 / 2.0.squareRoot()).rounded(.down) }

    /// The saturation–value square inside the ring: left, top and side.
    public var square: (x: Double, y: Double, side: Double) {
        (center.x - squareSide / 2, center.y - squareSide / 2, squareSide)
    }

    /// The row under the wheel: a swatch of the colour, then its hex value.
    public var hexRow: (x: Double, y: Double, width: Double, height: Double) {
        (x + Self.padding, y + Self.padding + 2 * outerRadius + 10, 2 * outerRadius, hexRowHeight)
    }

    /// Recent colour `index`'s swatch (two rows of ``recentColumns``, most recent first).
    public func recentSwatch(_ index: Int) -> (x: Double, y: Double, side: Double) {
        let row = index / recentColumns
        let column = index % recentColumns
        let step = swatch + Self.swatchGap
        let left = x + Self.padding + (2 * outerRadius - Double(recentColumns) * step + Self.swatchGap) / 2
        return (left + Double(column) * step, hexRow.y + hexRowHeight + 10 + Double(row) * step, swatch)
    }

    /// The paper buttons: "Paper: this colour" at the left, "No paper" at the right.
    public func paperButton(_ part: Part) -> (x: Double, y: Double, width: Double, height: Double) {
        let top = recentSwatch(recentShown - 1).y + swatch + 10
        let width = (2 * outerRadius - 6) / 2
        let left = x + Self.padding + (part == .noPaper ? width + 6 : 0)
        return (left, top, width, paperRowHeight)
    }

    /// The part under a window point, nil outside the panel.
    public func part(atX windowX: Double, y windowY: Double) -> Part? {
        guard contains(x: windowX, y: windowY) else { return nil }
        let (px, py) = unit(x: windowX, y: windowY)
        let distance = ((px - center.x) * (px - center.x) + (py - center.y) * (py - center.y)).squareRoot()
        if distance >= innerRadius - 2 && distance <= outerRadius + 2 { return .hueRing }
        let box = square
        if px >= box.x && px < box.x + box.side && py >= box.y && py < box.y + box.side { return .square }
        for index in 0..<recentShown {
            let swatch = recentSwatch(index)
            if px >= swatch.x && px < swatch.x + swatch.side && py >= swatch.y && py < swatch.y + swatch.side {
                return .recent(index)
            }
        }
        let row = hexRow
        if py >= row.y && py < row.y + row.height { return .hexRow }
        for button in [Part.paperColor, .noPaper] {
            let box = paperButton(button)
            if px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height { return button }
        }
        return .background
    }

    /// The hue at a point's angle around the centre: red to the right, then green and blue counter-clockwise.
    public func hue(atX px: Double, y py: Double) -> Double {
        let angle = atan2(center.y - py, px - center.x)
        let turn = angle / (2 * .pi)
        return turn < 0 ? turn + 1 : turn
    }

    /// Where `hue` sits on the middle of the ring.
    public func ringPoint(hue: Double) -> (x: Double, y: Double) {
        let radius = (innerRadius + outerRadius) / 2
        let angle = hue * 2 * .pi
        return (center.x + radius * cos(angle), center.y - radius * sin(angle))
    }

    /// Saturation grows to the right, value upwards; a point outside the square takes its nearest edge.
    public func saturationValue(atX px: Double, y py: Double) -> (saturation: Double, value: Double) {
        let box = square
        let saturation = (px - box.x) / box.side
        let value = 1 - (py - box.y) / box.side
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        return (unit(saturation), unit(value))
    }

    /// Where a saturation and value sit in the square.
    public func squarePoint(saturation: Double, value: Double) -> (x: Double, y: Double) {
        let box = square
        return (box.x + saturation * box.side, box.y + (1 - value) * box.side)
    }
}
