import Foundation

/// What a tablet pad's button does.
public enum PadButtonAction: String, Codable, CaseIterable, Sendable {
    case none, undo, redo, smaller, larger, eraser, pickColor, mirrorView, resetView, toggleToolbar, fullscreen

    /// The command it performs; nil for none.
    public var command: Command? {
        switch self {
        case .none: nil
        case .undo: .undo
        case .redo: .redo
        case .smaller: .smaller
        case .larger: .larger
        case .eraser: .eraser
        case .pickColor: .pickColor
        case .mirrorView: .mirrorView
        case .resetView: .resetView
        case .toggleToolbar: .toggleToolbar
        case .fullscreen: .fullscreen
        }
    }

    /// Its name, as the desktop's on-screen display and the panel show it.
    public var name: String {
        switch self {
        case .none: "Nothing"
        case .undo: "Undo"
        case .redo: "Redo"
        case .smaller: "Smaller brush"
        case .larger: "Larger brush"
        case .eraser: "Eraser"
        case .pickColor: "Pick a colour"
        case .mirrorView: "Mirror the view"
        case .resetView: "Whole drawing"
        case .toggleToolbar: "Hide the toolbar"
        case .fullscreen: "Fullscreen"
        }
    }
}

/// What turning a pad's ring or sliding along its strip changes, a step at a time.
public enum PadDialAction: String, Codable, CaseIterable, Sendable {
    case none, brushSize, zoom, rotateView, opacity

    public var name: String {
        switch self {
        case .none: "Nothing"
        case .brushSize: "Brush size"
        case .zoom: "Zoom"
        case .rotateView: "Turn the view"
        case .opacity: "Brush opacity"
        }
    }
}

/// What a pad's controls do: each button's action, and the rings' and strips' action in each mode (a pad's mode
/// button switches among them, as on Wacom's Intuos Pro ring). Kept per tablet.
public struct PadMapping: Codable, Equatable, Sendable {
    /// By button index; buttons past the end do nothing.
    public var buttons: [PadButtonAction]
    /// By mode; a mode past the end takes the list's modes over again.
    public var rings: [PadDialAction]
    public var strips: [PadDialAction]

    public static let standard = PadMapping(
        buttons: [.undo, .redo, .smaller, .larger, .eraser, .mirrorView, .resetView, .toggleToolbar],
        rings: [.brushSize, .zoom, .rotateView, .opacity], strips: [.zoom, .brushSize, .rotateView, .opacity])

    public init(buttons: [PadButtonAction], rings: [PadDialAction], strips: [PadDialAction]) {
        self.buttons = buttons
        self.rings = rings
        self.strips = strips
    }

    /// An action a later version added, or a damaged one, does nothing; the rest of the mapping stands.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func actions<Action: RawRepresentable<String>>(_ key: CodingKeys, _ none: Action) -> [Action] {
            let names = (try? container.decode([String?].self, forKey: key)) ?? []
            return names.prefix(64).map { $0.flatMap(Action.init(rawValue:)) ?? none }
        }
        buttons = actions(.buttons, PadButtonAction.none)
        rings = actions(.rings, PadDialAction.none)
        strips = actions(.strips, PadDialAction.none)
    }

    public func button(_ index: Int) -> PadButtonAction {
        buttons.indices.contains(index) ? buttons[index] : .none
    }

    public func ring(mode: Int) -> PadDialAction { Self.pick(rings, mode) }
    public func strip(mode: Int) -> PadDialAction { Self.pick(strips, mode) }

    private static func pick(_ actions: [PadDialAction], _ mode: Int) -> PadDialAction {
        actions.isEmpty ? .none : actions[((mode % actions.count) + actions.count) % actions.count]
    }
}

/// Turns a ring's angles or a strip's positions into whole steps: a step per ``ringStep`` degrees turned (either
/// way round, across north) or per ``stripStep`` of a strip's length; what is left over waits for the next event,
/// and a lifted finger (stop) starts afresh.
public struct PadDial: Sendable {
    public static let ringStep = 15.0
    /// Of the strip's 0…65535.
    public static let stripStep = 4096.0

    private var last: Double?
    private var carried = 0.0

    public init() {}

    /// The steps since the last angle (degrees, clockwise from the top): positive clockwise.
    public mutating func turn(to degrees: Double) -> Int {
        guard degrees.isFinite else { return 0 }
        defer { last = degrees }
        guard let last else { return 0 }
        var delta = (degrees - last).truncatingRemainder(dividingBy: 360)
        if delta > 180 { delta -= 360 } else if delta <= -180 { delta += 360 }
        return take(delta / Self.ringStep)
    }

    /// The steps since the last position (0…65535): positive towards the end (down or right).
    public mutating func slide(to position: Double) -> Int {
        guard position.isFinite else { return 0 }
        defer { last = position }
        guard let last else { return 0 }
        return take((position - last) / Self.stripStep)
    }

    /// The finger left: the next angle or position starts afresh.
    public mutating func stop() {
        last = nil
        carried = 0
    }

    private mutating func take(_ steps: Double) -> Int {
        carried += steps
        // A hair over the rounding of sums of thirds, so 5° + 10° is a whole step.
        let whole = Int((carried + (carried < 0 ? -1e-9 : 1e-9)).rounded(.towardZero))
        carried -= Double(whole)
        return whole
    }
}

extension EditingSession {
    /// `steps` of `action` from a pad's ring or strip: positive is larger, closer, clockwise, more opaque.
    public func turnDial(_ action: PadDialAction, steps: Int) -> Effects {
        var effects = Effects()
        guard steps != 0 else { return effects }
        let centre = (window.bufferWidth / 2, (window.bufferHeight + toolbarHeight * window.scale) / 2)
        switch action {
        case .none: break
        case .brushSize, .opacity:
            let command: Command =
                action == .brushSize ? (steps > 0 ? .larger : .smaller) : (steps > 0 ? .darker : .lighter)
            for _ in 0..<min(abs(steps), 24) { effects.append(perform(command)) }
        case .zoom: effects = zoom(by: pow(1.1, Double(steps)), aboutX: centre.0, y: centre.1)
        case .rotateView: effects = rotate(by: Double(steps) * .pi / 12, aboutX: centre.0, y: centre.1)
        }
        return effects
    }
}
