import Foundation
import MaLiangEditor
import MaLiangStore

/// What the toolbar's buttons do and the keys that do the same, in words: their tooltips.
enum ToolbarWords {
    static let colorNames = ["Black", "Red", "Yellow", "Green", "Blue", "White"]

    static func tooltip(for action: ToolbarLayout.Action) -> String {
        switch action {
        case .brush(let index) where index == BrushStyle.eraserIndex: "Eraser (E, or the pen's eraser end)"
        case .brush(let index) where index == BrushStyle.stickersIndex:
            "Stickers: the drawing's images along the stroke (\(index + 1))"
        case .brush(let index):
            "\(BrushStyle.presets[index].prefix(1).uppercased())\(BrushStyle.presets[index].dropFirst()) (\(index + 1))"
        case .color(let index): colorNames.indices.contains(index) ? colorNames[index] : "Colour"
        case .picker: "Take a colour from the drawing"
        case .colorWheel: "Colours: a wheel, a hex value (type it), the colours painted with lately"
        case .brushEditor: "Brush settings: size, stamp, pressure curve, saved brushes (F5)"
        case .smaller: "Smaller brush ([)"
        case .larger: "Larger brush (])"
        case .lighter: "Lighter"
        case .darker: "Darker"
        case .undo: "Undo (Ctrl+Z)"
        case .redo: "Redo (Ctrl+Shift+Z)"
        case .fit: "Show the whole drawing (0)"
        case .mirrorView: "Mirror the view left to right, to check proportions; the drawing is unchanged (H)"
        case .symmetry:
            "Symmetry for new strokes: off, vertical, horizontal, both, radial (Y; , and . change the spokes)"
        case .select:
            "Select strokes and images to move, scale, turn, flip or delete (S; R rectangle or lasso, T touched or enclosed)"
        case .fill:
            "Fill a closed shape with the colour (G; T this layer or all layers, R the gaps it closes)"
        case .layers: "Layers: new, copy, delete, order, show, lock, opacity, blend (F6)"
        case .export: "Export as PNG, OpenRaster or a time-lapse video… (Ctrl+Shift+E)"
        case .timeLapse: "Export a time-lapse: a video of the drawing being made, stroke by stroke…"
        case .newDocument: "New drawing: its size and paper, in a new window (Ctrl+N)"
        case .open: "Open a drawing… (Ctrl+O)"
        case .saveAs: "Save as… (Ctrl+Shift+S)"
        case .minimize: "Minimise"
        case .maximize: "Maximise, or back (a double press on the toolbar does the same)"
        case .close: "Close"
        case .help: "Keyboard shortcuts and gestures (F1 or ?)"
        case .pad: "The tablet pad: what its buttons, ring and strip do"
        case .more: "Menu: new, open, save as, export, time-lapse, help, and what the toolbar has no room for (F10)"
        }
    }

    /// The menu's title row: the drawing's name and whether everything is in its file.
    static func title(for document: URL, saving: SaveQueue.State) -> (name: String, saving: String) {
        let state =
            switch saving {
            case .saved: "all saved"
            case .waiting(let edits, _): edits == 1 ? "1 change not saved" : "\(edits) changes not saved"
            }
        return (document.deletingPathExtension().lastPathComponent, state)
    }

    /// A worded row of the menu: what it does and the key that does the same, if any.
    static func menuEntry(for action: ToolbarLayout.Action) -> (words: String, shortcut: String?) {
        switch action {
        case .newDocument: ("New drawing…", "Ctrl+N")
        case .open: ("Open…", "Ctrl+O")
        case .saveAs: ("Save as…", "Ctrl+Shift+S")
        case .export: ("Export…", "Ctrl+Shift+E")
        case .timeLapse: ("Export a time-lapse…", nil)
        case .help: ("Keyboard shortcuts", "F1")
        case .pad: ("Tablet pad…", nil)
        case .picker: ("Take a colour from the drawing", nil)
        case .colorWheel: ("Colours…", nil)
        case .brushEditor: ("Brush settings…", "F5")
        case .layers: ("Layers…", "F6")
        case .select: ("Select", "S")
        case .fill: ("Fill", "G")
        case .undo: ("Undo", "Ctrl+Z")
        case .redo: ("Redo", "Ctrl+Shift+Z")
        case .fit: ("Show the whole drawing", "0")
        case .mirrorView: ("Mirror the view", "H")
        case .symmetry: ("Symmetry: next mode", "Y")
        case .minimize: ("Minimise", nil)
        case .maximize: ("Maximise", nil)
        case .close: ("Close", nil)
        case .more: ("Menu", "F10")
        case .brush, .color, .smaller, .larger, .lighter, .darker:
            (tooltip(for: action), nil)
        }
    }

    /// The brush's size and opacity (when it has them) and the zoom — drawing pixels per screen pixel — in words.
    struct Readout: Equatable {
        var size: String?
        var opacity: String?
        var zoom = ""

        init() {}

        /// `mirrored`: the view shows the drawing mirrored, said beside the zoom.
        init(size: Double?, opacity: Double?, zoom: Double, mirrored: Bool = false) {
            self.size = size.map { ($0 < 10 ? String(format: "%.1f", $0) : String(Int($0.rounded()))) + " px" }
            self.opacity = opacity.map { "\(Int(($0 * 100).rounded())) %" }
            self.zoom = "zoom \(Int((zoom * 100).rounded())) %" + (mirrored ? " · mirrored" : "")
        }

        /// Two short lines for beside the buttons: "6.0 px · 100 %" over "zoom 50 %".
        var lines: [String] {
            [[size, opacity].compactMap { $0 }.joined(separator: " · "), zoom].filter { !$0.isEmpty }
        }
    }

    /// The tooltip with the value the button changes, where it has one ("Larger brush (]) — 6.0 px"): the values are
    /// there even when the toolbar has no room to show them beside its buttons.
    static func tooltip(for action: ToolbarLayout.Action, readout: Readout) -> String {
        let value: String? =
            switch action {
            case .smaller, .larger: readout.size
            case .lighter, .darker: readout.opacity
            case .fit: readout.zoom
            default: nil
            }
        return tooltip(for: action) + (value.map { " — \($0)" } ?? "")
    }
}
