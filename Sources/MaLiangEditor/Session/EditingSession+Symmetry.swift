import Foundation
import MaLiangCore

/// Symmetry: each new stroke paints its mirrored or turned copies as it goes, all one stroke and one undo step. The
/// guide's centre is dragged by the mouse, a finger, or the pen with its lower button.
extension EditingSession {
    /// The symmetry new strokes are painted with; nil: off.
    public var symmetry: Symmetry? { symmetrySetting.current }

    /// Sets the symmetry new strokes are painted with (nil: off); strokes already drawn keep theirs. A centre that is
    /// not finite, or beyond the coordinate limit, is brought within it.
    public func setSymmetry(_ symmetry: Symmetry?) -> Effects {
        var effects = Effects()
        let reach = -Limits.coordinate...Limits.coordinate
        let kept = symmetry.map {
            Symmetry(
                $0.mode,
                center: Point(x: Limits.clamp($0.center.x, to: reach), y: Limits.clamp($0.center.y, to: reach)))
        }
        guard kept != symmetrySetting.current else { return effects }
        symmetrySetting.set(kept)
        effects.redraw = true
        return effects
    }

    /// The next symmetry mode (off, vertical, horizontal, both, radial, off), about the centre last used, or else
    /// the page's middle when it is in view and the middle of the view when it is not; says which.
    func nextSymmetryMode() -> Effects {
        let mode = symmetrySetting.mode(after: symmetry?.mode)
        let center = symmetrySetting.keptCenter ?? firstSymmetryCenter
        var effects = setSymmetry(mode.map { Symmetry($0, center: center) })
        effects.messages.append(StatusMessage(.info, symmetryWords))
        return effects
    }

    /// Where symmetry is first centred: the page's middle if the canvas area shows it, else the middle of the view.
    private var firstSymmetryCenter: Point {
        let middle = Point(x: document.size.width / 2, y: document.size.height / 2)
        let (x, y) = view.apply(middle.x, middle.y)
        let shown =
            x >= 0 && x <= window.bufferWidth && y >= toolbarHeight * window.scale && y <= window.bufferHeight
        return shown ? middle : centerOfView
    }

    /// One spoke more or fewer for radial symmetry (2…12); nothing in the other modes.
    func changeSpokes(by step: Int) -> Effects {
        guard let symmetry, case .radial(let spokes) = symmetry.mode else { return Effects() }
        var effects = setSymmetry(Symmetry(.radial(spokes: spokes + step), center: symmetry.center))
        effects.messages.append(StatusMessage(.info, symmetryWords))
        return effects
    }

    /// What the symmetry is now, and how to change it, in words.
    private var symmetryWords: String {
        guard let symmetry else { return "Symmetry off (Y turns it on)" }
        let spokes = if case .radial = symmetry.mode { "; , and . for fewer or more spokes" } else { "" }
        return "Symmetry: \(symmetry.name) (Y for the next\(spokes); drag its centre to move it)"
    }

    // MARK: - The centre

    /// Logical pixels from the guide's centre within which a press takes it: a fingertip's reach for a finger.
    static func symmetryHandleReach(for tool: ToolKind) -> Double { tool == .finger ? 22 : 12 }

    /// Where the guide's centre is in the window, logical pixels; nil with symmetry off.
    public var symmetryCenterInWindow: (x: Double, y: Double)? {
        guard let center = symmetry?.center else { return nil }
        let (x, y) = view.apply(center.x, center.y)
        return (x / window.scale, y / window.scale)
    }

    /// A press that takes the guide's centre: the mouse or a finger on it, or the pen on it with its lower button
    /// (the pen's tip alone paints there, so a stroke can start at the centre). Gives the centre's offset from the
    /// press, document pixels.
    func grabSymmetryCenter(_ event: InputEvent) -> (dx: Double, dy: Double)? {
        guard let center = symmetry?.center, let shown = symmetryCenterInWindow else { return nil }
        let penOnIt = event.buttons.contains(.barrelLower) || event.tool == .mouse || event.tool == .finger
        let reach = Self.symmetryHandleReach(for: event.tool)
        guard penOnIt, hypot(event.x - shown.x, event.y - shown.y) <= reach else { return nil }
        let point = documentPoint(x: event.x, y: event.y)
        return (center.x - point.x, center.y - point.y)
    }

    /// Moves the guide's centre with the contact holding it.
    func moveSymmetryCenter(_ event: InputEvent, offset: (dx: Double, dy: Double)) -> Effects {
        guard let symmetry else { return Effects() }
        let point = documentPoint(x: event.x, y: event.y)
        return setSymmetry(Symmetry(symmetry.mode, center: Point(x: point.x + offset.dx, y: point.y + offset.dy)))
    }
}
