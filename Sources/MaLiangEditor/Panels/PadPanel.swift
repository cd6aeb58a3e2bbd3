import MaLiangCore

/// A tablet pad the window knows, as its panel shows it: the tablet it belongs to, its controls, what they do.
public struct PadSetup: Equatable, Sendable {
    /// The tablet's name and USB ids: the key its settings are kept under.
    public var tablet: String
    public var buttons: Int
    public var rings: Int
    public var strips: Int
    /// Modes of its rings and strips (at least 1).
    public var modes: Int
    public var mapping: PadMapping

    public init(tablet: String, buttons: Int, rings: Int, strips: Int, modes: Int, mapping: PadMapping) {
        self.tablet = tablet
        self.buttons = min(max(buttons, 0), 64)
        self.rings = max(rings, 0)
        self.strips = max(strips, 0)
        self.modes = min(max(modes, 1), 16)
        self.mapping = mapping
    }
}

/// The panel the menu's "Tablet pad" opens under the toolbar: a row for each button and for the ring and strip in
/// each mode, with what it does; a press on a row's choice takes the next action, Standard brings the standard
/// ones back, Done closes it. Logical pixels at ``zoom`` 1; the editing core hit-tests it, the shell draws it.
public struct PadPanel: PlacedPanel, Equatable, Sendable {
    /// One row: a control and its action.
    public enum Row: Equatable, Sendable {
        case button(Int), ring(mode: Int), strip(mode: Int)
    }

    /// What a point of the panel is.
    public enum Part: Equatable, Sendable {
        case row(Int), standard, done, background
    }

    public static let padding = 12.0
    public static let titleHeight = 24.0
    public static let labelWidth = 150.0
    public static let choiceWidth = 190.0
    public static let width = 2 * padding + labelWidth + 8 + choiceWidth

    public let setup: PadSetup
    public let controls: ControlSize
    public let rows: [Row]
    public let placement: PanelPlacement
    public var width: Double { Self.width }
    public var rowHeight: Double { controls.pick(26, 48) }
    public var buttonHeight: Double { controls.pick(30, 44) }
    public var height: Double { button(.done).y + buttonHeight + Self.padding - y }

    /// The panel under the toolbar, its right edge under `anchorRight`, inside a window `windowWidth` ×
    /// `windowHeight`.
    public init(
        _ setup: PadSetup, anchorRight: Double, windowWidth: Double, windowHeight: Double = .infinity,
        fit: PanelFit = PanelFit()
    ) {
        self.setup = setup
        controls = fit.controls
        rows =
            (0..<setup.buttons).map { Row.button($0) }
            + (setup.rings > 0 ? (0..<setup.modes).map { Row.ring(mode: $0) } : [])
            + (setup.strips > 0 ? (0..<setup.modes).map { Row.strip(mode: $0) } : [])
        let rowHeight = fit.controls.pick(26.0, 48.0)
        let height =
            2 * Self.padding + Self.titleHeight + 8 + Double(rows.count) * rowHeight + 8
            + fit.controls.pick(30.0, 44.0)
        placement = PanelPlacement(
            width: Self.width, height: height, right: anchorRight, windowWidth: windowWidth,
            windowHeight: windowHeight, fit: fit)
    }

    public typealias Box = BrushEditorPanel.Box

    public var title: Box { titleBox(padding: Self.padding, height: Self.titleHeight) }
    private var rowsTop: Double { title.y + Self.titleHeight + 8 }

    /// Row `index`'s words: which control.
    public func label(_ index: Int) -> Box {
        (x + Self.padding, rowsTop + Double(index) * rowHeight + 2, Self.labelWidth, rowHeight - 4)
    }

    /// Row `index`'s choice: what the control does.
    public func choice(_ index: Int) -> Box {
        (
            x + Self.padding + Self.labelWidth + 8, rowsTop + Double(index) * rowHeight + 2, Self.choiceWidth,
            rowHeight - 4
        )
    }

    /// Done at the right, Standard left of it.
    public func button(_ part: Part) -> Box {
        let top = rowsTop + Double(rows.count) * rowHeight + 8
        let right = x + width - Self.padding
        return part == .done ? (right - 100, top, 100, buttonHeight) : (right - 208, top, 100, buttonHeight)
    }

    /// The words for row `index`: the control, and its action.
    public func words(_ index: Int) -> (control: String, action: String) {
        switch rows[index] {
        case .button(let button): ("Button \(button + 1)", setup.mapping.button(button).name)
        case .ring(let mode):
            (setup.modes > 1 ? "Ring, mode \(mode + 1)" : "Ring", setup.mapping.ring(mode: mode).name)
        case .strip(let mode):
            (setup.modes > 1 ? "Strip, mode \(mode + 1)" : "Strip", setup.mapping.strip(mode: mode).name)
        }
    }

    /// The part under a window point, nil outside the panel. A row answers across its whole width.
    public func part(atX windowX: Double, y windowY: Double) -> Part? {
        guard contains(x: windowX, y: windowY) else { return nil }
        let (px, py) = placement.unit(x: windowX, y: windowY)
        func inside(_ box: Box) -> Bool {
            px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height
        }
        for index in rows.indices {
            let row = label(index)
            if inside((row.x, row.y, width - 2 * Self.padding, row.height)) { return .row(index) }
        }
        for part in [Part.standard, .done] where inside(button(part)) { return part }
        return .background
    }
}

extension PadMapping {
    /// `row`'s action moved on to the next one (after the last, the first).
    func advancing(_ row: PadPanel.Row) -> PadMapping {
        var mapping = self
        func next<Action: CaseIterable & Equatable>(_ action: Action) -> Action {
            let all = Array(Action.allCases)
            let index = all.firstIndex(of: action) ?? 0
            return all[(index + 1) % all.count]
        }
        func set<Action>(_ list: inout [Action], _ index: Int, _ value: Action, filler: Action) {
            while list.count <= index { list.append(filler) }
            list[index] = value
        }
        switch row {
        case .button(let index): set(&mapping.buttons, index, next(button(index)), filler: .none)
        case .ring(let mode):
            // Modes past the list take its actions over again: written out, so only this one changes.
            mapping.rings = (0..<max(rings.count, mode + 1)).map(ring(mode:))
            set(&mapping.rings, mode, next(ring(mode: mode)), filler: .none)
        case .strip(let mode):
            mapping.strips = (0..<max(strips.count, mode + 1)).map(strip(mode:))
            set(&mapping.strips, mode, next(strip(mode: mode)), filler: .none)
        }
        return mapping
    }
}
