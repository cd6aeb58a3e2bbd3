import MaLiangCore

/// A stroke's symmetry as the native file keeps it: "vertical X Y", "horizontal X Y", "both X Y" or
/// "radial SPOKES X Y", the centre in document pixels.
enum SymmetryText {
    static func text(_ symmetry: Symmetry) -> String {
        let center = "\(symmetry.center.x) \(symmetry.center.y)"
        switch symmetry.mode {
        case .vertical: return "vertical \(center)"
        case .horizontal: return "horizontal \(center)"
        case .both: return "both \(center)"
        case .radial(let spokes): return "radial \(spokes) \(center)"
        }
    }

    /// The symmetry `text` names, or nil when it names none that can be drawn (an unknown mode, spokes outside
    /// ``Symmetry/spokes``, a centre that is not a finite point within the coordinate limit).
    static func symmetry(_ text: String) -> Symmetry? {
        let words = text.split(separator: " ").map(String.init)
        guard let name = words.first else { return nil }
        let numbers = words.dropFirst().compactMap(Double.init)
        guard numbers.count == words.count - 1, numbers.count >= 2 else { return nil }
        let reach = -Limits.coordinate...Limits.coordinate
        let x = numbers[numbers.count - 2]
        let y = numbers[numbers.count - 1]
        guard reach.contains(x), reach.contains(y) else { return nil }
        let mode: Symmetry.Mode
        switch (name, numbers.count) {
        case ("vertical", 2): mode = .vertical
        case ("horizontal", 2): mode = .horizontal
        case ("both", 2): mode = .both
        case ("radial", 3):
            guard let spokes = Int(exactly: numbers[0]), Symmetry.spokes.contains(spokes) else { return nil }
            mode = .radial(spokes: spokes)
        default: return nil
        }
        return Symmetry(mode, center: Point(x: x, y: y))
    }
}
