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
        /// The tool and its settings, and the panels' size; nil in a file from before they were kept.
        public var tools: KeptTools?
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

/// The tools as a session left them: the tool chosen (paint, select, fill), how the fill and the selection work,
/// and whether the panels were a finger's.
public struct KeptTools: Codable, Equatable, Sendable {
    public var tool: CanvasTool
    public var fill: FillSettings
    public var selection: SelectionSetting
    public var controls: ControlSize

    public init(
        tool: CanvasTool = .paint, fill: FillSettings = FillSettings(),
        selection: SelectionSetting = SelectionSetting(),
        controls: ControlSize = .pointer
    ) {
        self.tool = tool
        self.fill = fill
        self.selection = selection
        self.controls = controls
    }

    /// Each value that cannot be read (a tool a later version added, a damaged number) is left at its default alone,
    /// so one bad value never costs the brushes kept beside it.
    public init(from decoder: any Decoder) throws {
        let defaults = KeptTools()
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            self = defaults
            return
        }
        tool = (try? container.decode(CanvasTool.self, forKey: .tool)) ?? defaults.tool
        fill = (try? container.decode(FillSettings.self, forKey: .fill)) ?? defaults.fill
        selection = (try? container.decode(SelectionSetting.self, forKey: .selection)) ?? defaults.selection
        controls = (try? container.decode(ControlSize.self, forKey: .controls)) ?? defaults.controls
    }
}

extension EditingSession {
    /// What the next session takes up: the brushes, the colour, the tool and its settings, the panels' size.
    public var keptBetweenSessions: BrushStyle.Kept {
        var kept = style.kept
        kept.tools = KeptTools(
            tool: tool, fill: fillSetting, selection: selecting.setting, controls: panels.controls)
        return kept
    }

    /// Takes up the brushes, colour and tools of an earlier session (the fill's settings held within their
    /// limits).
    public func restoreStyle(_ kept: BrushStyle.Kept) {
        style.restore(kept)
        guard let tools = kept.tools else { return }
        tool = tools.tool
        let fill = tools.fill
        fillSetting = FillSettings(
            tolerance: fill.tolerance, gapClosing: fill.gapClosing, grow: fill.grow, allLayers: fill.allLayers)
        selecting.setting = tools.selection
        panels.fit.controls = tools.controls
    }
}
