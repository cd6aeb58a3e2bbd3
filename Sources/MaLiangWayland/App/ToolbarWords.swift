import MaLiangEditor

/// What the toolbar's buttons do and the keys that do the same, in words: their tooltips.
enum ToolbarWords {
    static let colorNames = ["Black", "Red", "Orange", "Yellow", "Green", "Blue", "Purple", "White"]

    static func tooltip(for action: ToolbarLayout.Action) -> String {
        switch action {
        case .brush(let index) where index == BrushStyle.eraserIndex: "Eraser (E, or the pen's eraser end)"
        case .brush(let index) where index == BrushStyle.stickersIndex:
            "Stickers: the drawing's images along the stroke (\(index + 1))"
        case .brush(let index):
            "\(BrushStyle.presets[index].prefix(1).uppercased())\(BrushStyle.presets[index].dropFirst()) (\(index + 1))"
        case .color(let index): colorNames.indices.contains(index) ? colorNames[index] : "Colour"
        case .picker: "Take a colour from the drawing"
        case .smaller: "Smaller brush ([)"
        case .larger: "Larger brush (])"
        case .lighter: "Lighter"
        case .darker: "Darker"
        case .undo: "Undo (Ctrl+Z)"
        case .redo: "Redo (Ctrl+Shift+Z)"
        case .fit: "Show the whole drawing (0)"
        case .export: "Export as PNG (Ctrl+Shift+E)"
        case .minimize: "Minimise"
        case .maximize: "Maximise, or back (a double press on the toolbar does the same)"
        case .close: "Close"
        case .more: "More tools"
        }
    }

    /// The brush's size and opacity (when it has them) and the zoom — drawing pixels per screen pixel — for the
    /// toolbar's readout, two short lines: "6.0 px · 100 %" over "zoom 50 %".
    static func readout(size: Double?, opacity: Double?, zoom: Double) -> [String] {
        var brush: [String] = []
        if let size { brush.append((size < 10 ? String(format: "%.1f", size) : String(Int(size.rounded()))) + " px") }
        if let opacity { brush.append("\(Int((opacity * 100).rounded())) %") }
        return [brush.joined(separator: " · "), "zoom \(Int((zoom * 100).rounded())) %"].filter { !$0.isEmpty }
    }
}
