import CWaylandCursor
import MaLiangCore
import WaylandClient
import WaylandProtocol

/// The input devices, outputs and data device the window holds, with what each adapter needs to remember
/// between protocol events. The decisions are the editing core's; this is bookkeeping.
final class Devices {
    var seat: WlSeat?
    var pointer: WlPointer?
    /// The touchpad pinch recognizer made for ``pointer``: it goes with it.
    var pinch: ZwpPointerGesturePinchV1?
    var keyboardObject: WlKeyboard?
    var touch: WlTouch?
    let keyboard = Keyboard()
    var tabletManager: ZwpTabletManagerV2?
    var tabletSeat: ZwpTabletSeatV2?
    var tools: [ObjectIdentifier: ToolState] = [:]
    var nextToolNumber = 0
    var pads: [ObjectIdentifier: PadState] = [:]
    /// Each tablet's name and USB ids, the key its pad's settings are kept under.
    var tabletKeys: [ObjectIdentifier: String] = [:]
    var mouse = MouseState()
    /// Where each finger is (wl_touch.up carries no position), surface coordinates.
    var fingers: [Int32: (x: Double, y: Double)] = [:]
    /// Outputs by registry name, with their integer scale.
    var outputs: [UInt32: (output: WlOutput, scale: Int32)] = [:]
    /// Each output's current mode, physical pixels.
    var outputModes: [UInt32: (width: Int32, height: Int32)] = [:]
    /// Drag and drop, and the clipboard both ways.
    let transfer = DataTransfer()
    let cursorSurfaces = CursorSurfaces()
    /// Words from an on-screen keyboard, for the seat.
    var textInput: TextInput?

    /// Largest integer scale of the outputs in `entered` (of all outputs when the window is on none).
    func outputScale(_ entered: Set<ObjectIdentifier>) -> Int32 {
        let onIt = outputs.values.filter { entered.contains(ObjectIdentifier($0.output)) }.map(\.scale)
        return onIt.max() ?? outputs.values.map(\.scale).max() ?? 1
    }

    /// Frees what belongs to the connection before it closes (the cursor theme's buffers are proxies of it).
    func destroy() {
        textInput = nil
        for state in tools.values {
            state.cursorSurface?.destroy()
            state.arrowSurface?.destroy()
        }
        cursorSurfaces.destroyTheme()
    }
}

/// One tablet tool: what it is, its frame assembly, its own cursor surface.
final class ToolState {
    let tool: ZwpTabletToolV2
    /// The editing core's name for it.
    let number: Int
    var kind: ToolKind = .pen
    var serial: UInt64?
    /// The serial of its latest proximity_in or down (a window move started by it needs one).
    var lastSerial: UInt32 = 0
    var machine = TabletToolState()
    /// The tablet it is in proximity of: when that tablet goes, the tool leaves (compositors need not say so).
    var tablet: ObjectIdentifier?
    /// Cursor surfaces of its own (a surface may be the cursor of one tool only, ever): the brush outline, and the
    /// theme's arrow over the window's controls.
    var cursorSurface: WlSurface?
    var arrowSurface: WlSurface?
    /// Whether its cursor is the arrow; nil until set since its proximity_in.
    var cursorOverControls: Bool?
    /// Whether it is in proximity of the window's shadow (the desktop's side of the window): its events are left
    /// alone until it leaves.
    var onShadow = false

    init(tool: ZwpTabletToolV2, number: Int) {
        self.tool = tool
        self.number = number
    }
}

/// The mouse: where it is and which button holds its contact.
struct MouseState {
    var x = 0.0
    var y = 0.0
    var enterSerial: UInt32 = 0
    /// The button whose press began the current contact.
    var contactButton: UInt32?
    var pinchScale = 1.0
    /// Whether the pointer is on the window's shadow (its position then past the window's edges), where a press
    /// resizes the window and nothing else happens.
    var onShadow = false
}

/// Linux input codes of the buttons the client understands.
package enum ButtonCode {
    package static let left: UInt32 = 0x110
    package static let right: UInt32 = 0x111
    package static let middle: UInt32 = 0x112
    package static let stylus: UInt32 = 0x14b
    package static let stylus2: UInt32 = 0x14c
}

/// The cursor surfaces: one for the pointer, and a separate one per tablet tool (kept on the tool).
final class CursorSurfaces {
    var pointer: WlSurface?
    /// The theme's cursor the pointer shows now ("crosshair", "left_ptr"); nil until set since the last enter.
    var pointerShape: String?
    var theme: OpaquePointer?

    func destroyTheme() {
        if let theme { wl_cursor_theme_destroy(theme) }
        theme = nil
    }

    deinit { destroyTheme() }
}
