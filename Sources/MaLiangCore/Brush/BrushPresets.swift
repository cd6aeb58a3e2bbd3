/// The built-in brushes, by name. Textured ones use the masks the renderer makes ("pencil-grain", "chalk",
/// "marker").
public enum BrushPresets {
    /// The built-in brushes' names, as ``brush(named:color:)`` knows them.
    public static let names = ["pen", "pencil", "marker", "airbrush", "chalk", "glow", "eraser", "default"]

    /// The built-in brush called `name` in `color`, or nil for a name that is not built in.
    public static func brush(named name: String, color: Color = .black) -> AnyBrush? {
        switch name {
        case "pen":
            .brush(
                Brush(
                    name: "pen", hardness: 0.9, opacity: 1, pointSize: 6, pointStep: 0.1, spacingRelativeToSize: true,
                    forceSensitive: 1,
                    pressureCurve: PressureCurve(points: [
                        .init(pressure: 0, value: 0.15), .init(pressure: 1, value: 1),
                    ]), color: color))
        case "pencil":
            .brush(
                Brush(
                    name: "pencil", textureID: "pencil-grain", opacity: 0.85, flow: 0.6, pointSize: 3.5,
                    pointStep: 0.15,
                    spacingRelativeToSize: true, forceSensitive: 0.6, pressureControlsFlow: true, color: color,
                    rotation: .random, grain: 0.8))
        case "marker":
            .brush(
                Brush(
                    name: "marker", textureID: "marker", opacity: 0.5, pointSize: 18, pointStep: 0.08,
                    spacingRelativeToSize: true, color: color,
                    rotation: .fixed(-0.6)))
        case "airbrush":
            .brush(
                Brush(
                    // A fine spray: 60 px turned a drawing into blobs.
                    name: "airbrush", hardness: 0, opacity: 1, flow: 0.06, pointSize: 24, pointStep: 0.08,
                    spacingRelativeToSize: true,
                    pressureControlsFlow: true, color: color))
        case "chalk":
            .brush(
                Brush(
                    name: "chalk", textureID: "chalk", opacity: 0.9, flow: 0.8, pointSize: 22, pointStep: 0.2,
                    spacingRelativeToSize: true,
                    forceSensitive: 0.5, color: color, rotation: .random, grain: 0.8))
        case "glow":
            .glowing(
                GlowingBrush(
                    brush: Brush(
                        // Spaced by the halo, the core (0.3 of it) needs steps of 0.04 to show no beads at 4×.
                        name: "glow", hardness: 0, opacity: 0.9, pointSize: 26, pointStep: 0.04,
                        spacingRelativeToSize: true,
                        color: color == .black ? Color(red: 0.1, green: 0.6, blue: 1) : color),
                    coreProportion: 0.3))
        case "eraser":
            .eraser(
                Eraser(
                    brush: Brush(
                        name: "eraser", hardness: 0.8, opacity: 1, pointSize: 24, pointStep: 0.1,
                        spacingRelativeToSize: true)))
        case "default":
            .brush(Brush(name: "default"))
        default:
            nil
        }
    }
}
