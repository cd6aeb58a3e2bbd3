/// The ☰ menu below the toolbar's menu button: a list of words, a row per action with its shortcut — the file
/// actions, then what the strip has no room for, then the keyboard shortcuts and help — over a grid of the pictures
/// the strip has no room for (brushes, colours, size and opacity dots, which words would not name better). Every
/// item is ``cell`` logical pixels high, a fingertip's size. In a window too low for every row, the strip's
/// actions become buttons in the grid, last first, so the menu stays within the window. A window that draws its own
/// title bar (where the toolbar has no room for the drawing's name) has the name on a row of its own at the top,
/// which is not an item.
public struct ToolbarMenu: Sendable {
    public struct Item: Equatable, Sendable {
        public let action: ToolbarLayout.Action
        /// The top-left corner and size, logical pixels.
        public let x, y, width, height: Double
        /// A row of words; otherwise a square button with its picture (and a tooltip).
        public let isWorded: Bool

        public func contains(x: Double, y: Double) -> Bool {
            x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
        }
    }

    /// Height of a row and side of a button: 44 logical pixels, the smallest a finger hits reliably.
    public static let cell = 44.0
    /// The menu's width where the window allows it: room for a row's words and shortcut.
    public static let width = 320.0
    static let padding = 4.0
    /// Height of the title row, when there is one.
    public static let titleHeight = 32.0

    /// Top to bottom, left to right: the order the arrow keys go through.
    public let items: [Item]
    /// The panel behind the items, logical pixels; nil when the menu is empty.
    public let frame: (x: Double, y: Double, width: Double, height: Double)?
    /// The drawing's name and whether it is saved go here (the title row), logical pixels; nil without one.
    public let titleRow: (x: Double, y: Double, width: Double, height: Double)?

    /// Whether an action is shown by its picture rather than named: a brush, a colour, a size or opacity step.
    public static func isPicture(_ action: ToolbarLayout.Action) -> Bool {
        switch action {
        case .brush, .color, .smaller, .larger, .lighter, .darker: true
        default: false
        }
    }

    /// The menu for `actions` (the file actions first, then the strip's overflow in its order) with help last,
    /// ending under the menu button at `moreX`, within a window of `windowWidth` × `windowHeight` logical pixels.
    init(
        actions: [ToolbarLayout.Action], under moreX: Double, windowWidth: Double, windowHeight: Double, titled: Bool
    ) {
        let fixed = Set(ToolbarLayout.menuOnly + [.help])
        var pictures = actions.filter(Self.isPicture)
        var worded = actions.filter { !Self.isPicture($0) } + [.help]
        let width = max(min(Self.width, windowWidth), Self.cell + 2 * Self.padding)
        let columns = max(1, Int((width - 2 * Self.padding) / Self.cell))
        let title = titled ? Self.titleHeight : 0
        func height() -> Double {
            let gridRows = (pictures.count + columns - 1) / columns
            return Double(gridRows + worded.count) * Self.cell + 2 * Self.padding + title
        }
        let room = windowHeight - ToolbarLayout.height
        while height() > room, let last = worded.lastIndex(where: { !fixed.contains($0) }) {
            pictures.append(worded.remove(at: last))
        }
        let left = max(0, min(moreX + ToolbarLayout.button + ToolbarLayout.gap - width, windowWidth - width))
        let top = ToolbarLayout.height + Self.padding + title
        var items = pictures.enumerated().map { index, action in
            Item(
                action: action, x: left + Self.padding + Double(index % columns) * Self.cell,
                y: top + Double(index / columns) * Self.cell, width: Self.cell, height: Self.cell, isWorded: false)
        }
        let rowsTop = top + Double((pictures.count + columns - 1) / columns) * Self.cell
        items += worded.enumerated().map { index, action in
            Item(
                action: action, x: left + Self.padding, y: rowsTop + Double(index) * Self.cell,
                width: width - 2 * Self.padding, height: Self.cell, isWorded: true)
        }
        self.items = items
        frame = (left, ToolbarLayout.height, width, height())
        titleRow =
            titled
            ? (left + Self.padding, ToolbarLayout.height + Self.padding, width - 2 * Self.padding, Self.titleHeight)
            : nil
    }

    /// The item under a logical point, if any.
    public func item(atX x: Double, y: Double) -> Item? { items.first { $0.contains(x: x, y: y) } }
}
