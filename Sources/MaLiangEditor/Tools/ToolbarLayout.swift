import MaLiangCore

/// Where the toolbar's buttons are: brushes, colours, the picker, size, opacity, undo, redo, fit, export, and —
/// when the compositor draws no title bar — close. The editing core hit-tests it; the shell draws it.
public struct ToolbarLayout: Equatable, Sendable {
    /// Logical height of the strip.
    public static let height = 48.0
    public static let button = 40.0
    public static let gap = 4.0
    /// Room between groups of buttons.
    static let groupGap = 12.0

    public static let colors: [Color] = [
        .black, Color(red: 0.9, green: 0.1, blue: 0.1), Color(red: 1, green: 0.55, blue: 0),
        Color(red: 0.95, green: 0.85, blue: 0.1),
        Color(red: 0.1, green: 0.65, blue: 0.2), Color(red: 0.1, green: 0.45, blue: 0.95),
        Color(red: 0.55, green: 0.2, blue: 0.8), .white,
    ]

    public enum Action: Hashable, Sendable {
        case brush(Int), color(Int), picker, smaller, larger, lighter, darker, undo, redo, fit, export, close
    }

    /// Each button and its left edge, logical pixels, left to right.
    public let buttons: [(action: Action, x: Double)]

    /// The layout for a window `width` logical pixels wide.
    public init(width: Double, showsClose: Bool) {
        var items: [(Action, Double)] = []
        var x = Self.gap
        func add(_ action: Action) {
            items.append((action, x))
            x += Self.button + Self.gap
        }
        for index in BrushStyle.presets.indices { add(.brush(index)) }
        x += Self.groupGap
        for index in Self.colors.indices { add(.color(index)) }
        add(.picker)
        x += Self.groupGap
        for action in [Action.smaller, .larger, .lighter, .darker] { add(action) }
        x += Self.groupGap
        for action in [Action.undo, .redo, .fit, .export] { add(action) }
        if showsClose { items.append((.close, max(x, width - Self.button - Self.gap))) }
        buttons = items
    }

    /// Whether a logical point is on the toolbar strip.
    public static func contains(y: Double) -> Bool { y >= 0 && y < height }

    /// The button under a logical point, if any; nil off the strip or between buttons.
    public func action(atX x: Double, y: Double) -> Action? {
        guard Self.contains(y: y) else { return nil }
        return buttons.first { x >= $0.x && x < $0.x + Self.button }?.action
    }

    public static func == (a: ToolbarLayout, b: ToolbarLayout) -> Bool {
        a.buttons.map(\.action) == b.buttons.map(\.action) && a.buttons.map(\.x) == b.buttons.map(\.x)
    }
}
