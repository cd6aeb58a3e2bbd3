/// How large the panels' controls are: sized for a pen or a mouse, or — after a finger's tap — for a finger.
///
/// The GNOME HIG asks 44×44 logical pixels of every touch target, which would make a pen's panels twice as tall
/// as they need be; so the size follows the last input, as on a convertible laptop, and a change takes effect when
/// the contact that caused it lifts (the press lands on the controls it saw).
public enum ControlSize: String, Codable, Equatable, Sendable {
    /// For a pen or a mouse: compact rows and choices.
    case pointer
    /// For a finger: every control at least ``fingerTarget`` on each side.
    case touch

    /// The least a control measures on each side for a finger, logical pixels.
    public static let fingerTarget = 44.0

    /// `pointer` for a pen or a mouse, `touch` for a finger.
    func pick(_ pointer: Double, _ touch: Double) -> Double { self == .touch ? touch : pointer }
    func pick(_ pointer: Int, _ touch: Int) -> Int { self == .touch ? touch : pointer }
}
