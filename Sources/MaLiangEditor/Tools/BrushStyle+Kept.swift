import MaLiangCore

extension BrushStyle {
    /// What is kept between sessions: the toolbar brush chosen, the colour, and each toolbar brush as it was set
    /// (size, opacity, the brush editor's changes) with the saved brush it came from. Keyed by the brushes' names,
    /// so a kept style still fits when the toolbar gains a brush.
    public struct Kept: Codable, Equatable, Sendable {
        /// The toolbar brush chosen, by name.
        public var chosen: String
        /// The colour painted with.
        public var color: Color
        /// Each toolbar brush as set, by name.
        public var brushes: [String: AnyBrush]
        /// The saved brush each toolbar brush was last set from, by the toolbar brush's name.
        public var savedNames: [String: String]
    }

    /// This style, to keep.
    public var kept: Kept {
        Kept(
            chosen: Self.presets[preset], color: color,
            brushes: Dictionary(uniqueKeysWithValues: zip(Self.presets, slots)),
            savedNames: Dictionary(uniqueKeysWithValues: savedNames.map { (Self.presets[$0.key], $0.value) }))
    }

    /// The style `kept`, on top of this one: names it does not know are left out, brushes of another kind than
    /// the toolbar's (an eraser kept as the pen) are refused, sizes and opacities held within their limits.
    public mutating func restore(_ kept: Kept) {
        for (index, name) in Self.presets.enumerated() {
            guard let brush = kept.brushes[name], Self.sameKind(brush, slots[index]) else { continue }
            setSlot(index, brush)
            savedNames[index] = kept.savedNames[name]
        }
        if let index = Self.presets.firstIndex(of: kept.chosen) { preset = index }
        let channels = [kept.color.red, kept.color.green, kept.color.blue]
        if channels.allSatisfy({ $0.isFinite && (0...1).contains($0) }) {
            color = Color(red: channels[0], green: channels[1], blue: channels[2])
        }
    }

    private static func sameKind(_ a: AnyBrush, _ b: AnyBrush) -> Bool {
        switch (a, b) {
        case (.brush, .brush), (.glowing, .glowing), (.eraser, .eraser), (.chartlet, .chartlet): true
        default: false
        }
    }
}

extension EditingSession {
    /// Takes up the brushes and colour of an earlier session.
    public func restoreStyle(_ kept: BrushStyle.Kept) { style.restore(kept) }
}
