import MaLiangCore

/// The brush editor that opens under the toolbar's brush-settings button: the brush's name, a preview stroke,
/// sliders, the stamp and how it turns, the pressure curve, switches, buttons to reset, save and delete, and the
/// saved brushes of the same kind. Laid out in panel units (logical pixels at ``zoom`` 1); the editing core
/// hit-tests it, the shell draws it.
public struct BrushEditorPanel: PlacedPanel, Equatable, Sendable {
    public static let padding = 12.0
    public static let gap = 8.0
    public static let leftWidth = 300.0
    public static let rightWidth = 168.0
    public static let columnGap = 16.0
    public static let previewHeight = 72.0
    public static let labelWidth = 96.0
    public static let valueWidth = 52.0
    public static let curveLabelHeight = 16.0
    public static let curveSide = 160.0
    public static let savedColumns = 4
    public static let width = padding + leftWidth + columnGap + rightWidth + padding

    /// What the controls are sized for.
    public let controls: ControlSize
    /// The name's row, which a press starts typing in.
    public var titleHeight: Double { controls.pick(24, 44) }
    /// A slider's, a switch's or a saved brush's row; the stamp and turn choices are 4 less.
    public var rowHeight: Double { controls.pick(24, 48) }
    public var buttonHeight: Double { controls.pick(28, 44) }
    public var savedRows: Int { controls.pick(3, 2) }
    public var savedShown: Int { Self.savedColumns * savedRows }

    /// The two columns one under the other: a finger's editor in a window too narrow for both side by side (a
    /// portrait tablet's).
    public let isSingleColumn: Bool
    /// The width of the editor in one column.
    public static let singleColumnWidth = padding + leftWidth + padding

    public var width: Double { isSingleColumn ? Self.singleColumnWidth : Self.width }
    public var height: Double {
        let columns = isSingleColumn ? leftHeight + Self.gap + rightHeight : max(leftHeight, rightHeight)
        return Self.padding + titleHeight + Self.gap + columns + Self.gap + Double(savedRows) * (rowHeight + 4)
            + Self.padding
    }
    var leftHeight: Double { Self.previewHeight + Self.gap + Double(BrushSetting.allCases.count + 2) * rowHeight }
    var rightHeight: Double {
        Self.curveLabelHeight + Self.curveSide + Self.gap + Double(BrushToggle.allCases.count) * rowHeight + Self.gap
            + 2 * (buttonHeight + 4)
    }

    /// Only its sizes: the panel at the window's corner.
    private init(controls: ControlSize, isSingleColumn: Bool) {
        self.controls = controls
        self.isSingleColumn = isSingleColumn
        placement = PanelPlacement(width: 1, height: 1, windowWidth: .infinity)
    }

    /// The buttons under the switches.
    public enum Button: CaseIterable, Sendable {
        case reset, save, saveAsNew, delete

        public var label: String {
            switch self {
            case .reset: "Reset"
            case .save: "Save"
            case .saveAsNew: "Save as new"
            case .delete: "Delete"
            }
        }
    }

    /// What a point of the panel is.
    public enum Part: Equatable, Sendable {
        case title, preview, slider(BrushSetting), stamp(Int), rotation(BrushRotationChoice), curve
        case toggle(BrushToggle), button(Button), saved(Int), background
    }

    /// Where the panel lies and how large it is drawn (``PanelPlacement``): its parts are in panel units from its
    /// top-left corner.
    public let placement: PanelPlacement

    /// The panel under the toolbar, its left edge under `anchorX` and inside a window `windowWidth` wide and
    /// `windowHeight` high.
    public init(
        anchorX: Double, windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        controls = fit.controls
        isSingleColumn = fit.stacksColumns(width: Self.width, windowWidth: windowWidth)
        let sized = BrushEditorPanel(controls: fit.controls, isSingleColumn: isSingleColumn)
        placement = PanelPlacement(
            width: sized.width, height: sized.height, left: anchorX, windowWidth: windowWidth,
            windowHeight: windowHeight, fit: fit)
    }

    /// The panel for `layout`: under the brush-settings button, or under the menu button when the strip has no
    /// room for it.
    public init(
        layout: ToolbarLayout, windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        self.init(
            anchorX: PanelPlacement.anchor(of: .brushEditor, in: layout), windowWidth: windowWidth,
            windowHeight: windowHeight, fit: fit)
    }

    public typealias Box = PanelPlacement.Box

    public var title: Box { titleBox(padding: Self.padding, height: titleHeight) }
    private var columnsTop: Double { title.y + titleHeight + Self.gap }
    private var left: Double { x + Self.padding }
    /// The right column's left edge and top: beside the left one, or under it.
    private var right: Double { isSingleColumn ? left : left + Self.leftWidth + Self.columnGap }
    private var rightTop: Double { isSingleColumn ? columnsTop + leftHeight + Self.gap : columnsTop }
    private var rightWidth: Double { isSingleColumn ? Self.leftWidth : Self.rightWidth }

    public var preview: Box { (left, columnsTop, Self.leftWidth, Self.previewHeight) }

    /// Row `index` of the left column under the preview: the sliders, then the stamps, then the rotations.
    public func row(_ index: Int) -> Box {
        (
            left, columnsTop + Self.previewHeight + Self.gap + Double(index) * rowHeight, Self.leftWidth,
            rowHeight
        )
    }

    /// A slider's track (the knob's centre runs from its left to its right end).
    public func track(_ setting: BrushSetting) -> Box {
        let index = BrushSetting.allCases.firstIndex(of: setting) ?? 0
        let box = row(index)
        return (
            box.x + Self.labelWidth + 8, box.y, Self.leftWidth - Self.labelWidth - Self.valueWidth - 16, box.height
        )
    }

    /// Choice `index` of `count` in a row after its label.
    public func chip(row index: Int, _ chip: Int, of count: Int) -> Box {
        let box = row(index)
        let room = Self.leftWidth - Self.labelWidth
        let width = (room - Double(count - 1) * 4) / Double(count)
        return (box.x + Self.labelWidth + Double(chip) * (width + 4), box.y + 2, width, box.height - 4)
    }

    /// The left column's row of stamps, and of how they turn.
    public static var stampRow: Int { BrushSetting.allCases.count }
    public static var rotationRow: Int { stampRow + 1 }

    public var curveLabel: Box { (right, rightTop, rightWidth, Self.curveLabelHeight) }
    public var curve: Box {
        (
            right + (rightWidth - Self.curveSide) / 2, rightTop + Self.curveLabelHeight, Self.curveSide,
            Self.curveSide
        )
    }

    public func toggle(_ toggle: BrushToggle) -> Box {
        let index = BrushToggle.allCases.firstIndex(of: toggle) ?? 0
        return (
            right, curve.y + Self.curveSide + Self.gap + Double(index) * rowHeight, rightWidth, rowHeight
        )
    }

    /// A switch's box as drawn, at the left of its row (the whole row answers).
    public func checkBox(_ toggle: BrushToggle) -> Box {
        let line = self.toggle(toggle)
        let side = controls.pick(14.0, 20.0)
        return (line.x, line.y + (line.height - side) / 2, side, side)
    }

    public func button(_ button: Button) -> Box {
        let index = Button.allCases.firstIndex(of: button) ?? 0
        let top = toggle(BrushToggle.allCases.last ?? .tiltToAngle).y + rowHeight + Self.gap
        let width = (rightWidth - 4) / 2
        return (
            right + Double(index % 2) * (width + 4), top + Double(index / 2) * (buttonHeight + 4), width,
            buttonHeight
        )
    }

    /// Saved brush `index` of those shown, row by row.
    public func saved(_ index: Int) -> Box {
        let columns = isSingleColumn ? rightTop + rightHeight : columnsTop + max(leftHeight, rightHeight)
        let top = columns + Self.gap
        let room = self.width - 2 * Self.padding
        let width = (room - Double(Self.savedColumns - 1) * 4) / Double(Self.savedColumns)
        return (
            left + Double(index % Self.savedColumns) * (width + 4),
            top + Double(index / Self.savedColumns) * (rowHeight + 4), width, rowHeight
        )
    }

    /// The part under a window point, nil outside the panel.
    public func part(atX windowX: Double, y windowY: Double) -> Part? {
        guard contains(x: windowX, y: windowY) else { return nil }
        let (px, py) = unit(x: windowX, y: windowY)
        func inside(_ box: Box, margin: Double = 0) -> Bool {
            px >= box.x - margin && px < box.x + box.width + margin && py >= box.y && py < box.y + box.height
        }
        if inside(title) { return .title }
        if inside(preview) { return .preview }
        for setting in BrushSetting.allCases where inside(track(setting), margin: 8) { return .slider(setting) }
        for index in BrushStamp.labels.indices
        where inside(chip(row: Self.stampRow, index, of: BrushStamp.labels.count)) {
            return .stamp(index)
        }
        for (index, choice) in BrushRotationChoice.allCases.enumerated()
        where inside(chip(row: Self.rotationRow, index, of: BrushRotationChoice.allCases.count)) {
            return .rotation(choice)
        }
        // Points sit on the box's edges: a press just outside still takes them.
        if distanceOutsideCurve(x: px, y: py) <= 6 { return .curve }
        for toggle in BrushToggle.allCases where inside(self.toggle(toggle)) { return .toggle(toggle) }
        for button in Button.allCases where inside(self.button(button)) { return .button(button) }
        for index in 0..<savedShown where inside(saved(index)) { return .saved(index) }
        return .background
    }

    /// The pressure and value of a point in panel units, from the curve's box (pressure to the right, value upwards); outside it,
    /// the nearest edge's.
    public func curvePoint(atX px: Double, y py: Double) -> PressureCurve.ControlPoint {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        return .init(pressure: unit((px - curve.x) / curve.width), value: unit(1 - (py - curve.y) / curve.height))
    }

    /// Where a point of the curve sits in its box.
    public func location(of point: PressureCurve.ControlPoint) -> (x: Double, y: Double) {
        (curve.x + point.pressure * curve.width, curve.y + (1 - point.value) * curve.height)
    }

    /// How far (panel units) a point in panel units is outside the curve's box; 0 inside.
    public func distanceOutsideCurve(x px: Double, y py: Double) -> Double {
        let dx = max(curve.x - px, 0, px - (curve.x + curve.width))
        let dy = max(curve.y - py, 0, py - (curve.y + curve.height))
        return (dx * dx + dy * dy).squareRoot()
    }
}
