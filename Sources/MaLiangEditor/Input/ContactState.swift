import MaLiangCore

/// What the input router knows between events: what each contact (a pen tip, a finger, a mouse button) is doing,
/// the fingers' gestures, which tools are near the tablet (palm rejection), and what a press means by when it came.
struct ContactState {
    var contacts: [InputEvent.Device: EditingSession.Contact] = [:]
    var touches = TouchTracker()
    /// Two, three or four fingers tapping.
    var taps = FingerTaps()
    var toolsInProximity: Set<InputEvent.Device> = []
    /// When the last pen left proximity (µs), for palm rejection's tail.
    var lastPenLeft: UInt64?
    /// When our own title bar was last pressed (µs), for a double press.
    var lastTitlePress: UInt64?
    /// Space is held: the mouse pans.
    var spaceHeld = false
    /// Shift is held: a selection's corner scales freely, its handle turns by steps.
    var shiftHeld = false
    /// Fingers that came down while a corner or the turning handle was dragged: they act as Shift.
    var modifierFingers: Set<Int32> = []
    /// A selection's corner scales freely and its handle turns by steps (Shift, or a second finger).
    var freeTransform: Bool { shiftHeld || !modifierFingers.isEmpty }
    /// Two fingers are moving the selected image.
    var fingersOnChartlet = false

    /// Notes a tablet tool coming near or going.
    mutating func noteProximity(_ event: InputEvent) {
        switch event.phase {
        case .leave, .cancel:
            if toolsInProximity.remove(event.device) != nil { lastPenLeft = event.received }
        default:
            toolsInProximity.insert(event.device)
        }
    }

    /// Whether touches are palms: a pen is in proximity, or left it less than half a second ago.
    func penActive(at now: UInt64) -> Bool {
        if !toolsInProximity.isEmpty { return true }
        guard let lastPenLeft else { return false }
        return now >= lastPenLeft && now - lastPenLeft < TouchTracker.penTail
    }
}
