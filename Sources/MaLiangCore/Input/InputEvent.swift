/// One thing a pen, an eraser, a finger or a mouse did, in window terms: the single input type the editing core
/// understands. The Wayland shell only translates protocol events into these.
public struct InputEvent: Sendable {
    /// Which contact the event belongs to: each tablet tool, each finger, the mouse.
    public enum Device: Hashable, Sendable {
        /// A tablet tool, by a number the program gives each one.
        case tool(Int)
        /// A finger, by the compositor's touch id.
        case touch(Int32)
        /// The mouse.
        case mouse
    }

    /// What the device did.
    public enum Phase: Equatable, Sendable {
        /// Moving without contact (a pen in proximity, a mouse with no button held).
        case hover
        /// Contact began: the pen tip or a finger touched, a mouse button went down.
        case down
        /// Moving in contact.
        case move
        /// Contact ended.
        case up
        /// The device left the window (a pen out of proximity, a mouse gone): any contact ends.
        case leave
        /// The compositor took the contact away (a system gesture): its stroke is dropped.
        case cancel
        /// A button was pressed without changing contact (a barrel button).
        case buttonPressed(Buttons)
    }

    /// Buttons held (pen barrel buttons, mouse buttons).
    public struct Buttons: OptionSet, Hashable, Sendable {
        /// The buttons as bits.
        public let rawValue: UInt8
        /// The buttons with bits `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The left mouse button.
        public static let primary = Buttons(rawValue: 1)
        /// The right mouse button.
        public static let secondary = Buttons(rawValue: 2)
        /// The middle mouse button.
        public static let middle = Buttons(rawValue: 4)
        /// The pen's lower barrel button (BTN_STYLUS): held, the pen pans or selects an image.
        public static let barrelLower = Buttons(rawValue: 8)
        /// The pen's upper barrel button (BTN_STYLUS2): pressed, it undoes.
        public static let barrelUpper = Buttons(rawValue: 16)
    }

    /// Which contact it is.
    public var device: Device
    /// What it did.
    public var phase: Phase
    /// What made the event: pen, eraser, finger, mouse…
    public var tool: ToolKind
    /// Position in window (surface) coordinates, logical pixels from the top-left.
    public var x: Double
    /// Position in window coordinates: logical pixels from the top.
    public var y: Double
    /// 0…1, nil when the device has none.
    public var pressure: Double?
    /// Degrees, −90…90.
    public var tiltX: Double?
    /// Degrees, −90…90, toward the user.
    public var tiltY: Double?
    /// Barrel rotation, degrees.
    public var rotation: Double?
    /// Hover distance, 0…1.
    public var distance: Double?
    /// The buttons held.
    public var buttons: Buttons
    /// The device's timestamp in microseconds (for the stroke's samples).
    public var time: UInt64
    /// When the event arrived, microseconds on a monotonic clock (for timeouts: palm rejection, double presses).
    public var received: UInt64
    /// The compositor's serial of the event (a window move needs it).
    public var serial: UInt32
    /// The tool's hardware serial, when it has one.
    public var hardwareSerial: UInt64?

    /// An event; everything the device does not report stays nil (pressure for a mouse, tilt for a finger).
    public init(
        device: Device, phase: Phase, tool: ToolKind, x: Double, y: Double, pressure: Double? = nil,
        tiltX: Double? = nil, tiltY: Double? = nil, rotation: Double? = nil, distance: Double? = nil,
        buttons: Buttons = [], time: UInt64 = 0, received: UInt64 = 0, serial: UInt32 = 0,
        hardwareSerial: UInt64? = nil
    ) {
        self.device = device
        self.phase = phase
        self.tool = tool
        self.x = x
        self.y = y
        self.pressure = pressure
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.rotation = rotation
        self.distance = distance
        self.buttons = buttons
        self.time = time
        self.received = received
        self.serial = serial
        self.hardwareSerial = hardwareSerial
    }

    /// Whether it came from a tablet tool (whose proximity makes touches palms).
    public var isTabletTool: Bool {
        if case .tool = device { return true }
        return false
    }
}
