import MaLiangCore

/// Where the toolbar's buttons are: brushes and the brush editor, colours, the colour panel, the picker, size,
/// opacity, the selection tool, undo, redo, fit, the mirrored view, symmetry, layers; at the right the
/// menu button and — when the compositor draws no title bar — minimise, maximise and close. The menu
/// (``ToolbarMenu``) holds the file actions (new, open, save as, export), whatever the strip has no room for, and
/// help. The editing core hit-tests it; the shell draws it.
public struct ToolbarLayout: Equatable, Sendable {
    /// Logical height of the strip.
    public static let height = 48.0
    public static let button = 40.0
    public static let gap = 4.0
    /// Room between groups of buttons.
    static let groupGap = 12.0

    public static let colors: [Color] = [
        // Orange and purple gave their places to the colour panel and the brush editor (the wheel has them).
        .black, Color(red: 0.9, green: 0.1, blue: 0.1), Color(red: 0.95, green: 0.85, blue: 0.1),
        Color(red: 0.1, green: 0.65, blue: 0.2), Color(red: 0.1, green: 0.45, blue: 0.95), .white,
    ]

    public enum Action: Hashable, Sendable {
        case brush(Int), color(Int), picker, smaller, larger, lighter, darker, undo, redo, fit, export
        /// Opens the colour panel: a wheel, the colour in hex, the recent colours.
        case colorWheel
        /// Opens the brush editor: the chosen brush's settings, its pressure curve, the saved brushes.
        case brushEditor
        /// Opens the layer panel.
        case layers
        /// Shows the view mirrored left to right, or as drawn.
        case mirrorView
        /// The next symmetry mode for new strokes: off, vertical, horizontal, both, radial.
        case symmetry
        /// The selection tool, or back to painting.
        case select
        /// The fill tool, or back to painting.
        case fill
        /// A new drawing, another drawing, this drawing under another name (in the menu, with export).
        case newDocument, open, saveAs
        /// A video of the drawing being made (in the menu).
        case timeLapse
        /// The keyboard shortcuts and gestures (in the menu; F1 does the same).
        case help
        /// The tablet pad's panel (in the menu while a pad is plugged in).
        case pad
        /// Our own title bar's window buttons, when the compositor draws none.
        case minimize, maximize, close
        /// Opens the menu: the file actions and the buttons a narrow window has no room for.
        case more
    }

    /// Each button on the strip and its left edge, logical pixels, left to right.
    public let buttons: [(action: Action, x: Double)]
    /// The menu ``Action/more`` opens below it: the file actions, the buttons the strip has no room for, help.
    public let menuList: ToolbarMenu
    /// The menu's items, top to bottom.
    public var menu: [ToolbarMenu.Item] { menuList.items }

    /// The groups of buttons, in the order they stand.
    static var groups: [[Action]] {
        [
            BrushStyle.presets.indices.map { Action.brush($0) } + [.brushEditor],
            colors.indices.map { Action.color($0) } + [.colorWheel, .picker],
            [.smaller, .larger, .lighter, .darker],
            [.select, .fill, .undo, .redo, .fit, .mirrorView, .symmetry, .layers],
        ]
    }

    /// What the menu always holds, first.
    public static let menuOnly: [Action] = [.newDocument, .open, .saveAs, .export, .timeLapse]

    /// Which buttons stay on a narrow strip first: undo and redo, the brushes, the colour panel, the brush editor,
    /// the colours, the picker, the selection and fill tools, the layers, size, fit, symmetry, then the rest as they
    /// stand (so at 1280 px the mirrored view, which the zoom's readout says, goes to the menu, and with our own
    /// window buttons "lighter" and "darker" — the brush editor's opacity does the same — symmetry, which Y steps
    /// through, and fit, which 0 does, go too).
    static var priority: [Action] {
        let all = groups.flatMap { $0 }
        let first: [Action] =
            [.undo, .redo] + BrushStyle.presets.indices.map { Action.brush($0) } + [.colorWheel, .brushEditor]
            + colors.indices.map { Action.color($0) } + [
                .picker, .select, .fill, .layers, .smaller, .larger, .fit, .symmetry,
            ]
        return first + all.filter { !first.contains($0) }
    }

    /// The layout for a window `width` logical pixels wide (and tall enough for its whole menu).
    public init(width: Double, showsClose: Bool) { self.init(width: width, height: 100_000, showsClose: showsClose) }

    /// The layout for a window `width` × `height` logical pixels: every button on the strip when they fit;
    /// otherwise as many as fit, by ``priority``, and the rest in the menu. The menu button and the window's buttons
    /// keep the right edge; nothing is placed beyond a window wide enough for them and one more button.
    public init(width: Double, height: Double, showsClose: Bool, hasPad: Bool = false) {
        // A window of any size a compositor or a program may claim, NaN and infinities included.
        let width = width.isFinite ? min(max(width, 0), 1_000_000) : 0
        let height = height.isFinite ? min(max(height, 0), 1_000_000) : 0
        let right: [Action] = [.more] + (showsClose ? [.minimize, .maximize, .close] : [])
        let rightRoom = Double(right.count) * (Self.button + Self.gap)
        let all = Self.groups.flatMap { $0 }
        var kept = all
        var overflow: [Action] = []
        if Self.placed(all).end > width - rightRoom {
            let order = Self.priority
            var count = order.count
            while count > 0, Self.placed(Array(order.prefix(count))).end > width - rightRoom { count -= 1 }
            let chosen = Set(order.prefix(count))
            kept = all.filter { chosen.contains($0) }
            overflow = all.filter { !chosen.contains($0) }
        }
        let placed = Self.placed(kept)
        var items = placed.items
        for (index, action) in right.enumerated() {
            let fromRight = Double(right.count - index) * (Self.button + Self.gap)
            items.append((action, max(placed.end + Double(index) * (Self.button + Self.gap), width - fromRight)))
        }
        buttons = items
        let moreX = items.first { $0.0 == .more }?.1 ?? Self.gap
        menuList = ToolbarMenu(
            actions: Self.menuOnly + (hasPad ? [.pad] : []) + overflow, under: moreX, windowWidth: width,
            windowHeight: height,
            titled: showsClose)
    }

    /// `actions` (in group order) placed left to right with the gaps between groups; and where the next button
    /// would start.
    private static func placed(_ actions: [Action]) -> (items: [(Action, Double)], end: Double) {
        var items: [(Action, Double)] = []
        var x = gap
        for group in groups {
            let present = group.filter { actions.contains($0) }
            guard !present.isEmpty else { continue }
            if !items.isEmpty { x += groupGap }
            for action in present {
                items.append((action, x))
                x += button + gap
            }
        }
        return (items, x)
    }

    /// The menu's panel, logical pixels.
    public var menuFrame: (x: Double, y: Double, width: Double, height: Double)? { menuList.frame }

    /// Whether a logical point is on the toolbar strip.
    public static func contains(y: Double) -> Bool { y >= 0 && y < height }

    /// The button under a logical point, if any; nil off the strip or between groups. A button answers across the
    /// strip's height and half the gap on each side, so each is a finger's 44×48 though drawn 40×40.
    public func action(atX x: Double, y: Double) -> Action? {
        guard Self.contains(y: y) else { return nil }
        return buttons.first { x >= $0.x - Self.gap / 2 && x < $0.x + Self.button + Self.gap / 2 }?.action
    }

    /// The menu's button under a logical point, if any.
    public func menuAction(atX x: Double, y: Double) -> Action? { menuList.item(atX: x, y: y)?.action }

    public static func == (a: ToolbarLayout, b: ToolbarLayout) -> Bool {
        a.buttons.map(\.action) == b.buttons.map(\.action) && a.buttons.map(\.x) == b.buttons.map(\.x)
            && a.menu == b.menu
    }
}
