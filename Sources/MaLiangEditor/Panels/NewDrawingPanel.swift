import MaLiangCore

/// The panel New opens under the toolbar: the new drawing's page size and paper, then Create or Cancel. Logical
/// pixels at ``zoom`` 1; the editing core hit-tests it, the shell draws it.
public struct NewDrawingPanel: PlacedPanel, Equatable, Sendable {
    /// Page sizes offered; nil is this drawing's.
    public static let sizes: [(label: String, size: Size?)] = [
        ("Like this drawing", nil),
        ("Large · 4096 × 3072", Size(width: 4096, height: 3072)),
        ("A4 portrait, 300 dpi · 2480 × 3508", Size(width: 2480, height: 3508)),
        ("A4 landscape, 300 dpi · 3508 × 2480", Size(width: 3508, height: 2480)),
        ("Square · 2048 × 2048", Size(width: 2048, height: 2048)),
        ("Full HD · 1920 × 1080", Size(width: 1920, height: 1080)),
        ("4K · 3840 × 2160", Size(width: 3840, height: 2160)),
    ]
    /// Papers offered; nil is this drawing's.
    public static let papers: [(label: String, color: Color?)] = [
        ("Like this drawing", nil),
        ("White", .white),
        ("Cream", Color(red: 0.965, green: 0.941, blue: 0.882)),
        ("Grey", Color(red: 0.5, green: 0.5, blue: 0.5)),
        ("Dark", Color(red: 0.125, green: 0.133, blue: 0.149)),
        ("None (transparent)", .clear),
    ]

    public static let padding = 12.0
    public static let titleHeight = 24.0
    public static let sizeColumnWidth = 250.0
    public static let paperColumnWidth = 150.0
    public static let columnGap = 12.0
    public static let width = 2 * padding + sizeColumnWidth + columnGap + paperColumnWidth

    /// What the controls are sized for.
    public let controls: ControlSize
    /// A choice's row; the choice is 4 less, with room between.
    public var rowHeight: Double { controls.pick(26, 48) }
    public var buttonHeight: Double { controls.pick(30, 44) }
    /// The papers under the sizes: a finger's panel in a window too narrow for both side by side.
    public let isSingleColumn: Bool
    public var width: Double { isSingleColumn ? 2 * Self.padding + Self.sizeColumnWidth : Self.width }
    public var height: Double { button(.create).y + buttonHeight + Self.padding - y }

    /// Only its sizes: the panel at the window's corner.
    private init(controls: ControlSize, isSingleColumn: Bool) {
        self.controls = controls
        self.isSingleColumn = isSingleColumn
        placement = PanelPlacement(width: 1, height: 1, windowWidth: .infinity)
    }

    /// What a point of the panel is.
    public enum Part: Equatable, Sendable {
        case size(Int), paper(Int), create, cancel, background
    }

    /// Where the panel lies and how large it is drawn (``PanelPlacement``): its parts are in panel units from its
    /// top-left corner.
    public let placement: PanelPlacement

    /// The panel under the toolbar, its right edge under `anchorRight` (the menu button's) and inside a window
    /// `windowWidth` wide and `windowHeight` high.
    public init(
        anchorRight: Double, windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        controls = fit.controls
        isSingleColumn = fit.stacksColumns(width: Self.width, windowWidth: windowWidth)
        let sized = NewDrawingPanel(controls: fit.controls, isSingleColumn: isSingleColumn)
        placement = PanelPlacement(
            width: sized.width, height: sized.height, right: anchorRight, windowWidth: windowWidth,
            windowHeight: windowHeight, fit: fit)
    }

    /// The panel for `layout`: under the menu button, where New is.
    public init(
        layout: ToolbarLayout, windowWidth: Double, windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        let more = layout.buttons.first { $0.action == .more }?.x ?? windowWidth
        self.init(
            anchorRight: more + ToolbarLayout.button, windowWidth: windowWidth, windowHeight: windowHeight,
            fit: fit)
    }

    public typealias Box = BrushEditorPanel.Box

    public var title: Box { titleBox(padding: Self.padding, height: Self.titleHeight) }
    private var rowsTop: Double { title.y + Self.titleHeight + 8 }

    public func size(_ index: Int) -> Box {
        (x + Self.padding, rowsTop + Double(index) * rowHeight + 2, Self.sizeColumnWidth, rowHeight - 4)
    }

    public func paper(_ index: Int) -> Box {
        if isSingleColumn {
            let top = rowsTop + Double(Self.sizes.count) * rowHeight + 8
            return (x + Self.padding, top + Double(index) * rowHeight + 2, Self.sizeColumnWidth, rowHeight - 4)
        }
        return (
            x + Self.padding + Self.sizeColumnWidth + Self.columnGap, rowsTop + Double(index) * rowHeight + 2,
            Self.paperColumnWidth, rowHeight - 4
        )
    }

    /// Create at the right, Cancel left of it.
    public func button(_ part: Part) -> Box {
        let rows = isSingleColumn ? Self.sizes.count + Self.papers.count : max(Self.sizes.count, Self.papers.count)
        let top = rowsTop + Double(rows) * rowHeight + (isSingleColumn ? 16 : 8)
        let width = 100.0
        let right = x + self.width - Self.padding
        return part == .create
            ? (right - width, top, width, buttonHeight) : (right - 2 * width - 8, top, width, buttonHeight)
    }

    /// The part under a window point, nil outside the panel.
    public func part(atX windowX: Double, y windowY: Double) -> Part? {
        guard contains(x: windowX, y: windowY) else { return nil }
        let (px, py) = placement.unit(x: windowX, y: windowY)
        func inside(_ box: Box) -> Bool {
            px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height
        }
        for index in Self.sizes.indices where inside(size(index)) { return .size(index) }
        for index in Self.papers.indices where inside(paper(index)) { return .paper(index) }
        for button in [Part.create, .cancel] where inside(self.button(button)) { return button }
        return .background
    }
}
