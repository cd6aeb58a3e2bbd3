/// What produced an input sample. Mirrors the tool types of the Wayland tablet protocol, plus touch and mouse.
public enum ToolKind: String, Codable, Sendable, CaseIterable {
    /// A pen's tip.
    case pen
    /// A pen's eraser end, or an eraser tool.
    case eraser
    /// A tablet's brush tool.
    case brush
    /// A tablet's pencil tool.
    case pencil
    /// A tablet's airbrush tool.
    case airbrush
    /// A finger on a touchscreen (no pressure: the stroke engine simulates it from speed).
    case finger
    /// A mouse or touchpad pointer (no pressure), or a tablet's puck/lens tool.
    case mouse

    /// Whether the tool reports real pressure, as opposed to a finger or a mouse that only reports position.
    public var reportsPressure: Bool {
        switch self {
        case .pen, .eraser, .brush, .pencil, .airbrush: true
        case .finger, .mouse: false
        }
    }
}
