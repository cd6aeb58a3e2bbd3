import MaLiangCore

/// The layer panel at the window's right under the toolbar: the layers top first (eye, lock, name, opacity), the
/// current layer's opacity slider and blend modes, and New, Copy, Delete, Raise, Lower. Logical pixels at ``zoom``
/// 1; the editing core hit-tests it, the shell draws it.
public struct LayerPanel: PlacedPanel, Equatable, Sendable {
    public static let padding = 10.0
    public static let titleHeight = 22.0
    public static let rowHeight = 30.0
    /// Rows shown at most; a longer stack scrolls (the arrows beside the title).
    public static let visibleRows = 8
    public static let width = 280.0
    public static let iconSide = 24.0
    public static let sliderHeight = 24.0
    public static let chipHeight = 26.0
    public static let buttonHeight = 30.0
    public static let height =
        2 * padding + titleHeight + 6 + Double(visibleRows) * rowHeight + 8 + sliderHeight + 8 + chipHeight + 8
        + buttonHeight

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
    public init(windowWidth: Double, windowHeight: Double = .infinity) {
        placement = PanelPlacement(
            width: Self.width, height: Self.height, windowWidth: windowWidth, windowHeight: windowHeight)
    }

    public var title: Box { (x + Self.padding, y + Self.padding, Self.width - 2 * Self.padding - 60, Self.titleHeight) }

    /// The arrows that scroll a long stack, at the title's right.
    public func scroll(up: Bool) -> Box {
        let right = x + Self.width - Self.padding
        return (up ? right - 56 : right - 26, y + Self.padding - 2, 26, Self.titleHeight + 2)
    }

    private var rowsTop: Double { y + Self.padding + Self.titleHeight + 6 }

    /// Row `row` of the list (0: the top one shown).
    public func row(_ row: Int) -> Box {
        (x + Self.padding, rowsTop + Double(row) * Self.rowHeight, Self.width - 2 * Self.padding, Self.rowHeight - 2)
    }

    public func eye(_ row: Int) -> Box {
        let box = self.row(row)
        return (box.x + 2, box.y + (box.height - Self.iconSide) / 2, Self.iconSide, Self.iconSide)
    }

    public func lock(_ row: Int) -> Box {
        let box = self.row(row)
        return (box.x + 4 + Self.iconSide, box.y + (box.height - Self.iconSide) / 2, Self.iconSide, Self.iconSide)
    }

    /// Where a row's name is written.
    public func name(_ row: Int) -> Box {
        let box = self.row(row)
        let left = box.x + 10 + 2 * Self.iconSide
        return (left, box.y, box.x + box.width - 48 - left, box.height)
    }

    private var listBottom: Double { rowsTop + Double(Self.visibleRows) * Self.rowHeight }

    /// The current layer's opacity track.
    public var opacityTrack: Box {
        (x + Self.padding + 70, listBottom + 8, Self.width - 2 * Self.padding - 70 - 54, Self.sliderHeight)
    }

    /// The words before the opacity track.
    public var opacityLabel: Box { (x + Self.padding, listBottom + 8, 70, Self.sliderHeight) }

    /// The value after the opacity track.
    public var opacityValue: Box {
        (x + Self.width - Self.padding - 40, listBottom + 8, 40, Self.sliderHeight)
    }

    /// The opacity a point of the track stands for, 0…1.
    public func opacity(atUnitX unitX: Double) -> Double {
        let track = opacityTrack
        return min(max((unitX - track.x) / track.width, 0), 1)
    }

    public func chip(_ blend: LayerBlend) -> Box {
        let index = Double(LayerBlend.allCases.firstIndex(of: blend) ?? 0)
        let count = Double(LayerBlend.allCases.count)
        let width = (Self.width - 2 * Self.padding - (count - 1) * 4) / count
        return (x + Self.padding + index * (width + 4), opacityTrack.y + Self.sliderHeight + 8, width, Self.chipHeight)
    }

    public func button(_ button: Button) -> Box {
        let index = Double(Button.allCases.firstIndex(of: button) ?? 0)
        let count = Double(Button.allCases.count)
        let width = (Self.width - 2 * Self.padding - (count - 1) * 4) / count
        let top = chip(.normal).y + Self.chipHeight + 8
        return (x + Self.padding + index * (width + 4), top, width, Self.buttonHeight)
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
        for index in 0..<min(rows, Self.visibleRows) where inside(row(index)) {
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
