/// Where a panel under the toolbar lies in the window, and how large it is drawn: the one layout every panel —
/// colours, the brush editor, New, layers — is placed by. A panel is laid out in panel units from its top-left
/// corner (``x``, ``y``) as at full size, drawn ``zoom`` times that size about the corner: the desktop's text
/// scale (larger text, larger panels), or less in a window too small for it (never below ``smallest``), kept
/// inside the window's width. A finger's panel taller than the window's room is not made smaller: it scrolls
/// (``offset``), so its controls keep a finger's size.
public struct PanelPlacement: Equatable, Sendable {
    /// The panel's top-left corner, logical window pixels (its top as it would be unscrolled).
    public let x: Double
    public let y: Double
    /// How large the panel is drawn: the text scale, or less in a window too small for it.
    public let zoom: Double
    /// Panel units scrolled out of sight past the panel's top, 0 up to ``furthest``.
    public let offset: Double
    /// The most the panel scrolls: 0 when it fits under the toolbar.
    public let furthest: Double

    public typealias Box = (x: Double, y: Double, width: Double, height: Double)

    /// The smallest a panel is drawn: below, its words could not be read; it is cut off instead.
    public static let smallest = 0.5

    /// A `width`×`height` panel just under the toolbar of a `windowWidth`×`windowHeight` window, its left edge at
    /// `left` (or its right edge at `right`; the window's right edge when neither is given), moved left as far as
    /// it must to stay inside the window; drawn at the text scale where the window has room, scrolled as `fit`
    /// says where a finger's panel is taller than the room.
    public init(
        width: Double, height: Double, left: Double? = nil, right: Double? = nil, windowWidth: Double,
        windowHeight: Double = .infinity, fit: PanelFit = PanelFit()
    ) {
        let across = windowWidth.isFinite && windowWidth > 0 ? windowWidth / width : .infinity
        let roomBelow = windowHeight.isFinite && windowHeight > 0 ? windowHeight - ToolbarLayout.height : .infinity
        let down = fit.controls == .touch ? .infinity : roomBelow / height
        zoom = min(TextScale.clamped(fit.textScale), max(min(across, down), Self.smallest))
        furthest = roomBelow.isFinite ? max(0, height - max(roomBelow, 0) / zoom) : 0
        offset = fit.scroll.isFinite ? min(max(fit.scroll, 0), furthest) : 0
        let room = windowWidth.isFinite ? max(windowWidth, 0) : width
        let shownWidth = width * zoom
        let wanted: Double
        if let left {
            wanted = left.isFinite ? left : 0
        } else {
            wanted = (right.flatMap { $0.isFinite ? $0 : nil } ?? room) - shownWidth
        }
        x = max(0, min(wanted, room - shownWidth))
        y = ToolbarLayout.height
    }

    /// Where the panel of toolbar button `action` hangs from: under the button, or under the menu button when the
    /// strip has no room for it.
    public static func anchor(of action: ToolbarLayout.Action, in layout: ToolbarLayout) -> Double {
        layout.buttons.first { $0.action == action }?.x ?? layout.buttons.first { $0.action == .more }?.x ?? 0
    }

    /// A window point in panel units.
    public func unit(x px: Double, y py: Double) -> (x: Double, y: Double) {
        (x + (px - x) / zoom, y + (py - y) / zoom + offset)
    }

    /// Where a box in panel units lies in the window.
    public func shown(_ box: Box) -> Box {
        (x + (box.x - x) * zoom, y + (box.y - y - offset) * zoom, box.width * zoom, box.height * zoom)
    }

    /// Whether a window point is on the part of a `width`×`height` panel in sight.
    public func contains(x px: Double, y py: Double, width: Double, height: Double) -> Bool {
        px >= x && px < x + width * zoom && py >= y && py < y + (height - offset) * zoom
    }
}

/// A panel under the toolbar, `width`×`height` panel units, placed by ``PanelPlacement``.
public protocol PlacedPanel {
    /// The panel's size in panel units (its controls' size decides it).
    var width: Double { get }
    var height: Double { get }
    var placement: PanelPlacement { get }
}

extension PlacedPanel {
    /// The panel's top-left corner, logical window pixels.
    public var x: Double { placement.x }
    public var y: Double { placement.y }
    /// How large the panel is drawn: 1, or less in a window too small for it.
    public var zoom: Double { placement.zoom }

    /// A window point in panel units.
    public func unit(x px: Double, y py: Double) -> (x: Double, y: Double) { placement.unit(x: px, y: py) }

    /// Where a box in panel units lies in the window.
    public func shown(_ box: PanelPlacement.Box) -> PanelPlacement.Box { placement.shown(box) }

    /// A title row across the panel's top, `padding` in from its edges, `height` high (panel units).
    public func titleBox(padding: Double, height: Double) -> PanelPlacement.Box {
        (x + padding, y + padding, width - 2 * padding, height)
    }

    /// Whether a window point is on the panel.
    public func contains(x px: Double, y py: Double) -> Bool {
        placement.contains(x: px, y: py, width: width, height: height)
    }
}
