import MaLiangCore

/// The symmetry new strokes are painted with, as the user set it, and what is kept while it is off: the centre
/// dragged to, the spokes chosen.
public struct SymmetrySetting: Equatable, Sendable {
    /// The symmetry new strokes get; nil: off.
    public internal(set) var current: Symmetry?
    /// The spokes radial symmetry gets when it is chosen again.
    public internal(set) var spokes = 6
    /// The centre symmetry gets when it is turned on again (nil: the page's middle).
    var keptCenter: Point?

    /// The mode after `mode` in the order the toolbar button and Y step through: off, vertical, horizontal, both,
    /// radial, off.
    func mode(after mode: Symmetry.Mode?) -> Symmetry.Mode? {
        switch mode {
        case nil: .vertical
        case .vertical: .horizontal
        case .horizontal: .both
        case .both: .radial(spokes: spokes)
        case .radial: nil
        }
    }

    /// Sets the symmetry, keeping its centre and spokes for later.
    mutating func set(_ symmetry: Symmetry?) {
        current = symmetry
        guard let symmetry else { return }
        keptCenter = symmetry.center
        if case .radial(let count) = symmetry.mode { spokes = count }
    }
}
