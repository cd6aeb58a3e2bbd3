import MaLiangCore

/// The layer panel at the window's right under the toolbar: the layers top first (eye, lock, name, opacity), the
/// current layer's opacity slider and blend modes, and New, Copy, Delete, Raise, Lower. Logical pixels at ``zoom``
/// 1, its controls sized for ``controls``; the editing core hit-tests it, the shell draws it.
public struct LayerPanel: PlacedPanel, Equatable, Sendable {
    public static let padding = 10.0
    /// The side of an eye or a lock as drawn; a finger's target around it is larger (``iconCell``).
    public static let iconSide = 24.0

    /// What the controls are sized for.
    public let controls: ControlSize
    public var titleHeight: Double { controls.pick(22, 44) }
    public var rowHeight: Double { controls.pick(30, 46) }
    /// Rows shown at most; a longer stack scrolls (the arrows beside the title).
    public var visibleRows: Int { controls.pick(8, 6) }
    public var width: Double { controls.pick(280, 320) }
    /// The width an eye or a lock answers to.
    public var iconCell: Double { controls.pick(Self.iconSide, 44) }
    public var sliderHeight: Double { controls.pick(24, 44) }
    public var chipHeight: Double { controls.pick(26, 44) }
    public var buttonHeight: Double { controls.pick(30, 44) }
    private var scrollWidth: Double { controls.pick(26, 44) }
    public var height: Double {
        2 * Self.padding + titleHeight + 6 + Double(visibleRows) * rowHeight + 8 + sliderHeight + 8 + chipHeight + 8
            + buttonHeight
    }

    /// Only its sizes: the panel at the window's corner.
    private init(controls: ControlSize) {
        self.controls = controls
        placement = PanelPlacement(width: 1, height: 1, windowWidth: .infinity)
    }

    /// The panel's buttons at the bottom, left to right.
    public enum Button: CaseIterable, Sendable {
        case add, duplicate, delete, raise, lower

        public var title: String {
            switch self {
            case .add: "New"
            case .duplicate: "Copy"
            case .delete: "Delete"
            case .raise: "Up"
            case .lower: "Down"
            }
        }
    }

    /// What a point of the panel is.
    public enum Part: Equatable, Sendable {
        /// The layer shown in row `row` (0: the top row): its eye, its lock, or the rest of the row.
        case visibility(row: Int), lock(row: Int), layer(row: Int)
        case opacity, blend(LayerBlend), button(Button)
        case scrollUp, scrollDown
        case background
    }

    public typealias Box = BrushEditorPanel.Box

    /// Where the panel lies and how large it is drawn (``PanelPlacement``): its parts are in panel units from its
    /// top-left corner.
    public let placement: PanelPlacement

    /// The panel at the right edge of a window `windowWidth`×`windowHeight`, under the toolbar.
    public init(
        windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        controls = fit.controls
        let sized = LayerPanel(controls: fit.controls)
        placement = PanelPlacement(
            width: sized.width, height: sized.height, windowWidth: windowWidth, windowHeight: windowHeight,
            fit: fit)
    }

    public var title: Box {
        (x + Self.padding, y + Self.padding, width - 2 * Self.padding - 2 * scrollWidth - 8, titleHeight)
    }

    /// The arrows that scroll a long stack, at the title's right.
    public func scroll(up: Bool) -> Box {
        let right = x + width - Self.padding
        let top = y + Self.padding - controls.pick(2, 0)
        let height = titleHeight + controls.pick(2, 0)
        return (up ? right - 2 * scrollWidth - 4 : right - scrollWidth, top, scrollWidth, height)
    }

    private var rowsTop: Double { y + Self.padding + titleHeight + 6 }

    /// Row `row` of the list (0: the top one shown).
    public func row(_ row: Int) -> Box {
        (x + Self.padding, rowsTop + Double(row) * rowHeight, width - 2 * Self.padding, rowHeight - 2)
    }

    /// Where a row's eye answers (``icon(in:)`` is where it is drawn).
    public func eye(_ row: Int) -> Box {
        let box = self.row(row)
        return (box.x + 2, box.y, iconCell, box.height)
    }

    /// Where a row's lock answers.
    public func lock(_ row: Int) -> Box {
        let box = self.row(row)
        return (box.x + 4 + iconCell, box.y, iconCell, box.height)
    }

    /// An eye's or a lock's picture, in the middle of where it answers.
    public func icon(in cell: Box) -> Box {
        (
            cell.x + (cell.width - Self.iconSide) / 2, cell.y + (cell.height - Self.iconSide) / 2, Self.iconSide,
            Self.iconSide
        )
    }

    /// Where a row's name is written.
    public func name(_ row: Int) -> Box {
        let box = self.row(row)
        let left = box.x + 10 + 2 * iconCell
        return (left, box.y, box.x + box.width - 48 - left, box.height)
    }

    private var listBottom: Double { rowsTop + Double(visibleRows) * rowHeight }

    /// The current layer's opacity track.
    public var opacityTrack: Box {
        (x + Self.padding + 70, listBottom + 8, width - 2 * Self.padding - 70 - 54, sliderHeight)
    }

    /// The words before the opacity track.
    public var opacityLabel: Box { (x + Self.padding, listBottom + 8, 70, sliderHeight) }

    /// The value after the opacity track.
    public var opacityValue: Box {
        (x + width - Self.padding - 40, listBottom + 8, 40, sliderHeight)
    }

    /// The opacity a point of the track stands for, 0…1.
    public func opacity(atUnitX unitX: Double) -> Double {
        let track = opacityTrack
        return min(max((unitX - track.x) / track.width, 0), 1)
    }

    public func chip(_ blend: LayerBlend) -> Box {
        let index = Double(LayerBlend.allCases.firstIndex(of: blend) ?? 0)
        let count = Double(LayerBlend.allCases.count)
        let cell = (width - 2 * Self.padding - (count - 1) * 4) / count
        return (x + Self.padding + index * (cell + 4), opacityTrack.y + sliderHeight + 8, cell, chipHeight)
    }

    public func button(_ button: Button) -> Box {
        let index = Double(Button.allCases.firstIndex(of: button) ?? 0)
        let count = Double(Button.allCases.count)
        let cell = (width - 2 * Self.padding - (count - 1) * 4) / count
        let top = chip(.normal).y + chipHeight + 8
        return (x + Self.padding + index * (cell + 4), top, cell, buttonHeight)
    }

    /// The part under a window point, nil outside the panel; rows past `rows` (the layers shown) are background.
    public func part(atX windowX: Double, y windowY: Double, rows: Int) -> Part? {
        guard contains(x: windowX, y: windowY) else { return nil }
        let (px, py) = unit(x: windowX, y: windowY)
        func inside(_ box: Box) -> Bool {
            px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height
        }
        if inside(scroll(up: true)) { return .scrollUp }
        if inside(scroll(up: false)) { return .scrollDown }
        for index in 0..<min(rows, visibleRows) where inside(row(index)) {
            if inside(eye(index)) { return .visibility(row: index) }
            if inside(lock(index)) { return .lock(row: index) }
            return .layer(row: index)
        }
        let track = opacityTrack
        if py >= track.y && py < track.y + track.height && px >= track.x - 8 && px < track.x + track.width + 8 {
            return .opacity
        }
        for blend in LayerBlend.allCases where inside(chip(blend)) { return .blend(blend) }
        for button in Button.allCases where inside(self.button(button)) { return .button(button) }
        return .background
    }
}
