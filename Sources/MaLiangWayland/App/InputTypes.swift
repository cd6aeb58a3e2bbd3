import Foundation
import MaLiang
import WaylandClient

/// The brush the next stroke uses: a built-in preset, a colour, and the size and opacity the user dialled in.
struct BrushStyle {
    var preset = 0
    var color = Color.black
    /// Multiplies the preset's size ([ and ]).
    var sizeFactor = 1.0
    /// Multiplies the preset's opacity.
    var opacityFactor = 1.0

    func brush(eraser: Bool) -> AnyBrush {
        let name = eraser ? "eraser" : Toolbar.brushes[preset == Toolbar.stickersIndex ? 0 : preset]
        var brush = BrushPresets.brush(named: name, color: color) ?? .brush(Brush())
        var base = brush.base
        base.pointSize = max(base.pointSize * sizeFactor, 0.5)
        if !eraser { base.opacity = min(max(base.opacity * opacityFactor, 0.02), 1) }
        brush.base = base
        return brush
    }
}

/// One tablet tool: what it is, its frame assembly, its own cursor surface, and what it is doing.
final class ToolState {
    let tool: ZwpTabletToolV2
    var kind: ToolKind = .pen
    var serial: UInt64?
    var machine = TabletToolState()
    /// A cursor surface of its own: a surface may be the cursor of one tool only, ever.
    var cursorSurface: WlSurface?
    var drawing = false
    var panning: (x: Double, y: Double)?
    var onToolbar = false
    var draggingChartlet = false

    init(tool: ZwpTabletToolV2) { self.tool = tool }
}

/// The mouse: where it is, and what its buttons are doing.
struct PointerState {
    var x = 0.0
    var y = 0.0
    var enterSerial: UInt32 = 0
    var drawing = false
    var panning = false
    var spaceHeld = false
    var pinchScale = 1.0
}

/// Linux input codes of the buttons the client understands.
enum ButtonCode {
    static let left: UInt32 = 0x110
    static let right: UInt32 = 0x111
    static let middle: UInt32 = 0x112
    static let stylus: UInt32 = 0x14b
    static let stylus2: UInt32 = 0x14c
}
