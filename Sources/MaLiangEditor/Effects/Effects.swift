import Foundation
import MaLiangCore

/// What handling one input did, as a value. The shell applies it in a fixed order (``EffectsApplier``): the
/// document changes are saved, then drawn, then a frame is scheduled and the requests are carried out.
public struct Effects: Sendable {
    /// Document changes, in the order the document made them. Saved first, then drawn.
    public var changes: [DocumentChange] = []
    /// The stroke in progress: begun, stamped, dropped. Drawn before ``changes`` (a stroke's last stamps come
    /// before the document receives it).
    public var live: [LiveChange] = []
    /// The document areas the live stamps changed, when only they need drawing again: a few rectangles, one around
    /// each place painted (a symmetric stroke's copies lie apart).
    public var damage: [DocumentRect] = []
    /// Everything must be drawn again (the view moved, the toolbar or the selection changed, a document change).
    public var redraw = false
    /// What to tell the user.
    public var messages: [StatusMessage] = []
    /// What only the shell can do.
    public var requests: [Request] = []

    public init() {}

    /// Whether nothing happened.
    public var isEmpty: Bool {
        changes.isEmpty && live.isEmpty && damage.isEmpty && !redraw && messages.isEmpty && requests.isEmpty
    }

    /// Adds `other`'s effects after these.
    public mutating func append(_ other: Effects) {
        changes += other.changes
        live += other.live
        if !other.damage.isEmpty { damage = Damage.merged(damage + other.damage) }
        redraw = redraw || other.redraw
        messages += other.messages
        requests += other.requests
    }
}

/// A change to the stroke being drawn.
public enum LiveChange: Equatable, Sendable {
    /// A stroke began: its id, brush and seed (no samples yet).
    case began(Stroke)
    /// More stamps of the stroke in progress.
    case stamps([Stamp])
    /// The stroke's tail past what the smoother has drawn — to its last sample, then any guessed continuation —
    /// shown after its stamps until the next tail replaces it (empty: none).
    case predicted([Stamp])
    /// The stroke in progress was dropped; it will not reach the document.
    case cancelled
}

/// Something only the shell can do.
public enum Request: Equatable, Sendable {
    /// Take the colour shown at a document point and hand it to ``EditingSession/pickColor(_:)``.
    case pickColor(at: Point)
    /// Start an interactive move of the window (a drag on our own title bar).
    case moveWindow(serial: UInt32)
    case toggleMaximized
    case toggleFullscreen
    case minimize
    /// Start an interactive resize from a window edge or corner (our own decorations).
    case resizeWindow(serial: UInt32, edge: WindowEdge)
    /// The user asked to close the window.
    case close
    /// Write the drawing as a PNG image, asking where and how.
    case exportPNG
    /// Make a video of the drawing being made, asking where.
    case exportTimeLapse
    /// Start a new drawing of `size` on `background` paper (in a window of its own).
    case newDocument(size: Size, background: Color)
    /// Ask for a drawing to open.
    case open
    /// Ask for a new name and place for this drawing, and go on there.
    case saveAs
    /// Fill the closed region at `point` as `layer` shows it (every shown layer, when `settings` says so), and hand
    /// the region to ``EditingSession/addFill(_:on:)``.
    case fill(at: Point, layer: LayerID, settings: FillSettings)
    /// Paste from the clipboard: strokes and images this program copied, else a PNG image.
    case paste
    /// Put the selection on the clipboard: `data` for this program (``ElementClipboard``), a PNG image of it for
    /// others.
    case copyElements(Data)
    /// Put the picture the window shows (the drawing as it is in view, without the controls) on the clipboard as a
    /// PNG image, for other programs.
    case copyView
    /// Show the list of keys and gestures, or hide it.
    case toggleShortcuts
    /// Make sure everything is saved, and say so.
    case save
    /// The brush outline under the pen changed size (brush size or zoom).
    case brushOutlineChanged
    /// The recent colours changed (``EditingSession/recentColors``): the shell keeps them for the next session.
    case recentColorsChanged
    /// Keep a brush in its file (``BrushFile/fileName(for:)``), replacing one of the same name.
    case saveBrush(BrushFile)
    /// Delete the saved brush called `name`.
    case deleteBrush(name: String)
    /// Read the saved brushes again into ``EditingSession/savedBrushes`` (the editor opened: files may have been
    /// copied in since).
    case reloadSavedBrushes
    /// What the pad of the tablet keyed `tablet` does is now `mapping`: for its pads now, and kept for it.
    case padMapping(tablet: String, mapping: PadMapping)
}

/// An edge or corner of the window, for resizing it.
public enum WindowEdge: Equatable, Sendable {
    case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// How far in from the window's border (logical pixels) a press resizes it.
    public static let reach = 6.0
    /// How far along an edge from a corner a press takes the corner.
    public static let cornerReach = 16.0

    /// The edge or corner a point of a `width`×`height` window (logical pixels) is on, if any.
    public static func at(x: Double, y: Double, width: Double, height: Double) -> WindowEdge? {
        let left = x < reach
        let right = x >= width - reach
        let top = y < reach
        let bottom = y >= height - reach
        let nearLeft = x < cornerReach
        let nearRight = x >= width - cornerReach
        let nearTop = y < cornerReach
        let nearBottom = y >= height - cornerReach
        if (top && nearLeft) || (left && nearTop) { return .topLeft }
        if (top && nearRight) || (right && nearTop) { return .topRight }
        if (bottom && nearLeft) || (left && nearBottom) { return .bottomLeft }
        if (bottom && nearRight) || (right && nearBottom) { return .bottomRight }
        if top { return .top }
        if bottom { return .bottom }
        if left { return .left }
        if right { return .right }
        return nil
    }
}

/// A line for the status strip (and standard error).
public struct StatusMessage: Equatable, Sendable {
    public enum Severity: Int, Comparable, Sendable {
        case info, warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
    }

    public var severity: Severity
    public var text: String

    public init(_ severity: Severity, _ text: String) {
        self.severity = severity
        self.text = text
    }
}
